import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { parseForm } from '~/modules/http/forms.server';
import { originOf } from '~/modules/http/request-origin';
import { checkoutFormSchema, ORDER_REFUSALS } from '~/modules/orders/order-rules';
import { orderCustomer, orderNumberCookie } from '~/modules/orders/order-session.server';
import { placedOrderCount } from '~/modules/orders/order-history.server';
import { receiptsOnboardingCookie } from '~/modules/identity/first-login.server';
import {
  addAddress,
  addTender,
  customerAddresses,
  customerTenders,
  placeOrder,
} from '~/modules/orders/checkout.server';
import { applyPromoCode, checkoutPromo, removePromoCode } from '~/modules/orders/promo-codes.server';
import { PROMO_CODE_MAX } from '~/modules/orders/promo-rules';
import { SLOT_KIND_LABELS } from '~/modules/slots/slot-rules';
import { heldSlot } from '~/modules/slots/slots.server';
import { deliveryFeeFor } from '~/modules/subscriptions/subscriptions.server';
import { AddCardForm, NoChargeNote, SavedCardChoice } from '~/components/SavedCards';

/** Checkout (signed-in customers): address, reserved time, saved card, review, place the order. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const cart = await shopperCart(request, shopper);
  const [view, held, addresses, tenders] = await Promise.all([
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
  ]);
  const [fee, promo] = await Promise.all([
    held ? deliveryFeeFor(customer, held, view.totalCents) : null,
    checkoutPromo(customer, cart.cartId, view.totalCents),
  ]);
  const headers = new Headers(shopper.headers);
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  return json({ cart: view, held, fee, promo, addresses, tenders }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const form = await parseForm(request, checkoutFormSchema);
  if (!form.ok)
    return json(
      { error: form.message, errors: form.errors, promoError: 'promoCode' in form.errors },
      { status: 400, headers: shopper.headers },
    );
  const data = form.data;
  if (data.intent === 'address') {
    const saved = await addAddress(customer, data);
    if (!saved.ok)
      return json({ error: saved.message, errors: {}, promoError: false }, { status: 400, headers: shopper.headers });
    return redirect('/shop/checkout.html#address', { headers: shopper.headers });
  }
  if (data.intent === 'card') {
    await addTender(customer.customerId, data.cardNumber, data.expiry);
    return redirect('/shop/checkout.html#payment', { headers: shopper.headers });
  }
  const cart = await shopperCart(request, shopper);
  if (data.intent === 'promo-remove') {
    await removePromoCode(customer, cart.cartId);
    return redirect('/shop/checkout.html#promo', { headers: shopper.headers });
  }
  if (data.intent === 'promo-apply') {
    const view = await cartView({
      cartId: cart.cartId,
      customerId: customer.customerId,
      bannerId: customer.bannerId,
      store: cart.store,
      preference: cart.preference,
    });
    const applied = await applyPromoCode(customer, cart.cartId, data.promoCode, view.totalCents);
    if (!applied.ok)
      return json({ error: applied.message, errors: {}, promoError: true }, { status: 400, headers: shopper.headers });
    return redirect('/shop/checkout.html#promo', { headers: shopper.headers });
  }
  const result = await placeOrder({
    customer,
    cartId: cart.cartId,
    store: cart.store,
    preference: cart.preference,
    addressId: data.addressId,
    tenderId: data.tenderId,
    origin: originOf(request),
    referralsEnabled: shopper.flags.referralProgramEnabled,
  });
  if (!result.ok) {
    const error = 'message' in result ? result.message : ORDER_REFUSALS[result.code];
    return json({ error, errors: {}, promoError: 'message' in result }, { status: 409, headers: shopper.headers });
  }
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await orderNumberCookie(result.orderNumber, result.cutoffAt, shopper));
  const onboarding = await receiptsOnboardingCookie(shopper.cookie, {
    enabled: shopper.flags.isReceiptsOnboardEventEnabled,
    firstOrder: (await placedOrderCount(customer)) === 1,
  });
  if (onboarding) headers.append('Set-Cookie', onboarding);
  return redirect(`/account/order-summary.html?orderNumber=${result.orderNumber}&placed=1`, { headers });
}

export const meta: MetaFunction = () => pageMeta('Checkout', 'Review your order, choose how to pay and place it.');

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

export default function CheckoutPage() {
  const { cart, held, fee: quote, promo, addresses, tenders } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const buyable = cart.lines.filter((line) => line.available);
  const fee = quote?.feeCents ?? 0;
  const anySelected = addresses.some((address) => address.selected);
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">Checkout</h1>
      {answer?.error && !answer.promoError ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {answer.error}
        </p>
      ) : null}
      {buyable.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{ORDER_REFUSALS.EMPTY_CART}</p>
          <Link to="/" className="btn-primary mt-4">
            Start shopping
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="flex flex-col gap-6">
            <section className="card p-5" aria-labelledby="time-heading">
              <h2 id="time-heading" className="text-lg font-bold">
                1. Delivery or pickup time
              </h2>
              {held ? (
                <p className="mt-2" data-testid="checkout-slot">
                  <span className="font-semibold">{SLOT_KIND_LABELS[held.kind]}</span> · {held.label}
                </p>
              ) : (
                <p className="mt-2 text-amber-800">{ORDER_REFUSALS.NO_SLOT}</p>
              )}
              <Link to="/shop/slots.html" className="btn-outline mt-3 text-sm">
                {held ? 'Change time' : 'Choose a time'}
              </Link>
            </section>

            <Form method="post" id="place-order" className="contents">
              <input type="hidden" name="intent" value="place" />
              <section id="address" className="card p-5" aria-labelledby="address-heading">
                <fieldset>
                  <legend id="address-heading" className="text-lg font-bold">
                    2. Delivery address
                  </legend>
                  {addresses.length === 0 ? <p className="mt-2 text-sm text-stone-600">Add an address below.</p> : null}
                  <div className="mt-2 flex flex-col gap-2">
                    {addresses.map((address, index) => (
                      <label key={address.id} className="flex items-start gap-3 rounded-xl border border-stone-200 p-3">
                        <input
                          type="radio"
                          name="addressId"
                          value={address.id}
                          defaultChecked={address.selected || (!anySelected && index === 0)}
                          className="mt-1"
                        />
                        <span>
                          <span className="font-semibold">{address.name}</span>
                          <span className="block text-sm text-stone-600">
                            {address.line}, {address.city}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              </section>
              <section id="payment" className="card p-5" aria-labelledby="payment-heading">
                <fieldset>
                  <legend id="payment-heading" className="text-lg font-bold">
                    3. Payment
                  </legend>
                  <NoChargeNote />
                  <SavedCardChoice tenders={tenders} className="mt-2" />
                </fieldset>
              </section>
            </Form>

            <div className="grid gap-6 md:grid-cols-2">
              <details className="card p-5" open={addresses.length === 0}>
                <summary className="cursor-pointer font-semibold">Add a delivery address</summary>
                <Form method="post" className="mt-3 grid gap-2">
                  <input type="hidden" name="intent" value="address" />
                  <label className="text-sm font-semibold">
                    Street address
                    <input name="address1" required className={input} autoComplete="address-line1" />
                  </label>
                  <label className="text-sm font-semibold">
                    Apartment, suite (optional)
                    <input name="address2" className={input} autoComplete="address-line2" />
                  </label>
                  <div className="grid grid-cols-[1fr_4rem_6rem] gap-2">
                    <label className="text-sm font-semibold">
                      City
                      <input name="city" required className={input} autoComplete="address-level2" />
                    </label>
                    <label className="text-sm font-semibold">
                      State
                      <input name="state" required maxLength={2} className={input} autoComplete="address-level1" />
                    </label>
                    <label className="text-sm font-semibold">
                      ZIP code
                      <input name="zipcode" required inputMode="numeric" className={input} autoComplete="postal-code" />
                    </label>
                  </div>
                  <button type="submit" className="btn-outline w-fit text-sm">
                    Save address
                  </button>
                </Form>
              </details>
              <AddCardForm open={tenders.length === 0} />
            </div>
          </div>

          <aside className="card h-fit p-5 lg:sticky lg:top-24" aria-labelledby="review-heading">
            <h2 id="review-heading" className="text-lg font-bold">
              4. Review
            </h2>
            <ul className="mt-3 divide-y divide-stone-100 text-sm" aria-label="Items">
              {buyable.map((line) => (
                <li key={line.productId} className="flex justify-between gap-2 py-2">
                  <span>
                    {line.quantity} × {line.name}
                    {line.substitution === 'none' ? (
                      <span className="block text-xs text-stone-500">No substitutes</span>
                    ) : null}
                  </span>
                  <span className="shrink-0">{formatCents(line.lineCents)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{formatCents(cart.subtotalCents)}</dd>
              </div>
              {cart.savingsCents > 0 ? (
                <div className="flex justify-between text-green-800">
                  <dt>Savings</dt>
                  <dd>-{formatCents(cart.savingsCents)}</dd>
                </div>
              ) : null}
              {promo && promo.discountCents > 0 ? (
                <div className="flex justify-between text-green-800" data-testid="checkout-promo">
                  <dt>Promo code {promo.code}</dt>
                  <dd>-{formatCents(promo.discountCents)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between">
                <dt>Delivery or pickup fee</dt>
                <dd data-testid="checkout-fee">
                  {quote?.waived ? (
                    <>
                      <s className="mr-1 text-stone-500">{formatCents(quote.baseFeeCents)}</s>Free with your delivery
                      pass
                    </>
                  ) : (
                    formatCents(fee)
                  )}
                </dd>
              </div>
              <div className="flex justify-between pt-1 text-base font-extrabold">
                <dt>Total</dt>
                <dd data-testid="checkout-total">{formatCents(cart.totalCents - (promo?.discountCents ?? 0) + fee)}</dd>
              </div>
            </dl>
            <PromoCodeForm promo={promo} error={answer?.promoError ? answer.error : null} />
            <button
              type="submit"
              form="place-order"
              className="btn-primary mt-4 w-full justify-center"
              disabled={busy || !held || tenders.length === 0}
            >
              Place order
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}

/** The promo code field (decision 0105): apply one code; an applied code shows with a Remove button. */
function PromoCodeForm({
  promo,
  error,
}: {
  promo: { code: string; discountCents: number; refusal: string | null } | null;
  error: string | null;
}) {
  return (
    <section id="promo" className="mt-4 border-t border-stone-200 pt-3" aria-labelledby="promo-heading">
      <h3 id="promo-heading" className="text-sm font-bold">
        Promo code
      </h3>
      {promo ? (
        <Form method="post" className="mt-2 flex items-center justify-between gap-2 text-sm">
          <input type="hidden" name="intent" value="promo-remove" />
          <span data-testid="promo-applied">
            <span className="font-semibold">{promo.code}</span> applied
            {promo.refusal ? <span className="block text-amber-800">{promo.refusal}</span> : null}
          </span>
          <button type="submit" className="btn-outline text-sm" aria-label={`Remove promo code ${promo.code}`}>
            Remove
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-2 flex items-end gap-2">
          <input type="hidden" name="intent" value="promo-apply" />
          <label className="grow text-sm font-semibold">
            <span className="sr-only">Promo code</span>
            <input
              name="promoCode"
              required
              maxLength={PROMO_CODE_MAX}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'promo-error' : undefined}
              className={input}
            />
          </label>
          <button type="submit" className="btn-outline text-sm">
            Apply
          </button>
        </Form>
      )}
      {error ? (
        <p id="promo-error" role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
