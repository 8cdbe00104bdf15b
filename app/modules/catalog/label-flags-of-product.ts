import { labelContents, type LabelledProduct } from './nutrition';
import { MAJOR_ALLERGENS } from './nutrition-rules';
import { roundNutrient } from './nutrition-rounding';
import { claimBit, LABELLED, SNAP_ELIGIBLE } from './label-flags';
import { isSnapEligible } from './snap-eligibility';

/**
 * A product's label flags (label-flags.ts) from the rules that print its label: the one source of
 * truth for the column the seed fills, the migration backfills and the search filters on. A grocery product
 * without a label has only its SNAP bit, if any.
 */
export function labelFlags(product: LabelledProduct): number {
  const snap = isSnapEligible({ kind: 'grocery', aisleSlug: product.aisleSlug, name: product.name })
    ? SNAP_ELIGIBLE
    : 0;
  const label = labelContents(product);
  if (!label) return snap;
  let flags = LABELLED | snap;
  for (const allergen of label.allergens) flags |= 1 << MAJOR_ALLERGENS.indexOf(allergen);
  // Claims are judged on the declared (rounded) amounts, what the shopper reads on the label.
  if (roundNutrient('sodium', label.amounts.sodium).value <= 140) flags |= claimBit('low-sodium');
  if (label.amounts.totalSugars < 0.5) flags |= claimBit('sugar-free');
  return flags;
}
