import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import {
  hitRateLimit,
  RATE_RULES,
  signUpClientRule,
  waitRefusal,
  type RateState,
} from '~/modules/identity/rate-limit.server';
import type { Language } from '~/modules/i18n/languages';
import type { StoreCardProof } from './store-card-schema';
import { STORE_CARD_POINTS_DESCRIPTION, type StoreCardLookup } from './store-card-words';

/**
 * Club cards issued at a store's till (decision 0102): the customer-session lookup and what registration's step-up
 * needs. A card is found only by its number and the phone on it together, and only on its own banner's site.
 */

type Executor = Kysely<Database>;

/** An unlinked card, as read in the step-up's transaction. */
export interface StepUpCard {
  clubCard: string;
  houseId: string;
  points: number;
}

export type StepUpCandidate =
  { ok: true; card: StepUpCard } | { ok: false; code: 'CARD_NOT_FOUND' | 'CARD_ALREADY_LINKED' };

/**
 * The card with that number and phone on this banner: a store card not yet stepped up, or one that already has an
 * online account (a stepped-up store card, or the club card an online registration issued), or none.
 */
export async function stepUpCandidate(
  bannerId: string,
  proof: StoreCardProof,
  executor: Executor = db(),
): Promise<StepUpCandidate & { firstName?: string }> {
  const card = await executor
    .selectFrom('loyalty_cards')
    .select(['club_card', 'house_id', 'points', 'first_name', 'customer_id'])
    .where('club_card', '=', proof.clubCard)
    .where('phone', '=', proof.phone)
    .where('banner_id', '=', bannerId)
    .executeTakeFirst();
  if (card && card.customer_id === null)
    return {
      ok: true,
      card: { clubCard: card.club_card, houseId: card.house_id, points: Number(card.points) },
      firstName: card.first_name,
    };
  if (card) return { ok: false, code: 'CARD_ALREADY_LINKED' };
  const online = await executor
    .selectFrom('customers')
    .select('id')
    .where('club_card', '=', proof.clubCard)
    .where('phone', '=', proof.phone)
    .where('banner_id', '=', bannerId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return { ok: false, code: online ? 'CARD_ALREADY_LINKED' : 'CARD_NOT_FOUND' };
}

/** The customer-session lookup's answer: a greeting for a card to step up, "sign in" for a linked one. */
export async function lookupStoreCard(bannerId: string, proof: StoreCardProof): Promise<StoreCardLookup> {
  const candidate = await stepUpCandidate(bannerId, proof);
  if (candidate.ok) return { found: true, stepUp: true, firstName: candidate.firstName ?? '' };
  return candidate.code === 'CARD_ALREADY_LINKED' ? { found: true, stepUp: false } : { found: false };
}

/**
 * Links the card to the new account and moves its points into the account's ledger, in the caller's transaction.
 * The update is conditional (still unlinked, still the points read), so of two step-ups of one card exactly one
 * links it; the other gets false and must roll back. The unique index on customer_id holds one card per account.
 */
export async function linkStoreCard(trx: Executor, card: StepUpCard, customerId: number, at: string): Promise<boolean> {
  const linked = await trx
    .updateTable('loyalty_cards')
    .set({ customer_id: customerId, stepped_up_at: at, points: 0 })
    .where('club_card', '=', card.clubCard)
    .where('customer_id', 'is', null)
    .where('points', '=', card.points)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) !== 1) return false;
  if (card.points > 0)
    await trx
      .insertInto('reward_ledger')
      .values({
        customer_id: customerId,
        points: card.points,
        reason: 'store-card',
        description: STORE_CARD_POINTS_DESCRIPTION,
        reward_id: null,
        created_at: at,
      })
      .execute();
  return true;
}

/** A club card number for an online registration that no store card and no account already carries. */
export async function unusedClubCardNumber(trx: Executor): Promise<string> {
  for (;;) {
    const number = `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;
    const [card, customer] = await Promise.all([
      trx.selectFrom('loyalty_cards').select('club_card').where('club_card', '=', number).executeTakeFirst(),
      trx.selectFrom('customers').select('id').where('club_card', '=', number).executeTakeFirst(),
    ]);
    if (!card && !customer) return number;
  }
}

export type TriesVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts one try on a card number: the client's own allowance on that card first (so a refused client does not
 * spend the card's ceiling), then the card's ceiling from all clients; a lookup also counts against the client's
 * lookups (sign-up's client limit; a step-up already counts as a sign-up).
 */
export async function storeCardTriesAllowed(
  clientKey: string,
  clubCard: string,
  kind: 'lookup' | 'step-up',
  nowMs = Date.now(),
  language: Language = 'en',
): Promise<TriesVerdict> {
  const states: RateState[] = [];
  if (kind === 'lookup') states.push(await hitRateLimit(`card-lookup:client:${clientKey}`, signUpClientRule(), nowMs));
  const own = await hitRateLimit(`card:try:${clubCard}:${clientKey}`, RATE_RULES.storeCardTriesPerCardAndClient, nowMs);
  states.push(own);
  if (own.allowed) states.push(await hitRateLimit(`card:try:${clubCard}`, RATE_RULES.storeCardTriesPerCard, nowMs));
  const refused = states.filter((state) => !state.allowed);
  if (refused.length === 0) return { allowed: true };
  const retryAfterSeconds = Math.max(...refused.map((state) => state.retryAfterSeconds));
  return {
    allowed: false,
    retryAfterSeconds,
    message: waitRefusal('attempts', retryAfterSeconds, language),
  };
}
