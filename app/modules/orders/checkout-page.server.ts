/**
 * What the checkout page shows, in one place: the cart, the held time, its fee, the promo code, addresses
 * with their delivery instructions, cards, EBT cards, the SNAP-eligible part and the tip choices.
 */
import { cartView } from '~/modules/cart/cart-view.server';
import type { Store } from '~/modules/stores/stores.server';
import { heldSlot } from '~/modules/slots/slots.server';
import { deliveryFeeFor } from '~/modules/subscriptions/subscriptions.server';
import { customerAddresses, customerTenders } from './checkout.server';
import { customerEbtCards } from './checkout-payment.server';
import { ebtEligibleCents } from './ebt-split';
import type { OrderCustomer } from './order-rules';
import { checkoutPromo } from './promo-codes.server';
import { defaultTipPercent, TIP_PERCENTS, tipCapCents, tipFromPercent } from './tip-rules';

export async function checkoutPage(
  customer: OrderCustomer,
  cart: { cartId: string | null; store: Store; preference: string | null },
) {
  const [view, held, addresses, tenders, ebtCards] = await Promise.all([
    cartView({
      cartId: cart.cartId,
      customerId: customer.customerId,
      bannerId: customer.bannerId,
      store: cart.store,
      preference: cart.preference,
    }),
    heldSlot(cart.cartId, cart.store.timezone),
    customerAddresses(customer),
    customerTenders(customer.customerId),
    customerEbtCards(customer.customerId),
  ]);
  const [fee, promo] = await Promise.all([
    held ? deliveryFeeFor(customer, held, view.totalCents) : null,
    checkoutPromo(customer, cart.cartId, view.totalCents),
  ]);
  const promoCents = promo?.discountCents ?? 0;
  const basketCents = view.totalCents - promoCents;
  const buyable = view.lines.filter((line) => line.available);
  const delivery = held !== null && held.kind !== 'pickup';
  const percent = defaultTipPercent(customer.bannerId);
  return {
    cart: view,
    held,
    fee,
    promo,
    addresses,
    tenders,
    ebtCards,
    ebtEligibleCents: ebtEligibleCents(buyable, promoCents),
    tip: delivery
      ? {
          defaultPercent: percent,
          defaultCents: tipFromPercent(percent, basketCents),
          capCents: tipCapCents(basketCents),
          choices: TIP_PERCENTS.map((choice) => ({ percent: choice, cents: tipFromPercent(choice, basketCents) })),
        }
      : null,
  };
}
export type CheckoutPageData = Awaited<ReturnType<typeof checkoutPage>>;
