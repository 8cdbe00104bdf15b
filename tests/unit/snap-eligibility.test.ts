import { describe, expect, it } from 'vitest';
import { snapEligibility, type SnapProduct } from '~/modules/catalog/snap-eligibility';

const grocery = (aisleSlug: string, name: string): SnapProduct => ({ kind: 'grocery', aisleSlug, name });

describe('SNAP eligibility by the USDA rules (docs/decisions/0107-snap-ebt-tips-delivery-instructions.md)', () => {
  // prettier-ignore
  const table: [string, SnapProduct, boolean, string][] = [
    ['milk', grocery('milk-cream', 'Meadow Dairy 2% Reduced Fat Milk, 1 gal'), true, 'food'],
    ['vitamin D milk is milk', grocery('milk-cream', 'Meadow Dairy Vitamin D Whole Milk, 1 gal'), true, 'food'],
    ['beer', grocery('beer', 'Cascade Brewing IPA 6-Pack, 72 fl oz'), false, 'alcohol'],
    ['wine shipped from the winery', { kind: 'wine', aisleSlug: null, name: 'Ridge Cabernet Sauvignon 2019' }, false, 'alcohol'],
    ['a hot rotisserie chicken', grocery('prepared-meals', 'Deli Rotisserie Chicken, 1 ct'), false, 'hot-food'],
    ['a cold deli sandwich', grocery('prepared-meals', 'Deli Turkey & Swiss Sub Sandwich, 1 ct'), true, 'food'],
    ['vitamins', grocery('vitamins-supplements', 'Daily Multivitamin Tablets, 100 ct'), false, 'supplement'],
    ['medicine', grocery('medicine', 'Ibuprofen Tablets 200 mg, 100 ct'), false, 'medicine'],
    ['dog food', grocery('dog-food', 'Adult Dry Dog Food Chicken & Rice, 15 lb'), false, 'pet-food'],
    ['paper towels', grocery('paper-goods', 'Select-a-Size Paper Towels, 6 rolls'), false, 'non-food'],
    ['cleaning spray', grocery('cleaning-supplies', 'All-Purpose Cleaner, 32 fl oz'), false, 'non-food'],
    ['shampoo', grocery('hair-skin-care', 'Daily Shampoo, 12 fl oz'), false, 'non-food'],
    ['soda', grocery('soft-drinks', 'Fizz Cola 12-Pack, 144 fl oz'), true, 'food'],
    ['ginger ale', grocery('soft-drinks', 'Fizz Ginger Ale, 2 l'), true, 'food'],
    ['candy', grocery('candy-chocolate', 'Sweet Co. Gummy Bears, 5 oz'), true, 'food'],
    ['an energy drink with a Nutrition Facts label', grocery('sports-energy', 'Volt Energy Drink, 16 fl oz'), true, 'food'],
    ['an energy shot (Supplement Facts)', grocery('sports-energy', 'Volt Energy Shot, 2 fl oz'), false, 'supplement'],
    ['hot dogs are food', grocery('bacon-sausage', 'Grill Masters Beef Hot Dogs, 8 ct'), true, 'food'],
    ['vegetable seeds', grocery('floral', 'Garden Tomato Seeds, 1 packet'), true, 'food'],
    ['an herb plant', grocery('floral', 'Potted Basil Herb Plant, 4 in'), true, 'food'],
    ['cut flowers', grocery('floral', 'Seasonal Mixed Bouquet, 1 ct'), false, 'non-food'],
    ['infant formula', grocery('formula-baby-food', 'Infant Formula with Iron, 12.4 oz'), true, 'food'],
    ['diapers', grocery('diapers-wipes', 'Baby Diapers Size 3, 84 ct'), false, 'non-food'],
    ['tobacco', grocery('oils-condiments-spices', 'Menthol Cigarettes, 1 pack'), false, 'tobacco'],
    ['a marketplace good from another seller', { kind: 'marketplace', aisleSlug: null, name: 'Olive Oil Gift Set' }, false, 'not-sold-by-store'],
    ['a product in no aisle', { kind: 'grocery', aisleSlug: null, name: 'Mystery Item' }, false, 'non-food'],
  ];
  it.each(table)('%s', (_label, product, eligible, reason) => {
    expect(snapEligibility(product)).toEqual({ eligible, reason });
  });
});
