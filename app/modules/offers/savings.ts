/**
 * Savings on a basket from the customer's clipped offers and the store's weekly ad deals. Pure, so the rules are
 * unit tested; savings.server.ts loads the offers and deals that cover the basket's products.
 *
 * Rules: each offer is used at most once per basket, on the line where it saves most; each line takes
 * at most one offer (its best). Kinds:
 * - amount-off: the amount off one unit (never more than the unit price);
 * - buy-n-save: the amount off once min_quantity units are in the line;
 * - percent-off: the percent off one unit;
 * - bogo: buying min_quantity, one more unit is value% off (100 = free), so min_quantity + 1 units;
 * - points: no money off (points are earned at checkout);
 * - sale-price (a weekly ad deal): every unit at value cents, when that is below the unit price.
 * A weekly ad deal and a clipped offer on the same line do not add up: the line takes the bigger saving.
 */
export interface BasketLine {
  productId: number;
  quantity: number;
  unitPriceCents: number;
}

export interface ClippedOffer {
  offerId: number;
  title: string;
  kind: string;
  value: number;
  minQuantity: number;
  productIds: number[];
}

export interface LineSaving {
  productId: number;
  offerId: number;
  title: string;
  savingsCents: number;
}

export function offerSavingOnLine(offer: ClippedOffer, line: BasketLine): number {
  if (!offer.productIds.includes(line.productId) || line.quantity < 1) return 0;
  const unit = line.unitPriceCents;
  switch (offer.kind) {
    case 'amount-off':
      return line.quantity >= offer.minQuantity ? Math.min(offer.value, unit) : 0;
    case 'buy-n-save':
      return line.quantity >= offer.minQuantity ? Math.min(offer.value, unit * line.quantity) : 0;
    case 'percent-off':
      return line.quantity >= offer.minQuantity ? Math.floor((unit * offer.value) / 100) : 0;
    case 'sale-price':
      return line.quantity >= offer.minQuantity && offer.value < unit ? (unit - offer.value) * line.quantity : 0;
    case 'bogo':
      return line.quantity >= offer.minQuantity + 1 ? Math.floor((unit * Math.min(offer.value, 100)) / 100) : 0;
    default:
      return 0;
  }
}

export function applyClippedOffers(lines: BasketLine[], offers: ClippedOffer[]): LineSaving[] {
  const candidates: LineSaving[] = [];
  for (const offer of offers)
    for (const line of lines) {
      const savingsCents = offerSavingOnLine(offer, line);
      if (savingsCents > 0)
        candidates.push({ productId: line.productId, offerId: offer.offerId, title: offer.title, savingsCents });
    }
  // Biggest savings first; ties by offer id so the result never depends on the input order.
  candidates.sort((a, b) => b.savingsCents - a.savingsCents || a.offerId - b.offerId || a.productId - b.productId);
  const usedOffers = new Set<number>();
  const usedLines = new Set<number>();
  const applied: LineSaving[] = [];
  for (const candidate of candidates) {
    if (usedOffers.has(candidate.offerId) || usedLines.has(candidate.productId)) continue;
    usedOffers.add(candidate.offerId);
    usedLines.add(candidate.productId);
    applied.push(candidate);
  }
  return applied;
}
