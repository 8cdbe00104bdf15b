import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH } from '~/modules/access/page-access';
import { requireUserType } from '~/modules/access/shopper.server';
import { formatCents } from '~/modules/catalog/pricing';
import { parseForm } from '~/modules/http/forms.server';
import { withHeaders } from '~/modules/http/api.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { addTender, customerTenders } from '~/modules/orders/orders.server';
import {
  ACCOUNT_SUBSCRIPTION_PATH,
  formatDay,
  paymentFormSchema,
  paymentPathFor,
  periodLabel,
  PLANS_PATH,
  SUBSCRIPTION_REFUSALS,
  subscriptionCodeSchema,
} from '~/modules/subscriptions/subscription-rules';
import { activeSubscription, deliveryPlan, subscribe } from '~/modules/subscriptions/subscriptions.server';

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
    code ? deliveryPlan(customer.bannerId, code) : null,
    customerTenders(customer.customerId),
    activeSubscription(customer.customerId),
  ]);
  const headers = withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' });
  return json(
    {
      plan,
      tenders,
      active: active ? { planName: active.planName, until: formatDay(active.periodEnd) } : null,
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

export const meta: MetaFunction = () => [{ title: 'Delivery Pass payment' }];

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

export default function DeliverySubscriptionPaymentPage() {
  const { plan, tenders, active } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  if (!plan)
    return (
      <div className="container-page max-w-xl py-10">
        <div className="card p-6">
          <h1 className="text-2xl font-extrabold">Delivery Pass</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {SUBSCRIPTION_REFUSALS.UNKNOWN_PLAN}
          </p>
          <Link to={PLANS_PATH} className="btn-primary mt-5">
            See the plans
          </Link>
        </div>
      </div>
    );
  return (
    <div className="container-page max-w-2xl py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Delivery Pass</p>
      <h1 className="mt-1 text-2xl font-extrabold md:text-3xl">Pay for {plan.name}</h1>
      {answer?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {answer.error}
        </p>
      ) : null}
      <section className="card mt-6 p-5" aria-labelledby="plan-heading">
        <h2 id="plan-heading" className="text-lg font-bold">
          Your plan
        </h2>
        <p className="mt-2" data-testid="plan-summary">
          <span className="text-2xl font-extrabold">{formatCents(plan.priceCents)}</span> a{' '}
          {periodLabel(plan.periodMonths)} · free delivery on orders of {formatCents(plan.thresholdCents)} or more
        </p>
        <Link to={PLANS_PATH} className="mt-2 inline-block text-sm font-semibold text-brand underline">
          Change plan
        </Link>
      </section>
      {active ? (
        <div role="status" className="mt-6 rounded-xl bg-brand-soft p-4 text-sm font-medium text-brand-dark">
          <p>{SUBSCRIPTION_REFUSALS.ALREADY_SUBSCRIBED}</p>
          <p className="mt-1">
            {active.planName} is active until {active.until}.{' '}
            <Link to={ACCOUNT_SUBSCRIPTION_PATH} className="underline">
              Your delivery subscription
            </Link>
          </p>
        </div>
      ) : (
        <>
          <Form method="post" id="payment" className="card mt-6 p-5">
            <input type="hidden" name="intent" value="subscribe" />
            <fieldset>
              <legend className="text-lg font-bold">Pay with a saved card</legend>
              <p className="mt-1 text-sm text-stone-600">
                Pantry is a demonstration store: no card is charged and no card number is stored — only a token and the
                last four digits.
              </p>
              {tenders.length === 0 ? (
                <p className="mt-3 text-sm font-semibold text-amber-800">Add a card below to subscribe.</p>
              ) : (
                <div className="mt-3 flex flex-col gap-2">
                  {tenders.map((tender, index) => (
                    <label key={tender.id} className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
                      <input
                        type="radio"
                        name="tenderId"
                        value={tender.id}
                        defaultChecked={index === tenders.length - 1}
                      />
                      <span>
                        {tender.brand} ending in {tender.lastFour}{' '}
                        <span className="text-sm text-stone-500">(expires {tender.expiry})</span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <button
              type="submit"
              className="btn-primary mt-4 w-full justify-center sm:w-auto"
              disabled={busy || tenders.length === 0}
            >
              {busy ? 'Subscribing…' : `Subscribe for ${formatCents(plan.priceCents)}`}
            </button>
          </Form>
          <details className="card mt-6 p-5" open={tenders.length === 0}>
            <summary className="cursor-pointer font-semibold">Add a card</summary>
            <Form method="post" className="mt-3 grid gap-2" autoComplete="off">
              <input type="hidden" name="intent" value="card" />
              <label className="text-sm font-semibold">
                Card number
                <input
                  name="cardNumber"
                  required
                  inputMode="numeric"
                  className={input}
                  placeholder="4111 1111 1111 1111"
                />
              </label>
              <label className="text-sm font-semibold">
                Expiry (MM/YY)
                <input name="expiry" required className={input} placeholder="12/30" />
              </label>
              <button type="submit" className="btn-outline w-fit text-sm">
                Save card
              </button>
            </Form>
          </details>
        </>
      )}
    </div>
  );
}
