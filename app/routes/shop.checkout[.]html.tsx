import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { parseForm } from '~/modules/http/forms.server';
import { originOf } from '~/modules/http/request-origin';
import { checkoutFormSchema, ORDER_REFUSALS } from '~/modules/orders/order-rules';
import { orderCustomer, orderNumberCookie } from '~/modules/orders/order-session.server';
import { placedOrderCount } from '~/modules/orders/order-history.server';
import { receiptsOnboardingCookie } from '~/modules/identity/first-login.server';
import { addAddress, addTender, placeOrder } from '~/modules/orders/checkout.server';
import { addEbtCard } from '~/modules/orders/checkout-payment.server';
import { tipChoiceOf } from '~/modules/orders/checkout-extras-form';
import { checkoutPage } from '~/modules/orders/checkout-page.server';
import { slotLabelIn } from '~/modules/orders/order-dates.server';
import { applyPromoCode, removePromoCode } from '~/modules/orders/promo-codes.server';
import { SLOT_KIND_LABELS } from '~/modules/slots/slot-rules';
import { AddCardForm, NoChargeNote, SavedCardChoice } from '~/components/SavedCards';
import {
  AddAddressForm,
  AddressChoice,
  chosenAddress,
  PromoCodeForm,
  ReviewTotals,
} from '~/components/checkout/CheckoutForms';
import {
  AddEbtCardForm,
  DeliveryInstructionsFields,
  EbtPayment,
  TipChoice,
} from '~/components/checkout/CheckoutExtras';

