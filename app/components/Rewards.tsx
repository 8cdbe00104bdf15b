import { Link, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { formatCents, ScriptAnswerField, useT } from '~/components/page-essentials';
import type { T } from '~/modules/i18n/translate';
import { rewardAnchor, type RewardAnswer } from '~/modules/offers/reward-form';

export interface RewardCardData {
  id: number;
  slug: string;
  kind: 'grocery' | 'gas-own' | 'gas-partner';
  title: string;
  description: string;
  pointsCost: number;
  valueCents: number;
  imageKey: string;
  clipped: boolean | null;
  affordable: boolean | null;
}

const pointsFormat = new Intl.NumberFormat('en-US');
export const formatPoints = (t: T, points: number) =>
  t('{{points}} points', { count: points, points: pointsFormat.format(points) });

/**
 * The points balance; with JavaScript it refreshes every rewardSummaryTime (spec section 9: 10,000 ms)
 * from the rewards summary call, so points earned or spent in another tab show up.
 */
export function PointsBalance({ initial, refreshMs }: { initial: number; refreshMs: number }) {
  const t = useT();
  const [balance, setBalance] = useState(initial);
  useEffect(() => setBalance(initial), [initial]);
  useEffect(() => {
    const timer = window.setInterval(async () => {
      const response = await fetch('/api/rewards/summary', { headers: { Accept: 'application/json' } }).catch(
        () => null,
      );
      if (!response?.ok) return;
      const body = (await response.json().catch(() => null)) as { balance?: unknown } | null;
      if (typeof body?.balance === 'number') setBalance(body.balance);
    }, refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs]);
  return (
    <p className="text-4xl font-extrabold text-brand-dark" data-testid="points-balance" aria-live="polite">
      {formatPoints(t, balance)}
    </p>
  );
}

/**
 * Redeem or remove a reward at a store. Without JavaScript the post redirects back to the reward's anchor; with it the
 * button flips at once (back, with the server's message, if refused), and what happened is read out by the card's
 * status region (WCAG 4.1.3), in the page from the start and empty till then.
 */
export function RewardButton({
  reward,
  storeId,
  returnTo,
  serverError,
}: {
  reward: RewardCardData;
  storeId: string;
  returnTo: string;
  serverError?: string | null;
}) {
  const t = useT();
  const fetcher = useFetcher<RewardAnswer>({ key: `reward-${reward.id}` });
  const pending = fetcher.formData?.get('intent');
  const redeemed = pending ? pending === 'redeem' : fetcher.data?.ok ? fetcher.data.redeemed : Boolean(reward.clipped);
  const refused = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null;
  const error = refused ? t(refused) : serverError;
  // The action's JSON is English: the card says what happened in the page's language.
  const done = fetcher.state === 'idle' && fetcher.data?.ok ? fetcher.data : null;
  const title = reward.title;
  const said = done
    ? done.redeemed
      ? t('Redeemed: {{title}}', { title })
      : t('Removed: {{title}}. Your points are back.', { title })
    : '';
  return (
    <fetcher.Form method="post" action="/foru/reward" className="mt-auto">
      <ScriptAnswerField />
      <input type="hidden" name="rewardId" value={reward.id} />
      <input type="hidden" name="storeId" value={storeId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="intent" value={redeemed ? 'remove' : 'redeem'} />
      {reward.clipped === null ? (
        <button type="submit" className="btn-outline w-full">
          {t('Sign in to redeem')}
          <span className="sr-only"> {reward.title}</span>
        </button>
      ) : redeemed ? (
        <button type="submit" className="btn w-full bg-brand-soft text-brand-dark" aria-pressed="true">
          <span aria-hidden="true">✓</span> {t('Redeemed')}
          <span className="sr-only">{t(': {{title}}. Select to remove it.', { title: reward.title })}</span>
        </button>
      ) : (
        <button type="submit" className="btn-primary w-full" aria-pressed="false">
          {t('Redeem {{points}} pts', { points: pointsFormat.format(reward.pointsCost) })}
          <span className="sr-only">{t(' for {{title}}', { title: reward.title })}</span>
        </button>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function RewardCard({
  reward,
  storeId,
  returnTo,
  serverError,
}: {
  reward: RewardCardData;
  storeId: string;
  returnTo: string;
  serverError?: string | null;
}) {
  const t = useT();
  return (
    <article
      id={rewardAnchor(reward.id)}
      className="card flex scroll-mt-52 md:scroll-mt-28 flex-col gap-2 p-4"
      data-testid="reward-card"
    >
      <div className="flex items-center gap-3">
        <img
          src={`/images/products/${reward.imageKey}.svg`}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="h-14 w-14 rounded-xl bg-stone-50 p-1"
        />
        <div>
          <p className="text-sm font-bold text-brand-dark">{formatPoints(t, reward.pointsCost)}</p>
          <h3 className="font-semibold leading-snug">
            <Link to={`/foru/rewards/${reward.slug}.${storeId}.html`} className="hover:text-brand hover:underline">
              {reward.title}
            </Link>
          </h3>
        </div>
      </div>
      <p className="text-sm text-stone-600">
        {reward.kind === 'grocery' ? t('Worth {{amount}}. ', { amount: formatCents(reward.valueCents) }) : ''}
        {reward.description}
      </p>
      <RewardButton reward={reward} storeId={storeId} returnTo={returnTo} serverError={serverError} />
    </article>
  );
}
