import { describe, expect, it } from 'vitest';
import {
  allergenBits,
  allergenIdsOf,
  allergyWarning,
  LABELLED,
  meetsLabelFilters,
  parseIdList,
  SNAP_ELIGIBLE,
} from '~/modules/catalog/label-flags';
import { labelFlags } from '~/modules/catalog/label-flags-of-product';
import { nutritionFacts, type LabelledProduct } from '~/modules/catalog/nutrition';
import { searchParamsSchema } from '~/modules/search/query';

const product = (name: string, aisleSlug: string | null, id = 960_000_123): LabelledProduct => ({
  id,
  name: `Valley Creek ${name}`,
  brand: 'Valley Creek',
  aisleSlug,
});
const sodiumOf = (p: LabelledProduct) => nutritionFacts(p)!.nutrients.find((n) => n.id === 'sodium')!.amount;

describe('label flags come from the rules that print the label', () => {
  it('marks a peanut butter as labelled and containing peanuts, so it is not peanut-free', () => {
    const flags = labelFlags(product('Creamy Peanut Butter, 16 oz jar', 'nut-butters-spreads'));
    expect(flags & LABELLED).toBe(LABELLED);
    expect(allergenIdsOf(flags)).toEqual(['peanuts']);
    expect(meetsLabelFilters(flags, ['peanuts'], [])).toBe(false);
    expect(meetsLabelFilters(flags, ['milk'], [])).toBe(true);
  });

  it('gives a product without a label no flags: it is free from nothing as far as a filter knows', () => {
    const shampoo = labelFlags(product('Daily Shampoo, 12 fl oz', 'hair-skin-care'));
    expect(shampoo).toBe(0);
    expect(meetsLabelFilters(shampoo, ['peanuts'], [])).toBe(false);
  });

  it('lists the same allergens as the printed label for many products', () => {
    const foods: [string, string][] = [
      ['2% Reduced Fat Milk, 1 gal', 'milk-cream'],
      ['Basil Pesto, 6.5 oz jar', 'pasta-sauce'],
      ['Organic Bananas, 2 lb bunch', 'fresh-fruit'],
      ['Everything Bagels, 6 ct', 'bread-bakery'],
    ];
    for (const [name, aisle] of foods) {
      for (let id = 960_000_000; id < 960_000_040; id += 7) {
        const p = product(name, aisle, id);
        const label = nutritionFacts(p);
        const named = label?.allergens.map((a) => a.toLowerCase().replace(' ', '-')) ?? [];
        expect(allergenIdsOf(labelFlags(p))).toEqual(named);
      }
    }
  });

  it('calls a product low sodium exactly when its label declares 140 mg or less a serving', () => {
    const seen = new Set<boolean>();
    for (let id = 960_000_000; id < 960_000_200; id += 3) {
      for (const [name, aisle] of [
        ['Low Sodium Chicken Broth, 32 oz', 'canned-goods-soups'],
        ['Creamy Peanut Butter, 16 oz jar', 'nut-butters-spreads'],
        ['2% Reduced Fat Milk, 1 gal', 'milk-cream'],
      ] as const) {
        const p = product(name, aisle, id);
        const declared = Number(/(\d+)mg/.exec(sodiumOf(p))![1]);
        expect(meetsLabelFilters(labelFlags(p), [], ['low-sodium'])).toBe(declared <= 140);
        seen.add(declared <= 140);
      }
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('calls a product sugar free only when it has less than 0.5 g of sugars a serving', () => {
    const bananas = labelFlags(product('Organic Bananas, 2 lb bunch', 'fresh-fruit'));
    expect(meetsLabelFilters(bananas, [], ['sugar-free'])).toBe(false);
    const sugarsOf = (p: LabelledProduct) => nutritionFacts(p)!.nutrients.find((n) => n.id === 'totalSugars')!.amount;
    const water = product('Sparkling Water, 12 pk 12 fl oz cans', 'water-sparkling');
    expect(sugarsOf(water)).toBe('0g');
    expect(meetsLabelFilters(labelFlags(water), [], ['sugar-free'])).toBe(true);
  });
});

describe('the household warning', () => {
  it('names the listed allergens the product contains', () => {
    const flags = LABELLED | allergenBits(['peanuts', 'milk']);
    expect(allergyWarning(flags, allergenBits(['peanuts']))).toBe(
      "Contains peanuts — on your household's allergy list",
    );
    expect(allergyWarning(flags, allergenBits(['peanuts', 'milk', 'sesame']))).toBe(
      "Contains milk and peanuts — on your household's allergy list",
    );
  });

  it('says nothing when none of the household allergens is in the product', () => {
    expect(allergyWarning(LABELLED | allergenBits(['wheat']), allergenBits(['peanuts']))).toBeNull();
    expect(allergyWarning(LABELLED, 0)).toBeNull();
  });
});

describe('filter parameters', () => {
  it('reads a comma list of known ids in label order', () => {
    expect(parseIdList('sesame, peanuts', [{ id: 'peanuts' }, { id: 'sesame' }])).toEqual({
      ids: ['peanuts', 'sesame'],
      unknown: [],
    });
  });

  it('refuses an allergen it does not know with a message naming it', () => {
    const parsed = searchParamsSchema.safeParse({ q: 'bread', free: 'peanuts,gluten' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(
      '“gluten” is not an allergen we know. Choose from: milk, eggs, fish, shellfish, tree-nuts, peanuts, wheat, soybeans, sesame.',
    );
  });

  it('refuses a nutrition filter it does not know', () => {
    const parsed = searchParamsSchema.safeParse({ q: 'soup', nutrition: 'low-fat' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(/^“low-fat” is not a nutrition filter we know/);
  });

  it('accepts the nine allergens and both claims', () => {
    const parsed = searchParamsSchema.parse({
      free: 'milk,eggs,fish,shellfish,tree-nuts,peanuts,wheat,soybeans,sesame',
      nutrition: 'low-sodium,sugar-free',
    });
    expect(parsed.free).toContain('sesame');
  });
});

describe('the SNAP bit comes from the SNAP rules, label or not', () => {
  it('marks food SNAP-eligible and leaves beer, vitamins, dog food and shampoo out', () => {
    expect(labelFlags(product('2% Reduced Fat Milk, 1 gal', 'milk-cream')) & SNAP_ELIGIBLE).toBe(SNAP_ELIGIBLE);
    expect(labelFlags(product('Creamy Peanut Butter, 16 oz jar', 'nut-butters-spreads')) & SNAP_ELIGIBLE).toBe(
      SNAP_ELIGIBLE,
    );
    for (const [name, aisle] of [
      ['Pale Ale, 6 pack, 12 fl oz cans', 'beer'],
      ['Daily Multivitamin, 100 ct', 'vitamins-supplements'],
      ['Chicken & Rice Dog Food, 15 lb bag', 'dog-food'],
      ['Daily Shampoo, 12 fl oz', 'hair-skin-care'],
    ] as const)
      expect(labelFlags(product(name, aisle)) & SNAP_ELIGIBLE).toBe(0);
  });

  it('filters on SNAP alone without asking for a label, and with "free from" needing one', () => {
    const eligibleWithoutLabel = SNAP_ELIGIBLE;
    expect(meetsLabelFilters(eligibleWithoutLabel, [], [], true)).toBe(true);
    expect(meetsLabelFilters(eligibleWithoutLabel, ['peanuts'], [], true)).toBe(false);
    expect(meetsLabelFilters(LABELLED, [], [], true)).toBe(false);
    expect(meetsLabelFilters(LABELLED | SNAP_ELIGIBLE, ['peanuts'], [], true)).toBe(true);
  });

  it('reads snap=1 from the address and refuses anything else with a message', () => {
    expect(searchParamsSchema.parse({ q: 'milk', snap: '1' }).snap).toBe('1');
    expect(searchParamsSchema.safeParse({ q: 'milk', snap: 'yes' }).error?.issues[0]?.message).toBe(
      'The SNAP filter is snap=1.',
    );
  });
});
