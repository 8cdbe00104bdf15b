/**
 * Whether SNAP benefits (paid with an EBT card) may buy a product, by the USDA's rules for retailers
 * (7 U.S.C. 2012(k), fns.usda.gov "What can SNAP buy?"), read from what the catalogue knows of it: its
 * kind, aisle and the words of its name — the same inputs as the Nutrition Facts rules (decision 0104).
 * Page-safe and pure. docs/decisions/0107-snap-ebt-tips-delivery-instructions.md.
 */

export type SnapReason =
  | 'food'
  | 'alcohol'
  | 'tobacco'
  | 'hot-food'
  | 'supplement'
  | 'medicine'
  | 'pet-food'
  | 'non-food'
  | 'not-sold-by-store';

export interface SnapVerdict {
  eligible: boolean;
  reason: SnapReason;
}

export interface SnapProduct {
  kind: 'grocery' | 'wine' | 'marketplace';
  aisleSlug: string | null;
  /** The product's name as sold ("Meadow Dairy 2% Reduced Fat Milk, 1 gal"). */
  name: string;
}

/** Aisles whose every product SNAP may not buy, and why. */
const INELIGIBLE_AISLES: Readonly<Record<string, Exclude<SnapReason, 'food'>>> = {
  beer: 'alcohol',
  'hard-seltzer-cider': 'alcohol',
  'wine-spirits': 'alcohol',
  'vitamins-supplements': 'supplement',
  medicine: 'medicine',
  'dog-food': 'pet-food',
  'cat-food': 'pet-food',
  'pet-treats': 'pet-food',
  'litter-supplies': 'non-food',
  'diapers-wipes': 'non-food',
  'baby-care': 'non-food',
  'paper-goods': 'non-food',
  laundry: 'non-food',
  'dish-care': 'non-food',
  'cleaning-supplies': 'non-food',
  'trash-foil-storage': 'non-food',
  'oral-care': 'non-food',
  'hair-skin-care': 'non-food',
};

/**
 * Words that make a product ineligible wherever it is shelved. Alcohol and pet food are known by their aisles:
 * "Red Wine Vinegar", "Ginger Ale" and "Hot Dog Buns" are food.
 */
const INELIGIBLE_WORDS: readonly { pattern: RegExp; reason: Exclude<SnapReason, 'food'> }[] = [
  { pattern: /\b(cigarettes?|cigars?|tobacco|vape|nicotine)\b/, reason: 'tobacco' },
  // Sold hot to eat at once; the same food sold cold is eligible.
  { pattern: /\b(rotisserie|hot bar|hot food|hot prepared|hot soup|fried chicken)\b/, reason: 'hot-food' },
  // A "Supplement Facts" label (energy shots, supplement drinks) instead of Nutrition Facts.
  // ("Vitamin D Whole Milk" is milk.)
  { pattern: /\b(supplements?|multivitamins?|energy shots?)\b/, reason: 'supplement' },
];

/** Seeds and plants that produce food for the household to eat are eligible; flowers are not. */
const FOOD_PLANTS = /\b(seeds?|seedlings?|herb plant|tomato plant|vegetable plant|pepper plant|starter plant)\b/;

export function snapEligibility(product: SnapProduct): SnapVerdict {
  // Wine ships from the winery and marketplace goods from other sellers: neither is the SNAP-authorised store.
  if (product.kind === 'wine') return { eligible: false, reason: 'alcohol' };
  if (product.kind === 'marketplace') return { eligible: false, reason: 'not-sold-by-store' };
  const words = product.name.toLowerCase();
  const aisle = product.aisleSlug ?? '';
  const byAisle = INELIGIBLE_AISLES[aisle];
  if (byAisle) return { eligible: false, reason: byAisle };
  if (aisle === 'floral')
    return FOOD_PLANTS.test(words) ? { eligible: true, reason: 'food' } : { eligible: false, reason: 'non-food' };
  const byWords = INELIGIBLE_WORDS.find((rule) => rule.pattern.test(words));
  if (byWords) return { eligible: false, reason: byWords.reason };
  // An aisle the catalogue does not shelve food in (none yet) would need a rule; unknown is not food.
  if (!aisle) return { eligible: false, reason: 'non-food' };
  return { eligible: true, reason: 'food' };
}

export function isSnapEligible(product: SnapProduct): boolean {
  return snapEligibility(product).eligible;
}
