import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { loadShopper } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { withHeaders } from '~/modules/http/api.server';
import { heldSlot } from '~/modules/slots/slots.server';
import { apiRoute } from '~/modules/http/api.server';

/** Spec section 7: selected slot — the window held for the shopper's cart, or null. */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const cart = await shopperCart(request, shopper);
  const held = await heldSlot(cart.cartId, cart.store.timezone);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'no-store' });
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  return json(
    {
      selectedSlot: held
        ? {
            slotId: held.slotId,
            slotType: held.kind,
            startTime: held.startsAt,
            endTime: held.endsAt,
            label: held.label,
            feeCents: held.feeCents,
            storeId: String(held.storeId),
            expiresAt: held.expiresAt,
          }
        : null,
    },
    { headers },
  );
}

export const loader = apiRoute(loaderHandler);
