import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm } from '~/modules/http/forms.server';
import { withHeaders } from '~/modules/http/api.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { addTender, customerTenders } from '~/modules/orders/checkout.server';
import {
  ACCOUNT_SUBSCRIPTION_PATH,
  formatDayIn,
  paymentFormSchema,
  paymentPathFor,
  PLANS_PATH,
  SUBSCRIPTION_REFUSALS,
  subscriptionCodeSchema,
} from '~/modules/subscriptions/subscription-rules';
import { activeSubscription, deliveryPlan, subscribe } from '~/modules/subscriptions/subscriptions.server';
import { AddCardForm, NoChargeNote, SavedCardChoice } from '~/components/SavedCards';

/**
 * Spec section 2: the delivery-subscription payment page, `?subscriptioncode=MONTHLY|ANNUAL`.
 * Guests and R are sent to sign in and brought back here (goto keeps the code).
 */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

function planCode(request: Request) {
  const parsed = subscriptionCodeSchema.safeParse(new URL(request.url).searchParams.get('subscriptioncode') ?? '');
  return parsed.success ? parsed.data : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const code = planCode(request);
  const [plan, tenders, active] = await Promise.all([
    code ? deliveryPlan(customer.bannerId, code, shopper.language) : null,
    customerTenders(customer.customerId),
    activeSubscription(customer.customerId, new Date(), shopper.language),
  ]);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' });
  return json(
    {
      plan,
      tenders,
      active: active ? { planName: active.planName, until: formatDayIn(shopper.language, active.periodEnd) } : null,
      i18n: pageStrings(shopper.language, ['orders']),
    },
    { status: plan ? 200 : 404, headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const code = planCode(request);
  if (!code) return json({ error: SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN }, { status: 404, headers: shopper.headers });
  const form = await parseForm(request, paymentFormSchema);
  if (!form.ok) return json({ error: form.message }, { status: 400, headers: shopper.headers });
  if (form.data.intent === 'card') {
    await addTender(customer.customerId, form.data.cardNumber, form.data.expiry);
    return redirect(`${paymentPathFor(code)}#payment`, { headers: shopper.headers });
  }
  const result = await subscribe({
    customerId: customer.customerId,
    bannerId: customer.bannerId,
    code,
    tenderId: form.data.tenderId,
  });
  if (!result.ok)
    return json(
      { error: SUBSCRIPTION_REFUSALS[result.code] },
      { status: result.code === 'UNKNOWN_PLAN' ? 404 : 409, headers: shopper.headers },
    );
  return redirect(`${ACCOUNT_SUBSCRIPTION_PATH}?subscribed=1`, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Delivery Pass payment'), t('Choose how to pay for your Delivery Pass and start it.'));
};

export default function DeliverySubscriptionPaymentPage() {
  const { plan, tenders, active } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  if (!plan)
    return (
      <div className="container-page max-w-xl py-10">
        <div className="card p-6">
          <h1 className="text-2xl font-extrabold">{t('Delivery Pass')}</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {t(SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN)}
          </p>
          <Link to={PLANS_PATH} className="btn-primary mt-5">
            {t('See the plans')}
          </Link>
        </div>
      </div>
    );
  return (
    <div className="container-page max-w-2xl py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Delivery Pass')}</p>
      <h1 className="mt-1 text-2xl font-extrabold md:text-3xl">{t('Pay for {{plan}}', { plan: plan.name })}</h1>
      {answer?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {t(answer.error)}
        </p>
      ) : null}
      <section className="card mt-6 p-5" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="text-lg font-bold">
          {t('Your plan')}
        </h2>
        <p className="mt-2" data-testid="plan-summary">
          <span className="text-2xl font-extrabold">{formatCents(plan.priceCents)}</span>{' '}
          {plan.periodMonths === 12 ? t('a year') : t('a month')} ·{' '}
          {t('free delivery on orders of {{amount}} or more', { amount: formatCents(plan.thresholdCents) })}
        </p>
        <Link to={PLANS_PATH} className="mt-2 inline-block text-sm font-semibold text-brand underline">
          {t('Change plan')}
        </Link>
      </section>
      {active ? (
        <div role="status" className="mt-6 rounded-xl bg-brand-soft p-4 text-sm font-medium text-brand-dark">
          <p>{t(SUBSCRIPTION_REFUSALS.ALREADY_SUBSCRIBED)}</p>
          <p className="mt-1">
            {t('{{plan}} is active until {{date}}.', { plan: active.planName, date: active.until })}{' '}
            <Link to={ACCOUNT_SUBSCRIPTION_PATH} className="underline">
              {t('Your delivery subscription')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <Form method="post" id="payment" className="card mt-6 p-5">
            <input type="hidden" name="intent" value="subscribe" />
            <fieldset>
              <legend className="text-lg font-bold">{t('Pay with a saved card')}</legend>
              <NoChargeNote />
              {tenders.length === 0 ? (
                <p className="mt-3 text-sm font-semibold text-amber-800">{t('Add a card below to subscribe.')}</p>
              ) : (
                <SavedCardChoice tenders={tenders} className="mt-3" />
              )}
            </fieldset>
            <button
              type="submit"
              className="btn-primary mt-4 w-full justify-center sm:w-auto"
              disabled={busy || tenders.length === 0}
            >
              {busy ? t('Subscribing…') : t('Subscribe for {{amount}}', { amount: formatCents(plan.priceCents) })}
            </button>
          </Form>
          <AddCardForm open={tenders.length === 0} className="mt-6" />
        </>
      )}
    </div>
  );
}
