/**
 * The tip, the EBT SNAP part and the delivery instructions of an order being placed: checked against the
 * basket after its promo code, in the order's transaction, so a refusal leaves nothing saved.
 * docs/decisions/0107-snap-ebt-tips-delivery-instructions.md.
 */
import type { Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import type { CartLine } from '~/modules/cart/cart-view.server';
import type { DeliveryInstructions } from './delivery-instructions';
import { EBT_MESSAGES, ebtEligibleCents, splitPayment } from './ebt-split';
import { parseDollars, resolveTip, type TipChoice } from './tip-rules';
import type { Language } from '~/modules/i18n/languages';
import { wordsIn } from '~/modules/i18n/translations.server';

export interface CheckoutExtrasInput {
  tip: TipChoice;
  /** tenderId 0: no EBT part. */
  ebt: { tenderId: number; amount: string; balance: string };
  instructions: DeliveryInstructions;
}

export interface ResolvedExtras {
  tipCents: number;
  ebtCents: number;
  ebtTenderId: number | null;
}

/** Thrown inside the order's transaction so that it rolls back; placeOrder answers with the message. */
export class CheckoutExtrasRefusedError extends Error {
  constructor(readonly refusal: { ok: false; code: 'EXTRAS'; message: string }) {
    super(refusal.message);
  }
}

function refuse(message: string): never {
  throw new CheckoutExtrasRefusedError({ ok: false, code: 'EXTRAS', message });
}

/**
 * The tip (of the basket after savings and promo code) and the EBT part (never more than the eligible items
 * come to, nor the balance the shopper entered; fees and the tip stay on the card).
 */
export async function resolveExtras(
  tx: Transaction<Database>,
  customerId: number,
  order: {
    lines: readonly Pick<CartLine, 'snapEligible' | 'lineCents' | 'savingsCents'>[];
    basketCents: number;
    promoCents: number;
    feesCents: number;
    fulfilment: 'delivery' | 'pickup';
  },
  input: CheckoutExtrasInput,
  language: Language = 'en',
): Promise<ResolvedExtras> {
  const tip = resolveTip(
    input.tip,
    order.basketCents - order.promoCents,
    order.fulfilment,
    wordsIn(language, 'orders'),
  );
  if (!tip.ok) refuse(tip.message);
  if (input.ebt.tenderId === 0) return { tipCents: tip.tipCents, ebtCents: 0, ebtTenderId: null };
  const card = await tx
    .selectFrom('customer_tenders')
    .select('id')
    .where('id', '=', input.ebt.tenderId)
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'ebt')
    .executeTakeFirst();
  if (!card) refuse(EBT_MESSAGES.NO_CARD);
  const ebtCents = parseDollars(input.ebt.amount);
  const balanceCents = parseDollars(input.ebt.balance);
  if (ebtCents === null || balanceCents === null) refuse(EBT_MESSAGES.NOT_AN_AMOUNT);
  const split = splitPayment({
    totalCents: order.basketCents - order.promoCents + order.feesCents + tip.tipCents,
    eligibleCents: ebtEligibleCents(order.lines, order.promoCents),
    ebtCents,
    balanceCents,
  });
  if (!split.ok) refuse(EBT_MESSAGES[split.code]);
  return { tipCents: tip.tipCents, ebtCents: split.ebtCents, ebtTenderId: ebtCents > 0 ? card.id : null };
}

/** The instructions typed at checkout become the address's own, for the next order too. */
export async function saveAddressInstructions(
  tx: Transaction<Database>,
  customerId: number,
  addressId: number,
  instructions: DeliveryInstructions,
) {
  await tx
    .updateTable('customer_addresses')
    .set({
      gate_code: instructions.gateCode,
      leave_at_door: instructions.leaveAtDoor ? 1 : 0,
      delivery_note: instructions.deliveryNote,
    })
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .execute();
}

/** The customer's saved EBT cards (last four only), for the checkout's EBT choice. */
export async function customerEbtCards(customerId: number) {
  const rows = await db()
    .selectFrom('customer_tenders')
    .select(['id', 'last_four'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'ebt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, lastFour: row.last_four }));
}

/** Saves an EBT card as a tender: a random token and the last four digits; the number itself is dropped. */
export async function addEbtCard(customerId: number, ebtNumber: string) {
  const row = await db()
    .insertInto('customer_tenders')
    .values({
      customer_id: customerId,
      token: `tok_${randomBytes(12).toString('hex')}`,
      brand: 'EBT SNAP',
      last_four: ebtNumber.slice(-4),
      expiry: '',
      kind: 'ebt',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
