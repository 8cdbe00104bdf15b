import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, formatCents, pageMeta } from '~/components/page-essentials';
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
  const page = parseRewardPage(params.page ?? '');
  const store = page ? await storeById(page.branchId) : undefined;
  if (!page || !store || store.banner_id !== shopper.host.bannerId) {
    throw json({ message: "We couldn't find that reward at that store." }, { status: 404, headers: shopper.headers });
  }
  const viewer = await offerViewer(request, shopper);
  const atStore = await availableRewards({
    bannerId: viewer.bannerId,
    storeId: store.id,
    customerId: viewer.customerId,
  });
  const reward = atStore.rewards.find((candidate) => candidate.slug === page.slug);
  if (!reward) {
    throw json({ message: "We couldn't find that reward at that store." }, { status: 404, headers: shopper.headers });
  }
  return json(
    { reward, balance: atStore.balance, store: { id: String(store.id), name: store.name } },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.reward.title, `${data.reward.description} Redeem it with your rewards points.`)
    : pageMeta('Reward', 'A reward to redeem with your points.');

export default function RewardDetailsPage() {
  const { reward, balance, store } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="container-page max-w-3xl py-8">
      <Link to="/foru/rewards.html" className="text-sm font-semibold text-brand underline">
        ← All rewards
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
          <p className="text-sm font-semibold text-stone-500">Redeem at {store.name}</p>
          <h1 className="text-2xl font-extrabold">{reward.title}</h1>
          <p className="text-lg font-bold text-brand-dark">{formatPoints(reward.pointsCost)}</p>
          <p className="text-stone-700">
            {reward.kind === 'grocery' ? `Worth ${formatCents(reward.valueCents)}. ` : ''}
            {reward.description}
          </p>
          {balance !== null ? <p className="text-sm text-stone-600">You have {formatPoints(balance)}.</p> : null}
          <div className="max-w-xs">
            <RewardButton reward={reward} storeId={store.id} returnTo={location.pathname} />
          </div>
        </div>
      </article>
    </div>
  );
}
