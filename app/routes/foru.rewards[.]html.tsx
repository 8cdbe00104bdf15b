import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { REWARD_REFUSALS } from '~/modules/offers/refusals';
import { availableRewards, REWARD_SUMMARY_TIME_MS, rewardsHistory } from '~/modules/offers/rewards.server';
import { storeById } from '~/modules/stores/stores.server';
import { formatPoints, PointsBalance, RewardCard } from '~/components/Rewards';

/** Rewards: points balance and history, and the grocery and fuel rewards of the shopper's store. */
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  allowGuestAuthentication: true,
  escapeSSO: true,
});
export const handle = { access };

const RewardsQuery = z.object({
  rewardError: z.enum(Object.keys(REWARD_REFUSALS) as [keyof typeof REWARD_REFUSALS]).optional(),
  rewardFor: z.coerce.number().int().positive().optional(),
});

const dateFormats = Object.fromEntries(
  (Object.keys(INTL_LOCALE) as Language[]).map((language) => [
    language,
    new Intl.DateTimeFormat(INTL_LOCALE[language], {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, RewardsQuery, shopper.language);
  const viewer = await offerViewer(request, shopper);
  const t = serverT(shopper.language, 'offers');
  const [rewards, history, store] = await Promise.all([
    availableRewards({
      bannerId: viewer.bannerId,
      storeId: viewer.storeId,
      customerId: viewer.customerId,
      language: shopper.language,
    }),
    viewer.customerId === null ? Promise.resolve([]) : rewardsHistory(viewer.customerId, 20, shopper.language),
    storeById(viewer.storeId),
  ]);
  return json(
    {
      ...rewards,
      history: history.map((entry) => ({
        ...entry,
        date: dateFormats[shopper.language].format(new Date(entry.at)),
      })),
      storeId: String(viewer.storeId),
      storeName: store?.name ?? null,
      refreshMs: REWARD_SUMMARY_TIME_MS,
      rewardError:
        query.rewardError && query.rewardFor
          ? { rewardId: query.rewardFor, message: t(REWARD_REFUSALS[query.rewardError]) }
          : null,
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Rewards'), t('Spend your points on rewards and see how many you have.'));
};

export default function RewardsPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = location.pathname;
  const t = useT();
  const groups = [
    { kind: 'grocery', title: t('Grocery rewards'), note: null },
    {
      kind: 'gas-own',
      title: t('Fuel rewards at our stations'),
      note: data.storeRewards
        ? t('Hold up to {{count}} at a time.', { count: data.storeRewards.ownMaxRedemption })
        : null,
    },
    {
      kind: 'gas-partner',
      title: data.storeRewards?.partnerFuelLogo
        ? t('Fuel rewards at {{partner}} stations', { partner: data.storeRewards.partnerFuelLogo })
        : t('Fuel rewards at partner stations'),
      note: data.storeRewards
        ? t('Hold up to {{count}} at a time.', { count: data.storeRewards.partnerMaxRedemption })
        : null,
    },
  ] as const;
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Rewards')}</h1>
      <p className="mt-1 text-stone-600">
        {data.storeName
          ? t('Earn a point for every dollar you spend and redeem at {{store}}.', { store: data.storeName })
          : t('Earn a point for every dollar you spend.')}
      </p>
      <div className="mt-6 grid gap-4 lg:grid-cols-[1fr_2fr]">
        <section className="card self-start p-5" aria-labelledby="balance-heading">
          <h2 id="balance-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-500">
            {t('Your points')}
          </h2>
          {data.balance === null ? (
            <div className="mt-2">
              <p className="text-stone-700">{t('Sign in to see your points and redeem rewards.')}</p>
              <Link to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(returnTo)}`} className="btn-primary mt-3">
                {t('Sign in')}
              </Link>
            </div>
          ) : (
            <>
              <PointsBalance initial={data.balance} refreshMs={data.refreshMs} />
              <h3 className="mt-5 font-bold">{t('History')}</h3>
              {data.history.length === 0 ? (
                <p className="text-sm text-stone-600">{t('No points yet.')}</p>
              ) : (
                <table className="mt-2 w-full text-sm" data-testid="rewards-history">
                  <caption className="sr-only">{t('Points earned and spent')}</caption>
                  <thead className="text-left text-stone-500">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        {t('Date')}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {t('What')}
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        {t('Points')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {data.history.map((entry) => (
                      <tr key={entry.id}>
                        <td className="py-1 pr-2 text-stone-600">{entry.date}</td>
                        <td className="py-1 pr-2">{entry.description}</td>
                        <td
                          className={`py-1 text-right font-semibold ${entry.points < 0 ? 'text-red-700' : 'text-brand-dark'}`}
                        >
                          {entry.points > 0 ? '+' : ''}
                          {formatPoints(t, entry.points)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
        </section>
        <div className="grid gap-6">
          {data.rewards.length === 0 ? (
            <p className="card p-5 text-stone-700">
              {t('This store has no rewards program. Choose another store to redeem rewards.')}
            </p>
          ) : null}
          {groups.map((group) => {
            const rewards = data.rewards.filter((reward) => reward.kind === group.kind);
            if (rewards.length === 0) return null;
            return (
              <section key={group.kind} aria-labelledby={`rewards-${group.kind}`}>
                <h2 id={`rewards-${group.kind}`} className="text-lg font-bold">
                  {group.title}
                </h2>
                {group.note ? <p className="text-sm text-stone-600">{group.note}</p> : null}
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {rewards.map((reward) => (
                    <li key={reward.id} className="flex">
                      <RewardCard
                        reward={reward}
                        storeId={data.storeId}
                        returnTo={returnTo}
                        serverError={data.rewardError?.rewardId === reward.id ? data.rewardError.message : null}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
}
