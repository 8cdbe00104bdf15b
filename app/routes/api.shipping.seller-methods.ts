import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { apiError, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { sellerShipMethods } from '~/modules/shipping/seller-shipping.server';
import { shipItemsSchema } from '~/modules/shipping/ship-methods';

/**
 * Spec section 7, seller shipping methods: POST { zipcode, items: [{ productId, quantity }] } →
 * { shipMethods, errors, expiry }; 206 when some items have no estimate (spec section 8).
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readJsonBody(request, shipItemsSchema);
  const shopper = await loadShopper(request);
  const result = await sellerShipMethods(body);
  if (!result.ok) return apiError(result.status, result.code, result.message);
  const { shipMethods, errors, expiry } = result;
  return json(
    { shipMethods, errors, expiry },
    { status: result.status, headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export async function loader() {
  return apiError(405, 'METHOD_NOT_ALLOWED', 'POST the items and a ZIP code to estimate shipping.');
}