/** Checkout (signed-in customers): time, address and instructions, tip, card and EBT, review, place the order. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const cart = await shopperCart(request, shopper);
  const page = await checkoutPage(orderCustomer(shopper)!, cart);
  const headers = new Headers(shopper.headers);
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  const held = page.held && {
    ...page.held,
    label: slotLabelIn(shopper.language, page.held.startsAt, page.held.endsAt, cart.store.timezone),
  };
  return json({ ...page, held, i18n: pageStrings(shopper.language, ['orders']) }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const form = await parseForm(request, checkoutFormSchema);
  const refuse = (error: string, status: number, promoError = false) =>
    json({ error, errors: {}, promoError }, { status, headers: shopper.headers });
  if (!form.ok)
    return json(
      { error: form.message, errors: form.errors, promoError: 'promoCode' in form.errors },
      { status: 400, headers: shopper.headers },
    );
  const data = form.data;
  const back = (hash: string) => redirect(`/shop/checkout.html#${hash}`, { headers: shopper.headers });
  if (data.intent === 'address') {
    const saved = await addAddress(customer, data);
    return saved.ok ? back('address') : refuse(saved.message, 400);
  }
  if (data.intent === 'card') {
    await addTender(customer.customerId, data.cardNumber, data.expiry);
    return back('payment');
  }
  if (data.intent === 'ebt-card') {
    await addEbtCard(customer.customerId, data.ebtNumber);
    return back('payment');
  }
  const cart = await shopperCart(request, shopper);
  if (data.intent === 'promo-remove') {
    await removePromoCode(customer, cart.cartId);
    return back('promo');
  }
  if (data.intent === 'promo-apply') {
    const view = await cartView({ ...cart, customerId: customer.customerId, bannerId: customer.bannerId });
    const applied = await applyPromoCode(customer, cart.cartId, data.promoCode, view.totalCents);
    return applied.ok ? back('promo') : refuse(applied.message, 400, true);
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
    extras: {
      tip: tipChoiceOf(data),
      ebt: { tenderId: data.ebtTenderId, amount: data.ebtAmount, balance: data.ebtBalance },
      instructions: { gateCode: data.gateCode, leaveAtDoor: data.leaveAtDoor, deliveryNote: data.deliveryNote },
    },
  });
  if (!result.ok) {
    if (result.code === 'EXTRAS') return refuse(result.message, 400);
    return refuse('message' in result ? result.message : ORDER_REFUSALS[result.code], 409, 'message' in result);
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

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Checkout'), t('Review your order, choose how to pay and place it.'));
};

export default function CheckoutPage() {
  const { cart, held, fee, promo, addresses, tenders, ebtCards, ebtEligibleCents, tip } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const buyable = cart.lines.filter((line) => line.available);
  const address = chosenAddress(addresses);
  const t = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Checkout')}</h1>
      {answer?.error && !answer.promoError ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {t(answer.error)}
        </p>
      ) : null}
      {buyable.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{t(ORDER_REFUSALS.EMPTY_CART)}</p>
          <Link to="/" className="btn-primary mt-4">
            {t('Start shopping')}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="flex flex-col gap-6">
            <section className="card p-5" aria-labelledby="time-heading">
              <h2 id="time-heading" className="text-lg font-bold">
                {t('1. Delivery or pickup time')}
              </h2>
              {held ? (
                <p className="mt-2" data-testid="checkout-slot">
                  <span className="font-semibold">{t(SLOT_KIND_LABELS[held.kind])}</span> · {held.label}
                </p>
              ) : (
                <p className="mt-2 text-amber-800">{t(ORDER_REFUSALS.NO_SLOT)}</p>
              )}
              <Link to="/shop/slots.html" className="btn-outline mt-3 text-sm">
                {held ? t('Change time') : t('Choose a time')}
              </Link>
            </section>

            <Form method="post" id="place-order" className="contents">
              <input type="hidden" name="intent" value="place" />
              <section id="address" className="card p-5" aria-labelledby="address-heading">
                <fieldset>
                  <legend id="address-heading" className="text-lg font-bold">
                    {t('2. Delivery address')}
                  </legend>
                  <AddressChoice addresses={addresses} />
                </fieldset>
                {tip && address ? <DeliveryInstructionsFields saved={address.instructions} /> : null}
              </section>
              {tip ? <TipChoice tip={tip} /> : null}
              <section id="payment" className="card p-5" aria-labelledby="payment-heading">
                <fieldset>
                  <legend id="payment-heading" className="text-lg font-bold">
                    {t('3. Payment')}
                  </legend>
                  <NoChargeNote />
                  <SavedCardChoice tenders={tenders} className="mt-2" />
                </fieldset>
                <EbtPayment cards={ebtCards} eligibleCents={ebtEligibleCents} />
              </section>
            </Form>

            <div className="grid gap-6 md:grid-cols-2">
              <AddAddressForm open={addresses.length === 0} />
              <AddCardForm open={tenders.length === 0} />
              <AddEbtCardForm />
            </div>
          </div>

          <aside className="card h-fit p-5 lg:sticky lg:top-24" aria-labelledby="review-heading">
            <h2 id="review-heading" className="text-lg font-bold">
              {t('4. Review')}
            </h2>
            <ul className="mt-3 divide-y divide-stone-100 text-sm" aria-label={t('Items')}>
              {buyable.map((line) => (
                <li key={line.productId} className="flex justify-between gap-2 py-2">
                  <span>
                    {line.quantity} × {line.name}
                    {line.snapEligible ? (
                      <span className="block text-xs text-green-800">{t('SNAP eligible')}</span>
                    ) : null}
                    {line.substitution === 'none' ? (
                      <span className="block text-xs text-stone-500">{t('No substitutes')}</span>
                    ) : null}
                  </span>
                  <span className="shrink-0">{formatCents(line.lineCents)}</span>
                </li>
              ))}
            </ul>
            <ReviewTotals
              totals={{
                subtotalCents: cart.subtotalCents,
                savingsCents: cart.savingsCents,
                promo,
                fee,
                tip: tip ? { percent: tip.defaultPercent, cents: tip.defaultCents } : null,
                ebtEligibleCents,
                basketCents: cart.totalCents - (promo?.discountCents ?? 0),
              }}
            />
            <PromoCodeForm promo={promo} error={answer?.promoError ? answer.error : null} />
            <button
              type="submit"
              form="place-order"
              className="btn-primary mt-4 w-full justify-center"
              disabled={busy || !held || tenders.length === 0}
            >
              {t('Place order')}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
