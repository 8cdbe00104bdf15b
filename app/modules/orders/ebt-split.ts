/**
 * How an order is split between an EBT SNAP card and a card (page-safe, pure). SNAP pays only for eligible
 * items after their offer savings and their share of a promo code; fees, bag fees and tips always go on the
 * card. docs/decisions/0107-snap-ebt-tips-delivery-instructions.md.
 */

export interface SplitLine {
  snapEligible: boolean;
  lineCents: number;
  savingsCents: number;
}

export const EBT_MESSAGES = {
  OVER_ELIGIBLE: 'The EBT amount is more than your SNAP-eligible items come to.',
  OVER_BALANCE: 'The EBT amount is more than the balance you entered.',
  NOT_AN_AMOUNT: 'Enter the EBT amount and your EBT balance in dollars and cents, for example 25.00.',
  NO_CARD: 'Choose a saved EBT card.',
  CARD_NUMBER: 'An EBT card number has 16 to 19 digits.',
} as const;

/**
 * A promo code's discount split between eligible and other items in proportion to what each costs after
 * offer savings; the eligible share is rounded to the nearest cent (half up) and the other items take the rest.
 */
export function promoEligibleShare(promoCents: number, eligibleCents: number, basketCents: number): number {
  if (promoCents <= 0 || basketCents <= 0 || eligibleCents <= 0) return 0;
  return Math.min(eligibleCents, Math.round((promoCents * eligibleCents) / basketCents));
}

/** What SNAP may pay for: eligible lines after offer savings, less their share of the promo code. */
export function ebtEligibleCents(lines: readonly SplitLine[], promoCents: number): number {
  const after = (line: SplitLine) => Math.max(0, line.lineCents - line.savingsCents);
  const basket = lines.reduce((sum, line) => sum + after(line), 0);
  const eligible = lines.filter((line) => line.snapEligible).reduce((sum, line) => sum + after(line), 0);
  return eligible - promoEligibleShare(promoCents, eligible, basket);
}

export type SplitResult =
  { ok: true; ebtCents: number; cardCents: number } | { ok: false; code: 'OVER_ELIGIBLE' | 'OVER_BALANCE' };

/** The EBT part the shopper asked for, checked against what is eligible and the balance they entered. */
export function splitPayment(input: {
  totalCents: number;
  eligibleCents: number;
  ebtCents: number;
  balanceCents: number;
}): SplitResult {
  if (input.ebtCents > input.eligibleCents) return { ok: false, code: 'OVER_ELIGIBLE' };
  if (input.ebtCents > input.balanceCents) return { ok: false, code: 'OVER_BALANCE' };
  return { ok: true, ebtCents: input.ebtCents, cardCents: input.totalCents - input.ebtCents };
}

/** "EBT SNAP $12.00, Visa ••1234 $30.50" — or just the card when nothing went on EBT. */
export function paymentSplitLabel(split: {
  ebtCents: number;
  cardCents: number;
  card: { brand: string; lastFour: string } | null;
}): string {
  const card = split.card ? `${split.card.brand} ••${split.card.lastFour} ${dollars(split.cardCents)}` : null;
  if (split.ebtCents <= 0) return card ?? '';
  return [`EBT SNAP ${dollars(split.ebtCents)}`, card].filter(Boolean).join(', ');
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
