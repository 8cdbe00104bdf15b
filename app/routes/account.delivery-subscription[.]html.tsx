import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { AccountNav } from '~/components/AccountNav';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseForm } from '~/modules/http/forms.server';
import { orderCustomer } from '~/modules/orders/order-session.server';
import {
  ACCOUNT_SUBSCRIPTION_PATH,
  cancelFormSchema,
  formatDayIn,
  periodLabel,
  PLANS_PATH,
  SUBSCRIPTION_REFUSALS,
} from '~/modules/subscriptions/subscription-rules';
import { cancelSubscription, customerSubscriptions } from '~/modules/subscriptions/subscriptions.server';

/** The customer's delivery subscription: status, the card it uses, cancel; and past subscriptions. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const subscriptions = (await customerSubscriptions(customer.customerId, new Date(), shopper.language)).map((s) => ({
    ...s,
    startedLabel: formatDayIn(shopper.language, s.startedAt),
    untilLabel: formatDayIn(shopper.language, s.periodEnd),
    endedLabel: s.endedAt ? formatDayIn(shopper.language, s.endedAt) : null,
  }));
  return json(
    {
      active: subscriptions.find((s) => s.status === 'active') ?? null,
      past: subscriptions.filter((s) => s.status !== 'active'),
      // AccountNav's strings are the account area's.
      i18n: pageStrings(shopper.language, ['orders', 'account']),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const form = await parseForm(request, cancelFormSchema);
  if (!form.ok) return json({ error: form.message }, { status: 400, headers: shopper.headers });
  const result = await cancelSubscription(customer.customerId, form.data.subscriptionId);
  if (!result.ok)
    return json(
      { error: SUBSCRIPTION_REFUSALS[result.code] },
      { status: result.code === 'NOT_FOUND' ? 404 : 409, headers: shopper.headers },
    );
  return redirect(`${ACCOUNT_SUBSCRIPTION_PATH}?cancelled=1`, { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Delivery subscription'), t('Your Delivery Pass: its plan, renewal date and how to cancel it.'));
};

const STATUS_LABELS = { active: 'Active', cancelled: 'Cancelled', expired: 'Ended' } as const;

export default function AccountDeliverySubscriptionPage() {
  const { active, past } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const notice = params.get('subscribed')
    ? 'You are subscribed. Free delivery applies to your next order over the minimum.'
    : params.get('cancelled')
      ? 'Your delivery subscription is cancelled. Delivery fees apply again from now on.'
      : null;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Delivery subscription')}</h1>
      <AccountNav />
      {notice ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
          {t(notice)}
        </p>
      ) : null}
      {answer?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {t(answer.error)}
        </p>
      ) : null}
      {active ? (
        <section className="card mt-6 p-5" aria-labelledby="active-heading" data-testid="subscription-status">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="active-heading" className="text-lg font-bold">
              {active.planName}
            </h2>
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
              {t(STATUS_LABELS.active)}
            </span>
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">{t('Price')}</dt>
            <dd>
              {formatCents(active.priceCents)} {t(`a ${periodLabel(active.periodMonths)}`)}
            </dd>
            <dt className="text-stone-500">{t('Free delivery')}</dt>
            <dd>
              {t('On orders of {{amount}} or more, after savings', { amount: formatCents(active.thresholdCents) })}
            </dd>
            <dt className="text-stone-500">{t('Started')}</dt>
            <dd>{active.startedLabel}</dd>
            <dt className="text-stone-500">{t('Active until')}</dt>
            <dd>{active.untilLabel}</dd>
            <dt className="text-stone-500">{t('Paid with')}</dt>
            <dd>{active.tender ?? t('A card you removed')}</dd>
          </dl>
          <Form method="post" className="mt-5 border-t border-stone-200 pt-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="subscriptionId" value={active.id} />
            <p className="text-sm text-stone-600">
              {t('Cancelling ends free delivery straight away. Pantry charges nothing, so there is nothing to refund.')}
            </p>
            <button type="submit" className="btn-outline mt-3 text-sm" disabled={busy}>
              {busy ? t('Cancelling…') : t('Cancel subscription')}
            </button>
          </Form>
        </section>
      ) : (
        <section className="card mt-6 p-5" data-testid="subscription-status">
          <h2 className="text-lg font-bold">{t('No delivery subscription')}</h2>
          <p className="mt-1 text-sm text-stone-600">
            {t("With a Delivery Pass, 1- and 2-hour delivery is free on orders over the plan's minimum.")}
          </p>
          <Link to={PLANS_PATH} className="btn-primary mt-4">
            {t('See the plans')}
          </Link>
        </section>
      )}
      {past.length > 0 ? (
        <section className="mt-8" aria-labelledby="past-heading">
          <h2 id="past-heading" className="font-bold">
            {t('Past subscriptions')}
          </h2>
          <ul className="mt-2 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white text-sm">
            {past.map((s) => (
              <li key={s.id} className="flex flex-wrap justify-between gap-2 p-3">
                <span>
                  {s.planName} · {s.startedLabel} – {s.endedLabel ?? s.untilLabel}
                </span>
                <span className="font-semibold text-stone-600">{t(STATUS_LABELS[s.status])}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
