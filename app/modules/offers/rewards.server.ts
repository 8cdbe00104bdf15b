import { sql, type Kysely } from 'kysely';
import { database, db } from '~/db/db.server';
import type { Database, RewardKind } from '~/db/schema';
import { storeRewards, type StoreRewards } from '~/modules/stores/store-rewards';
import { storeWithCustomFields } from '~/modules/stores/stores.server';
import { REWARD_REFUSALS, type RewardRefusalCode } from './refusals';
import { catalogueWords } from '~/modules/catalog/catalogue-words';
import type { Language } from '~/modules/i18n/languages';
import { historyLineIn } from './reward-language.server';

/** Spec section 9: the reward summary refreshes every rewardSummaryTime ms on an open page. */
export const REWARD_SUMMARY_TIME_MS = 10_000;

/** Whether a store offers a kind of reward, and how many of that kind a customer may hold at once. */
export function rewardRules(rewards: StoreRewards, kind: RewardKind): { offered: boolean; limit: number } {
  if (kind === 'grocery') return { offered: rewards.hasGroceryRewards, limit: Number.POSITIVE_INFINITY };
  if (kind === 'gas-own') return { offered: Boolean(rewards.gasRewardsId), limit: rewards.ownMaxRedemption };
  return { offered: Boolean(rewards.partnerFuelLogo), limit: rewards.partnerMaxRedemption };
}

/** A customer's points: the sum of their ledger (inside a transaction when one is given). */
export async function pointsBalance(customerId: number, executor: Kysely<Database> = db()): Promise<number> {
  const row = await executor
    .selectFrom('reward_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('balance'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Points balance and redeemed rewards: what the header and rewards page refresh every 10 s. */
export async function rewardsSummary(customerId: number, bannerId: string) {
  const [balance, clipped] = await Promise.all([
    pointsBalance(customerId),
    db()
      .selectFrom('reward_clips as rc')
      .innerJoin('rewards as r', 'r.id', 'rc.reward_id')
      .select(['r.id', 'r.title', 'r.kind', 'rc.store_id', 'rc.clipped_at'])
      .where('rc.customer_id', '=', customerId)
      .where('r.banner_id', '=', bannerId)
      .orderBy('rc.clipped_at', 'desc')
      .execute(),
  ]);
  return {
    balance,
    clippedRewards: clipped.map((row) => ({
      rewardId: row.id,
      title: row.title,
      kind: row.kind,
      storeId: String(row.store_id),
      clippedAt: row.clipped_at,
    })),
    refreshMs: REWARD_SUMMARY_TIME_MS,
  };
}

/** Spec section 7, rewards history: the ledger, newest first, its lines in the shopper's language (decision 0123). */
export async function rewardsHistory(customerId: number, limit = 50, language: Language = 'en') {
  const rows = await db()
    .selectFrom('reward_ledger as l')
    .leftJoin('rewards as r', 'r.id', 'l.reward_id')
    .select(['l.id', 'l.points', 'l.reason', 'l.description', 'l.created_at', 'r.title_es as reward_title_es'])
    .where('l.customer_id', '=', customerId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    points: row.points,
    reason: row.reason,
    description: historyLineIn(language, row.description, row.reward_title_es),
    at: row.created_at,
  }));
}

/** The banner's live rewards at a store, with what the customer (if any) redeemed and can afford. */
export async function availableRewards(input: {
  bannerId: string;
  storeId: number;
  customerId: number | null;
  now?: Date;
  /** The language reward titles and descriptions are read in; English when absent. */
  language?: Language;
}) {
  const found = await storeWithCustomFields(input.storeId);
  const rules = found ? storeRewards(found.store.id, found.fields, found.map) : null;
  const customerId = input.customerId ?? -1;
  const [rows, balance] = await Promise.all([
    db()
      .selectFrom('rewards as r')
      .leftJoin('reward_clips as rc', (join) =>
        join.onRef('rc.reward_id', '=', 'r.id').on('rc.customer_id', '=', customerId),
      )
      .select([
        'r.id',
        'r.slug',
        'r.kind',
        'r.title',
        'r.description',
        'r.title_es',
        'r.description_es',
        'r.points_cost',
        'r.value_cents',
        'r.image_key',
        'rc.store_id as clipped_store',
      ])
      .where('r.banner_id', '=', input.bannerId)
      .where('r.ends_at', '>', (input.now ?? new Date()).toISOString())
      .orderBy('r.kind')
      .orderBy('r.points_cost')
      .execute(),
    input.customerId === null ? Promise.resolve(null) : pointsBalance(input.customerId),
  ]);
  return {
    storeRewards: rules,
    balance,
    rewards: rows
      .filter((row) => rules && rewardRules(rules, row.kind).offered)
      .map((row) => ({
        id: row.id,
        slug: row.slug,
        kind: row.kind,
        title: catalogueWords(input.language ?? 'en', row.title, row.title_es),
        description: catalogueWords(input.language ?? 'en', row.description, row.description_es),
        pointsCost: row.points_cost,
        valueCents: row.value_cents,
        imageKey: row.image_key,
        clipped: input.customerId === null ? null : row.clipped_store !== null,
        affordable: balance === null ? null : balance >= row.points_cost,
      })),
  };
}

