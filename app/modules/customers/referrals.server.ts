import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { hitRateLimit, waitRefusal } from '~/modules/identity/rate-limit.server';
import type { Language } from '~/modules/i18n/languages';
import { normalizeReferralCode, REFERRAL_MESSAGES, REFERRAL_POINTS, referralCodeFrom } from './referral-rules';

/**
 * Refer a friend (flag referralProgramEnabled, decision 0098): each customer's code, the referral a new customer's
 * sign-up records, and the points both get at the friend's first order, exactly once.
 */

/** Codes one client may try at sign-up in 15 minutes: enough for typos, far too few to guess one. */
export const REFERRAL_CODE_TRIES = { limit: 10, windowSeconds: 15 * 60 } as const;

/**
 * Gives a customer their refer-a-friend code, in the transaction that creates the account (registration, the seed;
 * migration 0039 gave every older account one). A code drawn twice (one chance in hundreds of billions) is drawn again;
 * a customer who has one keeps it. Every conflict is skipped rather than raised, so a transaction never aborts here.
 */
export async function giveReferralCode(
  executor: Kysely<Database>,
  customerId: number,
  now: Date,
  randomByte: () => number = randomBytesSource(),
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    await executor
      .insertInto('referral_codes')
      .values({ customer_id: customerId, code: referralCodeFrom(randomByte), created_at: now.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const row = await executor
      .selectFrom('referral_codes')
      .select('code')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error('could not draw a free referral code');
}

function randomBytesSource(): () => number {
  let bytes = randomBytes(64);
  let next = 0;
  return () => {
    if (next === bytes.length) [bytes, next] = [randomBytes(64), 0];
    return bytes[next++]!;
  };
}

/** The customer's code (read only: a page that shows it writes nothing), or null for an account without one. */
export async function referralCode(customerId: number): Promise<string | null> {
  const row = await db()
    .selectFrom('referral_codes')
    .select('code')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** What the account shows beside the code: friends who joined with it, and the points they earned the customer. */
export async function referralSummary(customerId: number) {
  const [joined, earned] = await Promise.all([
    db()
      .selectFrom('referrals')
      .select([
        (eb) => eb.fn.countAll<number>().as('joined'),
        (eb) => eb.fn.count<number>('credited_order_id').as('credited'),
      ])
      .where('referrer_id', '=', customerId)
      .executeTakeFirst(),
    db()
      .selectFrom('reward_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
      .where('customer_id', '=', customerId)
      .where('reason', '=', 'referral')
      .executeTakeFirst(),
  ]);
  return {
    friendsJoined: Number(joined?.joined ?? 0),
    friendsCredited: Number(joined?.credited ?? 0),
    pointsEarned: Number(earned?.points ?? 0),
  };
}

export type ReferralCheck =
  | { ok: true; referral: { referrerId: number; code: string } | null }
  | { ok: false; message: string; retryAfterSeconds?: number };

/**
 * The code a sign-up typed: none (fine), or a known code of an open consumer account. Each code typed counts
 * against the client's tries first, so guessing codes stops after a few. Nothing here depends on the email.
 */
export async function checkReferralCode(
  typed: string | undefined,
  input: { clientKey: string; siteType: 'C' | 'B'; nowMs?: number; language?: Language },
): Promise<ReferralCheck> {
  if (!typed?.trim()) return { ok: true, referral: null };
  const tries = await hitRateLimit(`referral:client:${input.clientKey}`, REFERRAL_CODE_TRIES, input.nowMs);
  if (!tries.allowed)
    return {
      ok: false,
      retryAfterSeconds: tries.retryAfterSeconds,
      message: waitRefusal('referralCodes', tries.retryAfterSeconds, input.language),
    };
  const code = normalizeReferralCode(typed);
  if (!code) return { ok: false, message: REFERRAL_MESSAGES.format };
  const owner = await db()
    .selectFrom('referral_codes as rc')
    .innerJoin('customers as c', 'c.id', 'rc.customer_id')
    .select(['c.id', 'c.site_type', 'c.closed_at'])
    .where('rc.code', '=', code)
    .executeTakeFirst();
  // The programme is the consumer site's: a business account's code, or a closed account's, is no code.
  if (!owner || owner.closed_at || owner.site_type !== 'C' || input.siteType !== 'C')
    return { ok: false, message: REFERRAL_MESSAGES.unknown };
  return { ok: true, referral: { referrerId: owner.id, code } };
}

/** Records who referred a brand-new customer, in the transaction that creates the account. */
export async function recordReferral(
  tx: Transaction<Database>,
  input: { refereeId: number; referrerId: number; code: string; now: Date },
): Promise<void> {
  if (input.refereeId === input.referrerId) return;
  await tx
    .insertInto('referrals')
    .values({
      referee_id: input.refereeId,
      referrer_id: input.referrerId,
      code: input.code,
      created_at: input.now.toISOString(),
      credited_order_id: null,
      credited_at: null,
    })
    .onConflict((conflict) => conflict.column('referee_id').doNothing())
    .execute();
}

/**
 * At an order's placement, in its transaction: when the customer was referred, this is their first order (no other
 * order of theirs stands), and the referral has not been credited, both customers get REFERRAL_POINTS. One conditional
 * update claims the referral, so two first orders at once credit once: the second finds it taken (and on PostgreSQL
 * waits for the first's commit to see so). Not for a self-referral: the friend shares the referrer's phone number or
 * has the order delivered to one of the referrer's saved addresses. Returns whether it credited.
 */
export async function creditReferralAtFirstOrder(
  tx: Transaction<Database>,
  input: { customerId: number; orderId: number; orderNumber: string; enabled: boolean; now: Date },
): Promise<boolean> {
  if (!input.enabled) return false;
  const referral = await tx
    .selectFrom('referrals as r')
    .innerJoin('customers as friend', 'friend.id', 'r.referee_id')
    .innerJoin('customers as referrer', 'referrer.id', 'r.referrer_id')
    .select(['r.referrer_id', 'friend.phone as friendPhone', 'referrer.phone as referrerPhone', 'referrer.closed_at'])
    .where('r.referee_id', '=', input.customerId)
    .where('r.credited_order_id', 'is', null)
    .executeTakeFirst();
  if (!referral || referral.closed_at) return false;
  if (await isSelfReferral(tx, { ...referral, orderId: input.orderId })) return false;
  const claimed = await tx
    .updateTable('referrals')
    .set({ credited_order_id: input.orderId, credited_at: input.now.toISOString() })
    .where('referee_id', '=', input.customerId)
    .where('credited_order_id', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orders')
            .select('id')
            .where('customer_id', '=', input.customerId)
            .where('id', '<>', input.orderId)
            .where('cancelled_at', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const at = input.now.toISOString();
  await tx
    .insertInto('reward_ledger')
    .values([
      {
        customer_id: referral.referrer_id,
        points: REFERRAL_POINTS,
        reason: 'referral',
        description: 'Refer a friend: a friend you referred placed their first order',
        reward_id: null,
        created_at: at,
      },
      {
        customer_id: input.customerId,
        points: REFERRAL_POINTS,
        reason: 'referral',
        description: `Refer a friend: your first order ${input.orderNumber}`,
        reward_id: null,
        created_at: at,
      },
    ])
    .execute();
  return true;
}

async function isSelfReferral(
  tx: Kysely<Database>,
  input: { referrer_id: number; friendPhone: string; referrerPhone: string; orderId: number },
): Promise<boolean> {
  if (input.friendPhone && input.friendPhone === input.referrerPhone) return true;
  const sharedAddress = await tx
    .selectFrom('orders as o')
    .innerJoin('customer_addresses as mine', 'mine.id', 'o.address_id')
    .innerJoin('customer_addresses as theirs', 'theirs.address_hash', 'mine.address_hash')
    .select('theirs.id')
    .where('o.id', '=', input.orderId)
    .where('theirs.customer_id', '=', input.referrer_id)
    .executeTakeFirst();
  return Boolean(sharedAddress);
}

/**
 * A cancelled order that earned the referral points gives them back (a negative row for each customer) and frees the
 * referral for the friend's next order, which is then their first that stands.
 */
export async function withdrawReferralCredit(orderId: number, now = new Date()): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (tx) => {
      const referral = await tx
        .selectFrom('referrals')
        .select(['referee_id', 'referrer_id'])
        .where('credited_order_id', '=', orderId)
        .executeTakeFirst();
      if (!referral) return false;
      const released = await tx
        .updateTable('referrals')
        .set({ credited_order_id: null, credited_at: null })
        .where('referee_id', '=', referral.referee_id)
        .where('credited_order_id', '=', orderId)
        .executeTakeFirst();
      if (Number(released.numUpdatedRows) !== 1) return false;
      const at = now.toISOString();
      await tx
        .insertInto('reward_ledger')
        .values(
          [referral.referrer_id, referral.referee_id].map((customerId) => ({
            customer_id: customerId,
            points: -REFERRAL_POINTS,
            reason: 'referral' as const,
            description: 'Refer a friend: the first order was cancelled',
            reward_id: null,
            created_at: at,
          })),
        )
        .execute();
      return true;
    });
}
