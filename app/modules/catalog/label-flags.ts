/**
 * The label facts a shopper can filter by, as bits of products.label_flags (docs/decisions/0108-allergen-and-nutrition-filters.md):
 * bit i for "contains" the i-th major allergen, LABELLED when the product has a Nutrition Facts label at all, and
 * one bit per nutrient content claim the label meets. Browser-safe: the ids and words, no rules.
 * The bits are computed by label-flags-of-product.ts from the same rules that print the label.
 */

/** The nine major allergens as a shopper picks them, in label order (bit i is ALLERGENS[i]). */
export const ALLERGENS = [
  { id: 'milk', label: 'Milk', noun: 'milk' },
  { id: 'eggs', label: 'Eggs', noun: 'eggs' },
  { id: 'fish', label: 'Fish', noun: 'fish' },
  { id: 'shellfish', label: 'Shellfish', noun: 'shellfish' },
  { id: 'tree-nuts', label: 'Tree nuts', noun: 'tree nuts' },
  { id: 'peanuts', label: 'Peanuts', noun: 'peanuts' },
  { id: 'wheat', label: 'Wheat', noun: 'wheat' },
  { id: 'soybeans', label: 'Soybeans', noun: 'soybeans' },
  { id: 'sesame', label: 'Sesame', noun: 'sesame' },
] as const;
export type AllergenId = (typeof ALLERGENS)[number]['id'];

/**
 * Nutrient content claims by the FDA's definitions, per labelled serving: "low sodium" 140 mg or less
 * (21 CFR 101.61(b)(4)), "sugar free" less than 0.5 g of sugars (21 CFR 101.60(c)(1)).
 */
export const NUTRITION_CLAIMS = [
  { id: 'low-sodium', label: 'Low sodium (140 mg or less)' },
  { id: 'sugar-free', label: 'Sugar free (under 0.5 g sugars)' },
] as const;
export type NutritionClaimId = (typeof NUTRITION_CLAIMS)[number]['id'];

export const LABELLED = 1 << 9;
/** SNAP (EBT) may buy the product (snap-eligibility.ts), label or not: produce has no label and is food. */
export const SNAP_ELIGIBLE = 1 << 12;
const CLAIM_BITS: Record<NutritionClaimId, number> = { 'low-sodium': 1 << 10, 'sugar-free': 1 << 11 };

export const allergenBit = (id: AllergenId) => 1 << ALLERGENS.findIndex((allergen) => allergen.id === id);
export const claimBit = (id: NutritionClaimId) => CLAIM_BITS[id];

/** Allergen ids to bits and back (a household's list is stored as bits too). */
export function allergenBits(ids: readonly AllergenId[]): number {
  return ids.reduce((bits, id) => bits | allergenBit(id), 0);
}
export function allergenIdsOf(bits: number): AllergenId[] {
  return ALLERGENS.filter((_, i) => (bits & (1 << i)) !== 0).map((allergen) => allergen.id);
}

/**
 * The condition a product's flags must meet for the filters: `(flags & mask) = want`. "Free from"
 * needs a label (a product without one is not known to be free of anything) and none of the allergens;
 * a claim needs its bit; `snap` needs SNAP eligibility, with or without a label.
 */
export function labelCondition(freeFrom: readonly AllergenId[], claims: readonly NutritionClaimId[], snap = false) {
  const claimed = claims.reduce((bits, id) => bits | claimBit(id), 0);
  const labelled = freeFrom.length || claims.length ? LABELLED : 0;
  const eligible = snap ? SNAP_ELIGIBLE : 0;
  return { mask: labelled | allergenBits(freeFrom) | claimed | eligible, want: labelled | claimed | eligible };
}

export function meetsLabelFilters(
  flags: number,
  freeFrom: readonly AllergenId[],
  claims: readonly NutritionClaimId[],
  snap = false,
): boolean {
  const { mask, want } = labelCondition(freeFrom, claims, snap);
  return (flags & mask) === want;
}

/** "Contains peanuts — on your household's allergy list", or null when none of the household's allergens is in it. */
export function allergyWarning(flags: number, householdBits: number): string | null {
  const listed = allergenIdsOf(flags & householdBits & (LABELLED - 1));
  if (listed.length === 0) return null;
  const nouns = ALLERGENS.filter((allergen) => listed.includes(allergen.id)).map((allergen) => allergen.noun);
  const named = nouns.length === 1 ? nouns[0] : `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]}`;
  return `Contains ${named} — on your household's allergy list`;
}

/** Comma-separated ids in an address ("peanuts,milk") → the known ids in list order, and the unknown words. */
export function parseIdList<T extends string>(
  raw: string | undefined,
  known: readonly { id: T }[],
): { ids: T[]; unknown: string[] } {
  const words = (raw ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const unknown = words.filter((word) => !known.some((entry) => entry.id === word));
  return { ids: known.filter((entry) => words.includes(entry.id)).map((entry) => entry.id), unknown };
}
