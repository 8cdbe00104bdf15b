import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { catalogQuery, productIdOf, productPrice } from '~/modules/catalog/catalog-api.server';
import { apiRoute, withHeaders } from '~/modules/http/api.server';

/**
 * Spec section 7, product price: GET /api/products/{productId}/price[?storeId=] — the price at the store asked for
 * (one of this banner's) or at the shopper's own store, in the shopper's price tier. Anyone may ask.
 */
async function loaderHandler({ request, params }: LoaderFunctionArgs) {
  const productId = productIdOf(params.productId);
  const { storeId } = catalogQuery(request);
  const shopper = await loadShopper(request);
  const price = await productPrice(shopper, productId, storeId);
  return json(price, {
    headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' }),
  });
}

export const loader = apiRoute(loaderHandler);
