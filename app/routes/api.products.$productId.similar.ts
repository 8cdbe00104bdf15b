import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { catalogQuery, productIdOf, similarProducts } from '~/modules/catalog/catalog-api.server';
import { apiRoute, withHeaders } from '~/modules/http/api.server';

/**
 * Spec section 7, similar products: GET /api/products/{productId}/similar[?storeId=] — other brands and sizes of
 * the same shelf item, then the aisle's best sellers, priced like the product price call. Anyone may ask.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const productId = productIdOf(params.productId);
  const { storeId } = catalogQuery(request);
  const shopper = await loadShopper(request);
  const similar = await similarProducts(shopper, productId, storeId);
  return json(similar, {
    headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' }),
  });
}

export const loader = apiRoute(loaderHandler);
