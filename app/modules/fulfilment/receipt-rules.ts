/** How a receipt adds up (page-safe): what was picked is charged, savings follow the lines picked as ordered. */
import type { SubstitutionApproval } from '~/db/schema';

export interface ReceiptLineInput {
  ordered: { quantity: number; unitPriceCents: number };
  savingsCents: number;
  pick: {
    outcome: string;
    quantity: number;
    approval: SubstitutionApproval | null;
    chargedCents: number;
  } | null;
}

/**
 * A line's clipped-offer savings on the receipt: its share of what was picked as ordered. A substitute
 * or a shortage loses the offer (it was for the ordered product).
 */
export function receiptLineSavings(line: ReceiptLineInput): number {
  if (!line.pick || line.pick.outcome !== 'picked' || line.ordered.quantity === 0) return 0;
  return Math.round((line.savingsCents * Math.min(line.pick.quantity, line.ordered.quantity)) / line.ordered.quantity);
}

/** Whether the shopper pays for the line: a rejected substitute is not charged. */
export function isCharged(line: ReceiptLineInput): boolean {
  return line.pick !== null && line.pick.approval !== 'rejected' && line.pick.outcome !== 'short';
}

/** The receipt's totals; a promo code's discount (decision 0105) never takes more than the picked basket. */
export function receiptTotals(
  lines: readonly ReceiptLineInput[],
  fees: { feesCents: number; promoCents?: number; tipCents?: number },
) {
  const subtotalCents = lines.reduce((sum, line) => sum + (isCharged(line) ? line.pick!.chargedCents : 0), 0);
  const savingsCents = lines.reduce((sum, line) => sum + receiptLineSavings(line), 0);
  const orderedCents = lines.reduce((sum, line) => sum + line.ordered.quantity * line.ordered.unitPriceCents, 0);
  const basketCents = Math.max(0, subtotalCents - savingsCents);
  const promoCents = Math.min(fees.promoCents ?? 0, basketCents);
  return {
    orderedCents,
    subtotalCents,
    savingsCents,
    promoCents,
    feesCents: fees.feesCents,
    tipCents: fees.tipCents ?? 0,
    totalCents: basketCents - promoCents + fees.feesCents + (fees.tipCents ?? 0),
  };
}
