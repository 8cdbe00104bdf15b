import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '~/db/seed/data/shelf-vocabulary';
import { PRIOR_MAX, shelfPrior, type ShelfPlace } from '~/db/seed/popularity-prior';
import {
  blendPopularity,
  decayedUnits,
  decayWeight,
  HALF_LIFE_DAYS,
  MAX_STORED_POPULARITY,
  ORDER_HORIZON_DAYS,
  POINTS_PER_UNIT,
} from '~/modules/catalog/popularity';
import { MAX_POPULARITY } from '~/modules/search/search-key';

const NOW = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('popularity from orders (docs/decisions/0076-popularity-from-orders.md)', () => {
  it('counts a unit ordered now fully, half after a half-life, a quarter after two', () => {
    expect(decayWeight(0)).toBe(1);
    expect(decayWeight(HALF_LIFE_DAYS)).toBeCloseTo(0.5, 12);
    expect(decayWeight(2 * HALF_LIFE_DAYS)).toBeCloseTo(0.25, 12);
  });

  it('counts nothing past the horizon, and an order stamped ahead of the clock as placed now', () => {
    expect(decayWeight(ORDER_HORIZON_DAYS + 1)).toBe(0);
    expect(decayWeight(-3)).toBe(1);
  });

  it('weighs each line by its quantity and its own age', () => {
    const units = decayedUnits(
      [
        { quantity: 4, placedAt: daysAgo(0) },
        { quantity: 2, placedAt: daysAgo(HALF_LIFE_DAYS) },
        { quantity: 8, placedAt: daysAgo(ORDER_HORIZON_DAYS + 5) },
      ],
      NOW,
    );
    expect(units).toBeCloseTo(5, 9);
  });

  it('keeps the prior of a product nobody ordered', () => {
    expect(blendPopularity(640, 0)).toBe(640);
  });

  it('adds the decayed units to the prior, so orders lift a product above a better prior', () => {
    expect(blendPopularity(300, 2.5)).toBe(300 + 2.5 * POINTS_PER_UNIT);
    expect(blendPopularity(300, 20)).toBeGreaterThan(blendPopularity(400, 0));
    // The same units ordered long ago lift less than ordered now.
    const old = decayedUnits([{ quantity: 20, placedAt: daysAgo(3 * HALF_LIFE_DAYS) }], NOW);
    expect(blendPopularity(300, old)).toBeLessThan(blendPopularity(400, 0));
  });

  it('stays a whole number within what the search key orders', () => {
    expect(Number.isInteger(blendPopularity(10, 0.333))).toBe(true);
    expect(blendPopularity(10, 1e12)).toBe(MAX_STORED_POPULARITY);
    expect(MAX_STORED_POPULARITY).toBeLessThan(MAX_POPULARITY);
    expect(blendPopularity(-5, -1)).toBe(0);
  });
});

describe("the seed's popularity prior", () => {
  const everyday: ShelfPlace = { itemIndex: 0, aisleIndex: 0, departmentIndex: 0, sizeIndex: 0, variantIndex: null };

  it('gives an aisle staple, plain, in its everyday size the most', () => {
    expect(shelfPrior(everyday)).toBe(PRIOR_MAX);
    expect(shelfPrior(everyday, 0.6)).toBe(0.6 * PRIOR_MAX);
  });

  it('gives less down each list: item, aisle, department, size and variant', () => {
    for (const step of [
      { itemIndex: 1 },
      { aisleIndex: 1 },
      { departmentIndex: 1 },
      { sizeIndex: 1 },
      { variantIndex: 0 },
    ]) {
      expect(shelfPrior({ ...everyday, ...step })).toBeLessThan(shelfPrior(everyday));
    }
    expect(shelfPrior({ ...everyday, variantIndex: 3 })).toBeLessThan(shelfPrior({ ...everyday, variantIndex: 0 }));
  });

  it('puts the plain gallons of milk of most brands before a 14 oz strawberry milk of any brand', () => {
    const dairy = DEPARTMENTS.findIndex((department) => department.slug === 'dairy-eggs-cheese');
    const aisles = DEPARTMENTS[dairy]!.aisles;
    const aisleIndex = aisles.findIndex((aisle) => aisle.slug === 'milk-cream');
    const items = aisles[aisleIndex]!.items;
    const place = (key: string, size: string): ShelfPlace => {
      const itemIndex = items.findIndex((item) => item.key === key);
      const sizeIndex = items[itemIndex]!.sizes.findIndex((s) => s.label === size);
      expect(itemIndex).toBeGreaterThanOrEqual(0);
      expect(sizeIndex).toBeGreaterThanOrEqual(0);
      return { itemIndex, aisleIndex, departmentIndex: dairy, sizeIndex, variantIndex: null };
    };
    const strawberry = shelfPrior(place('strawberry-milk', '14 fl oz bottle'), 1);
    expect(shelfPrior(place('whole-milk', '1 gal'), 0.7)).toBeGreaterThan(strawberry);
    expect(shelfPrior(place('reduced-fat-milk', '1 gal'), 0.75)).toBeGreaterThan(strawberry);
  });
});
