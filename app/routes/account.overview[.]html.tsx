import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { AccountNav } from '~/components/AccountNav';
import { OccasionOffers } from '~/components/OccasionOffers';
import { ReferAFriend } from '~/components/ReferAFriend';
import { SignOutButton } from '~/components/SignOutButton';
import { pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { INTL_LOCALE } from '~/modules/i18n/languages';
import { requireUserType } from '~/modules/access/shopper.server';
import { withHeaders } from '~/modules/http/api.server';
import { accountSummary } from '~/modules/customers/account-summary.server';
import { profilePrompt, putOffProfilePrompt } from '~/modules/customers/profile-completion.server';
import { PROFILE_GAP_LINKS } from '~/modules/customers/profile-completion-rules';
import { parseForm } from '~/modules/http/forms.server';
import { originOf } from '~/modules/http/request-origin';
import { occasionGreeting, occasionOffers } from '~/modules/offers/occasion-offers.server';
import { referralCode, referralSummary } from '~/modules/customers/referrals.server';
import { formatReferralCode, REFERRAL_POINTS, referralLink } from '~/modules/customers/referral-rules';
import { ACCOUNT_SUBSCRIPTION_PATH, formatDay, PLANS_PATH } from '~/modules/subscriptions/subscription-rules';
import { activeSubscription } from '~/modules/subscriptions/subscriptions.server';

/** Signed-in customers only; everyone else is sent to sign in and brought back here. */
export const access = pageAccess({
  allowedUserTypes: ['C'],
  redirections: { DEFAULT: SIGN_IN_PATH },
  syndicatedHeader: true,
});
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customerId = Number(shopper.customer!.customerId);
  // Refer a friend is the consumer site's (decision 0098).
  const referrals = shopper.flags.referralProgramEnabled && shopper.host.siteType === 'C';
  const [summary, subscription, missing, occasions, referral] = await Promise.all([
    accountSummary(customerId),
    activeSubscription(customerId, new Date(), shopper.language),
    profilePrompt(customerId, shopper.flags.enableProfileComplete),
    occasionOffers(customerId, { enabled: shopper.flags.enableSpecialOccasion, language: shopper.language }),
    referrals ? referAFriend(customerId, originOf(request)) : null,
  ]);
  if (!summary) throw json({ message: 'We could not find your account.' }, { status: 404 });
  const deliveryPass = subscription
    ? {
        planName: subscription.planName,
        // English keeps its fixed wording; Spanish shoppers read the day in their own format.
        until:
          shopper.language === 'en'
            ? formatDay(subscription.periodEnd)
            : new Intl.DateTimeFormat(INTL_LOCALE[shopper.language], {
                month: 'short',
                day: 'numeric',
                year: 'numeric',
                timeZone: 'UTC',
              }).format(new Date(subscription.periodEnd)),
      }
    : null;
  return json(
    {
      ...summary,
      deliveryPass,
      profilePrompt: missing,
      occasionOffers: occasions,
      occasionGreeting: occasionGreeting(occasions, shopper.customer?.firstName || null),
      referral,
      i18n: pageStrings(shopper.language, ['account', 'offers']),
    },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'private, no-store' }) },
  );
}

/** The customer's refer-a-friend code, share link and what it earned (null for an account without a code). */
async function referAFriend(customerId: number, origin: string) {
  const code = await referralCode(customerId);
  if (!code) return null;
  return {
    code: formatReferralCode(code),
    link: referralLink(origin, code),
    points: REFERRAL_POINTS,
    ...(await referralSummary(customerId)),
  };
}

const OverviewAction = z.object({ intent: z.literal('put-off-profile-prompt') });

/** "Not now" on the profile-completion prompt. */
export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, OverviewAction);
  if (!form.ok) return json({ error: form.message }, { status: 400, headers: shopper.headers });
  await putOffProfilePrompt(Number(shopper.customer!.customerId));
  return redirect('/account/overview.html', { headers: shopper.headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your account'), t('Your account at a glance: orders, addresses, rewards and settings.'));
};

export default function AccountOverviewPage() {
  const account = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your account')}</h1>
      <AccountNav />
      {account.profilePrompt ? (
        <section
          className="card mt-6 border-amber-300 bg-amber-50 p-5"
          aria-labelledby="complete-profile-heading"
          data-testid="profile-prompt"
        >
          <h2 id="complete-profile-heading" className="font-bold">
            {t('Complete your profile')}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {t('Your shopper and driver use these to reach you about substitutions and deliveries.')}
          </p>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {account.profilePrompt.map((gap) => (
              <li key={gap}>
                <Link to={PROFILE_GAP_LINKS[gap].to} className="font-semibold text-brand-dark underline">
                  {t(PROFILE_GAP_LINKS[gap].label)}
                </Link>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="put-off-profile-prompt" className="btn-outline text-sm">
              {t('Not now')}
            </button>
          </Form>
        </section>
      ) : null}
      <OccasionOffers
        offers={account.occasionOffers}
        greeting={account.occasionGreeting}
        returnTo="/account/overview.html"
      />
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section className="card min-w-0 p-5" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="font-bold">
            {t('Profile')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
            <dt className="text-stone-500">{t('Name')}</dt>
            <dd data-testid="account-name">{account.name}</dd>
            {account.company ? (
              <>
                <dt className="text-stone-500">{t('Company')}</dt>
                <dd>{account.company}</dd>
              </>
            ) : null}
            <dt className="text-stone-500">{t('Email')}</dt>
            <dd>{account.email}</dd>
            <dt className="text-stone-500">{t('Club card')}</dt>
            <dd>{account.clubCard}</dd>
            <dt className="text-stone-500">{t('Clipped offers')}</dt>
            <dd>{account.clippedOffers}</dd>
          </dl>
        </section>
        <section className="card p-5" aria-labelledby="orders-heading">
          <h2 id="orders-heading" className="font-bold">
            {t('Recent orders')}
          </h2>
          {account.recentOrders.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{t('No orders yet.')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100 text-sm">
              {account.recentOrders.map((order) => (
                <li key={order.number} className="flex justify-between py-2">
                  <span>
                    #{order.number} · {t(order.status.toLowerCase())}
                  </span>
                  <span className="font-semibold">{formatCents(order.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <p className="card mt-4 p-4 text-sm" data-testid="overview-subscription">
        <span className="font-bold">{t('Delivery subscription:')} </span>
        {account.deliveryPass ? (
          <>
            {t('{{plan}}, active until {{day}}', {
              plan: account.deliveryPass.planName,
              day: account.deliveryPass.until,
            })}{' '}
            ·{' '}
            <Link to={ACCOUNT_SUBSCRIPTION_PATH} className="font-semibold text-brand underline">
              {t('Manage')}
            </Link>
          </>
        ) : (
          <>
            {t('none')} ·{' '}
            <Link to={PLANS_PATH} className="font-semibold text-brand underline">
              {t('Get free delivery with a Delivery Pass')}
            </Link>
          </>
        )}
      </p>
      {account.referral ? <ReferAFriend referral={account.referral} /> : null}
      <div className="mt-6">
        <SignOutButton />
      </div>
    </div>
  );
}