export async function rewardBySlug(bannerId: string, slug: string) {
  return db()
    .selectFrom('rewards')
    .selectAll()
    .where('banner_id', '=', bannerId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export type RedeemResult =
  | { ok: true; rewardId: number; title: string; alreadyRedeemed: boolean; balance: number }
  | { ok: false; code: RewardRefusalCode; message: string };

const refuse = (code: RewardRefusalCode): RedeemResult => ({ ok: false, code, message: REWARD_REFUSALS[code] });

/**
 * Redeems ("clips") a reward at a store: the store must offer its kind, the customer must have the
 * points, and fuel rewards respect the store's own and partner redemption limits. The points move in
 * the same transaction as the clip; redeeming again changes nothing.
 */
export async function redeemReward(
  input: { customerId: number; bannerId: string; rewardId: number; storeId: number },
  now = new Date(),
): Promise<RedeemResult> {
  const [reward, found] = await Promise.all([
    db().selectFrom('rewards').selectAll().where('id', '=', input.rewardId).executeTakeFirst(),
    storeWithCustomFields(input.storeId),
  ]);
  if (!reward || reward.banner_id !== input.bannerId) return refuse('REWARD_NOT_FOUND');
  if (reward.ends_at <= now.toISOString()) return refuse('REWARD_EXPIRED');
  if (!found || found.store.banner_id !== input.bannerId) return refuse('REWARD_NOT_AT_STORE');
  const rules = rewardRules(storeRewards(found.store.id, found.fields, found.map), reward.kind);
  if (!rules.offered) return refuse('REWARD_NOT_AT_STORE');

  return db()
    .transaction()
    .execute(async (trx) => {
      // One redemption at a time per customer, so two tabs cannot spend the same points. (SQLite
      // transactions already run one at a time on the storefront's single connection.)
      if (database().dialect === 'postgres') {
        await trx.selectFrom('customers').select('id').where('id', '=', input.customerId).forUpdate().execute();
      }
      const existing = await trx
        .selectFrom('reward_clips')
        .select('reward_id')
        .where('customer_id', '=', input.customerId)
        .where('reward_id', '=', reward.id)
        .executeTakeFirst();
      const balance = await pointsBalance(input.customerId, trx);
      if (existing) return { ok: true, rewardId: reward.id, title: reward.title, alreadyRedeemed: true, balance };
      if (balance < reward.points_cost) return refuse('NOT_ENOUGH_POINTS');
      if (Number.isFinite(rules.limit)) {
        const held = await trx
          .selectFrom('reward_clips as rc')
          .innerJoin('rewards as r', 'r.id', 'rc.reward_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('rc.customer_id', '=', input.customerId)
          .where('r.kind', '=', reward.kind)
          .executeTakeFirst();
        if (Number(held?.n ?? 0) >= rules.limit) return refuse('REDEMPTION_LIMIT');
      }
      const at = now.toISOString();
      await trx
        .insertInto('reward_clips')
        .values({ customer_id: input.customerId, reward_id: reward.id, store_id: found.store.id, clipped_at: at })
        .execute();
      await trx
        .insertInto('reward_ledger')
        .values({
          customer_id: input.customerId,
          points: -reward.points_cost,
          reason: 'redeem',
          description: `Redeemed: ${reward.title}`,
          reward_id: reward.id,
          created_at: at,
        })
        .execute();
      return {
        ok: true,
        rewardId: reward.id,
        title: reward.title,
        alreadyRedeemed: false,
        balance: balance - reward.points_cost,
      } satisfies RedeemResult;
    });
}

/** Spec section 7, reward unclip (storeId): gives the points back; nothing happens when not redeemed there. */
export async function unclipReward(
  input: { customerId: number; rewardId: number; storeId: number },
  now = new Date(),
): Promise<{ ok: true; removed: boolean; balance: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .deleteFrom('reward_clips')
        .where('customer_id', '=', input.customerId)
        .where('reward_id', '=', input.rewardId)
        .where('store_id', '=', input.storeId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        const reward = await trx
          .selectFrom('rewards')
          .select(['points_cost', 'title'])
          .where('id', '=', input.rewardId)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('reward_ledger')
          .values({
            customer_id: input.customerId,
            points: reward.points_cost,
            reason: 'refund',
            description: `Removed: ${reward.title}`,
            reward_id: input.rewardId,
            created_at: now.toISOString(),
          })
          .execute();
      }
      return {
        ok: true as const,
        removed: Number(removed.numDeletedRows) > 0,
        balance: await pointsBalance(input.customerId, trx),
      };
    });
}
