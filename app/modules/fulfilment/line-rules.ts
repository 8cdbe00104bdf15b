/** The rules of picking one line: weights, charges, substitutes and the shopper's answer (page-safe). */
import { z } from 'zod';

/** A by-weight line is charged for what the scale says, but never more than this much over what was ordered. */
export const WEIGHT_CAP_PERCENT = 10;
/** A weight above this many times the ordered weight is a typing mistake, not a heavy melon. */
export const ABSURD_WEIGHT_FACTOR = 3;
/** How long the shopper has to answer a substitution before the line's preference decides. */
export const ANSWER_WINDOW_MINUTES = 15;

/** Fresh produce, meat and seafood sold by the pound are weighed at picking. */
const WEIGHED_DEPARTMENTS = new Set(['produce', 'meat-seafood']);

/** Packed goods keep their price whatever the scale says. */
const PACKED = /\b(bag|box|pack|pk|case|jar|can|bottle)\b/i;

export function isSoldByWeight(product: {
  size_unit: string;
  size_label: string;
  department_slug: string | null;
}): boolean {
  return (
    product.size_unit === 'lb' &&
    WEIGHED_DEPARTMENTS.has(product.department_slug ?? '') &&
    !PACKED.test(product.size_label)
  );
}

export const LINE_REFUSALS = {
  LINE_NOT_FOUND: 'That item is not on this order.',
  TOO_MANY: 'You cannot pick more than the shopper ordered.',
  WEIGHT_NEEDED: 'Weigh this item and enter its weight in pounds.',
  WEIGHT_ABSURD: 'That weight is not possible for this line: check the scale and enter it again.',
  NO_SUBSTITUTES: 'The shopper asked for no substitutes on this item: mark it short instead.',
  NOT_A_SUBSTITUTE: 'Choose a substitute from the same aisle of this store.',
} as const;
export type LineRefusal = keyof typeof LINE_REFUSALS;

export const quantityField = z.coerce
  .number({ invalid_type_error: 'Enter a quantity from 1 to 99.' })
  .int('Enter a whole number.')
  .min(1, 'Enter a quantity from 1 to 99.')
  .max(99, 'Enter a quantity from 1 to 99.');

/** Pounds as typed on the scale screen: "1.25"; empty when the item is not weighed. */
export const poundsField = z
  .string()
  .trim()
  .max(12)
  .transform((value, ctx) => {
    if (value === '') return null;
    if (!/^\d{1,3}(\.\d{1,3})?$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'Enter the weight in pounds, like 1.25.' });
      return z.NEVER;
    }
    return Math.round(Number(value) * 1000);
  });

export const productIdField = z.coerce
  .number({ invalid_type_error: 'Choose an item.' })
  .int()
  .positive('Choose an item.');

export const substituteIdField = z.coerce
  .number({ invalid_type_error: 'Choose a substitute.' })
  .int()
  .positive('Choose a substitute.');

export const pickFormSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('picked'),
    productId: productIdField,
    quantity: quantityField,
    weight: poundsField.default(''),
  }),
  z.object({ outcome: z.literal('short'), productId: productIdField }),
  z.object({
    outcome: z.literal('substituted'),
    productId: productIdField,
    substituteId: substituteIdField,
    quantity: quantityField,
  }),
]);
export type PickInput = z.infer<typeof pickFormSchema>;

export interface OrderedLine {
  quantity: number;
  unitPriceCents: number;
  sizeQuantity: number;
  byWeight: boolean;
  substitution: 'allow' | 'none';
}

/** The price of a by-weight line from its weight: the per-pound price, the weight capped above what was ordered. */
export function weighedCharge(line: OrderedLine, pickedQuantity: number, weighedMilliLb: number): number {
  const perPound = line.unitPriceCents / line.sizeQuantity;
  const orderedMilliLb = pickedQuantity * line.sizeQuantity * 1000;
  const chargedMilliLb = Math.min(weighedMilliLb, Math.round((orderedMilliLb * (100 + WEIGHT_CAP_PERCENT)) / 100));
  return Math.round((perPound * chargedMilliLb) / 1000);
}

/** Refuses what a picker cannot have done to this line; null when the pick is possible. */
export function checkPick(line: OrderedLine, input: PickInput): LineRefusal | null {
  if (input.outcome === 'short') return null;
  if (input.quantity > line.quantity) return 'TOO_MANY';
  if (input.outcome === 'substituted') return line.substitution === 'none' ? 'NO_SUBSTITUTES' : null;
  if (!line.byWeight) return null;
  if (input.weight === null) return 'WEIGHT_NEEDED';
  const orderedMilliLb = input.quantity * line.sizeQuantity * 1000;
  if (input.weight <= 0 || input.weight > orderedMilliLb * ABSURD_WEIGHT_FACTOR) return 'WEIGHT_ABSURD';
  return null;
}

/** What the line costs the shopper after this pick (a substitute never costs more than what was ordered). */
export function chargeFor(line: OrderedLine, input: PickInput, substitutePriceCents = 0): number {
  if (input.outcome === 'short') return 0;
  if (input.outcome === 'substituted') {
    return Math.min(input.quantity * substitutePriceCents, line.quantity * line.unitPriceCents);
  }
  if (line.byWeight && input.weight !== null) return weighedCharge(line, input.quantity, input.weight);
  return input.quantity * line.unitPriceCents;
}

/** When an unanswered substitution is settled by the line's preference. */
export function answerDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ANSWER_WINDOW_MINUTES * 60_000);
}

/** Pounds for people: 1250 → "1.25 lb". */
export function poundsLabel(milliLb: number): string {
  return `${(milliLb / 1000).toFixed(2)} lb`;
}
