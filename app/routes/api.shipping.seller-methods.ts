import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { loadShopper } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { apiError, methodNotAllowed, readJsonBody, withHeaders } from '~/modules/http/api.server';
import { sellerShipMethods } from '~/modules/shipping/seller-shipping.server';
import { shippingZip } from '~/modules/shipping/shipping-estimates.server';
import { shipItemsSchema } from '~/modules/shipping/ship-methods';
import { apiRoute } from '~/modules/http/api.server';

/** The items request, or the cart request: the shopper's own cart (and, unless given, their shipping ZIP). */
const Body = z.union([
  shipItemsSchema,
  z.object({
    cart: z.literal(true),
    zipcode: shipItemsSchema.shape.zipcode.optional(),
  }),
]);

/**
 * Spec section 7, seller shipping methods: POST { zipcode, items: [{ productId, quantity }] } or
 * { cart: true[, zipcode] } → { shipMethods, errors, expiry }; 206 when some items have no estimate
 * (spec section 8).
 */
async function actionHandler({ request }: ActionFunctionArgs) {
  const shopper = await loadShopper(request);
  const body = await readJsonBody(request, Body);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  let items = 'items' in body ? body.items : null;
  let zipcode = body.zipcode ?? null;
  if (!items) {
    const cart = await shopperCart(request, shopper);
    for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
    const view = await cartView({
      cartId: cart.cartId,
      customerId: cart.owner.customerId,
      bannerId: cart.owner.bannerId,
      store: cart.store,
      preference: cart.preference,
    });
    items = view.shippedLines
      .filter((line) => line.kind === 'marketplace')
      .map((line) => ({ productId: line.productId, quantity: line.quantity }));
    zipcode ??= await shippingZip(request, shopper);
  }
  if (!zipcode) return apiError(422, 'NO_ZIP', 'Enter your ZIP code to see when it arrives.');
  if (items.length === 0) return apiError(422, 'NO_ITEMS', 'There are no marketplace items to estimate.');
  const result = await sellerShipMethods({ zipcode, items });
  if (!result.ok) return apiError(result.status, result.code, result.message);
  const { shipMethods, errors, expiry } = result;
  return json({ shipMethods, errors, expiry }, { status: result.status, headers });
}

async function loaderHandler() {
  return methodNotAllowed('POST', 'POST the items and a ZIP code to estimate shipping.');
}

export const loader = apiRoute(loaderHandler);
export const action = apiRoute(actionHandler);
