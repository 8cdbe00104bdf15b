import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { parseRewardPage } from '~/modules/offers/offer-pages';
import { availableRewards } from '~/modules/offers/rewards.server';
import { storeById } from '~/modules/stores/stores.server';
import { formatPoints, RewardButton } from '~/components/Rewards';

/** Reward details, `/foru/rewards/{reward}.{branchId}.html`: the reward as redeemed at that store. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const t = serverT(shopper.language, 'offers');
  const page = parseRewardPage(params.page ?? '');
  const store = page ? await storeById(page.branchId) : undefined;
  if (!page || !store || store.banner_id !== shopper.host.bannerId) {
    throw json(
      { message: t("We couldn't find that reward at that store.") },
      { status: 404, headers: shopper.headers },
    );
  }
  const viewer = await offerViewer(request, shopper);
  const atStore = await availableRewards({
    bannerId: viewer.bannerId,
    storeId: store.id,
    customerId: viewer.customerId,
    language: shopper.language,
  });
  const reward = atStore.rewards.find((candidate) => candidate.slug === page.slug);
  if (!reward) {
    throw json(
      { message: t("We couldn't find that reward at that store.") },
      { status: 404, headers: shopper.headers },
    );
  }
  return json(
    {
      reward,
      balance: atStore.balance,
      store: { id: String(store.id), name: store.name },
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data
    ? pageMeta(
        data.reward.title,
        t('{{description}} Redeem it with your rewards points.', { description: data.reward.description }),
      )
    : pageMeta(t('Reward'), t('A reward to redeem with your points.'));
};

export default function RewardDetailsPage() {
  const { reward, balance, store } = useLoaderData<typeof loader>();
  const location = useLocation();
  const t = useT();
  return (
    <div className="container-page max-w-3xl py-8">
      <Link to="/foru/rewards.html" className="text-sm font-semibold text-brand underline">
        ← {t('All rewards')}
      </Link>
      <article id={`reward-${reward.id}`} className="card mt-4 grid gap-6 p-5 sm:grid-cols-[200px_1fr]">
        <img
          src={`/images/products/${reward.imageKey}.svg`}
          alt=""
          width={200}
          height={200}
          className="mx-auto aspect-square w-full max-w-[180px] rounded-2xl bg-stone-50 p-4"
        />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-stone-500">{t('Redeem at {{store}}', { store: store.name })}</p>
          <h1 className="text-2xl font-extrabold">{reward.title}</h1>
          <p className="text-lg font-bold text-brand-dark">{formatPoints(t, reward.pointsCost)}</p>
          <p className="text-stone-700">
            {reward.kind === 'grocery' ? t('Worth {{amount}}. ', { amount: formatCents(reward.valueCents) }) : ''}
            {reward.description}
          </p>
          {balance !== null ? (
            <p className="text-sm text-stone-600">{t('You have {{points}}.', { points: formatPoints(t, balance) })}</p>
          ) : null}
          <div className="max-w-xs">
            <RewardButton reward={reward} storeId={store.id} returnTo={location.pathname} />
          </div>
        </div>
      </article>
    </div>
  );
}
