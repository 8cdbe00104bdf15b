import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { BANNERS } from '~/modules/banners/banner-catalog';
import { orderCustomer } from '~/modules/orders/order-session.server';
import {
  ACCOUNT_SUBSCRIPTION_PATH,
  formatDayIn,
  paymentPathFor,
  periodLabel,
} from '~/modules/subscriptions/subscription-rules';
import { activeSubscription, deliveryPlans } from '~/modules/subscriptions/subscriptions.server';

/** The banner's delivery plans; anyone may look, subscribing (the payment page) needs a signed-in customer. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, redirections: { DEFAULT: '/' } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper);
  const [plans, active] = await Promise.all([
    deliveryPlans(shopper.host.bannerId, shopper.language),
    customer ? activeSubscription(customer.customerId, new Date(), shopper.language) : null,
  ]);
  const bannerName = BANNERS.find((banner) => banner.id === shopper.host.bannerId)?.name ?? 'Pantry';
  return json(
    {
      bannerName,
      plans,
      active: active ? { planName: active.planName, until: formatDayIn(shopper.language, active.periodEnd) } : null,
      i18n: pageStrings(shopper.language, ['orders']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    t('Delivery Pass: free delivery subscription'),
    t('Delivery Pass: free delivery on orders over the minimum, monthly or yearly.'),
  );
};

export default function DeliveryPlansPage() {
  const { bannerName, plans, active } = useLoaderData<typeof loader>();
  const monthly = plans.find((plan) => plan.periodMonths === 1);
  const t = useT();
  return (
    <div className="container-page max-w-4xl py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">{t('Delivery Pass')}</p>
      <h1 className="mt-1 text-2xl font-extrabold md:text-3xl">
        {t('Free delivery, all {{banner}} long', { banner: bannerName })}
      </h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        {t(
          "Subscribe once and pay no delivery fee on 1- and 2-hour delivery windows when your basket reaches the plan's minimum after savings. Rush delivery keeps its fee. Cancel any time from your account.",
        )}
      </p>
      {active ? (
        <p role="status" className="mt-4 rounded-xl bg-brand-soft p-3 text-sm font-medium text-brand-dark">
          {t('You have {{plan}}, active until {{date}}.', { plan: active.planName, date: active.until })}{' '}
          <Link to={ACCOUNT_SUBSCRIPTION_PATH} className="underline">
            {t('Manage your subscription')}
          </Link>
        </p>
      ) : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {plans.map((plan) => {
          const yearlySaving = monthly && plan.periodMonths === 12 ? monthly.priceCents * 12 - plan.priceCents : 0;
          return (
            <li key={plan.code} className="card flex flex-col p-6" data-testid="delivery-plan">
              <h2 className="text-lg font-bold">{plan.name}</h2>
              <p className="mt-2">
                <span className="text-3xl font-extrabold">{formatCents(plan.priceCents)}</span>
                <span className="text-stone-600"> / {t(periodLabel(plan.periodMonths))}</span>
              </p>
              {yearlySaving > 0 ? (
                <p className="mt-1 text-sm font-semibold text-green-800">
                  {t('Save {{amount}} a year compared with monthly', { amount: formatCents(yearlySaving) })}
                </p>
              ) : null}
              <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm text-stone-700">
                <li>
                  {t('Free delivery on orders of {{amount}} or more', { amount: formatCents(plan.thresholdCents) })}
                </li>
                <li>{t('1- and 2-hour delivery windows included')}</li>
                <li>{t('Paid with a card you saved; cancel any time')}</li>
              </ul>
              {active ? null : (
                <Link to={paymentPathFor(plan.code)} className="btn-primary mt-5 justify-center">
                  {plan.periodMonths === 12 ? t('Choose annual') : t('Choose monthly')}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
