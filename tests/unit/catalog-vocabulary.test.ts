import { describe, expect, it } from 'vitest';
import { MARKETPLACE_CATEGORIES, MARKETPLACE_ITEMS, SELLERS } from '../../app/db/seed/data/marketplace-vocabulary';
import { OFFER_CATEGORIES, OFFER_TEMPLATES } from '../../app/db/seed/data/offer-vocabulary';
import { RECIPES } from '../../app/db/seed/data/recipe-vocabulary';
import {
  BRANDS_BY_DEPARTMENT,
  DEPARTMENTS,
  ILLUSTRATION_SHAPES,
  STORE_BRAND_BY_BANNER,
  allShelfItems,
  type ShelfSize,
} from '../../app/db/seed/data/shelf-vocabulary';
import { VARIETALS, WINE_REGIONS, WINERIES, varietalsForRegion } from '../../app/db/seed/data/wine-vocabulary';

const shelf = allShelfItems().map((entry) => entry.item);
const HEX = /^#[0-9a-f]{6}$/i;

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

function expectValidSize(size: ShelfSize) {
  expect(size.label.trim()).not.toBe('');
  expect(size.quantity).toBeGreaterThan(0);
  expect(size.priceFactor).toBeGreaterThan(0);
}

describe('shelf vocabulary', () => {
  it('has at least 12 departments with 3-6 aisles and 300 items', () => {
    expect(DEPARTMENTS.length).toBeGreaterThanOrEqual(12);
    for (const department of DEPARTMENTS) {
      expect(department.aisles.length).toBeGreaterThanOrEqual(3);
      expect(department.aisles.length).toBeLessThanOrEqual(6);
      for (const aisle of department.aisles) expect(aisle.items.length).toBeGreaterThan(0);
    }
    expect(shelf.length).toBeGreaterThanOrEqual(300);
  });

  it('uses unique slugs and item keys across the shelf and the marketplace', () => {
    expect(duplicates(DEPARTMENTS.map((d) => d.slug))).toEqual([]);
    expect(duplicates(DEPARTMENTS.flatMap((d) => d.aisles.map((a) => a.slug)))).toEqual([]);
    expect(duplicates([...shelf.map((i) => i.key), ...MARKETPLACE_ITEMS.map((i) => i.key)])).toEqual([]);
    for (const key of [...shelf.map((i) => i.key), ...MARKETPLACE_ITEMS.map((i) => i.key)]) {
      expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(key.startsWith('wine-') || key.startsWith('recipe-')).toBe(false);
    }
  });

  it('gives every item realistic sizes, prices, colours and a description', () => {
    for (const item of shelf) {
      expect(item.sizes.length, item.key).toBeGreaterThanOrEqual(1);
      expect(item.sizes.length, item.key).toBeLessThanOrEqual(4);
      item.sizes.forEach(expectValidSize);
      expect(item.sizes[0]?.priceFactor, item.key).toBe(1);
      const [min, max] = item.basePriceCents;
      expect(min, item.key).toBeGreaterThan(0);
      expect(max, item.key).toBeGreaterThanOrEqual(min);
      expect(ILLUSTRATION_SHAPES).toContain(item.illustration.shape);
      expect(item.illustration.color, item.key).toMatch(HEX);
      expect(item.illustration.accent, item.key).toMatch(HEX);
      expect(item.description.length, item.key).toBeGreaterThan(20);
      expect(item.name, item.key).not.toMatch(/,/);
    }
  });

  it('includes the common search targets', () => {
    const names = shelf.map((i) => i.name.toLowerCase());
    const has = (word: string) => names.some((name) => name.includes(word));
    for (const word of ['banana', 'chocolate milk', 'egg', 'milk', 'bread', 'apple', 'chicken breast', 'ground beef']) {
      expect(has(word), word).toBe(true);
    }
    for (const word of ['cheddar', 'yogurt', 'coffee', 'spaghetti', 'rice', 'cereal', 'orange juice']) {
      expect(has(word), word).toBe(true);
    }
    expect(names.filter((name) => name.includes('milk')).length).toBeGreaterThanOrEqual(8);
    expect(shelf.some((i) => i.name.toLowerCase().includes('egg') && i.dietary?.includes('organic'))).toBe(true);
  });

  it('marks a few items (about 3%) for attended delivery only', () => {
    const attended = shelf.filter((i) => i.attendedDeliveryOnly).length;
    expect(attended).toBeGreaterThan(0);
    expect(attended / shelf.length).toBeLessThan(0.06);
  });

  it('has 12-25 fictional brands per department, unique everywhere', () => {
    expect(Object.keys(BRANDS_BY_DEPARTMENT).sort()).toEqual(DEPARTMENTS.map((d) => d.slug).sort());
    for (const brands of Object.values(BRANDS_BY_DEPARTMENT)) {
      expect(brands.length).toBeGreaterThanOrEqual(12);
      expect(brands.length).toBeLessThanOrEqual(25);
    }
    const all = [
      ...Object.values(BRANDS_BY_DEPARTMENT).flat(),
      ...WINERIES,
      ...SELLERS.map((s) => s.name),
      ...Object.values(STORE_BRAND_BY_BANNER),
    ];
    expect(duplicates(all.map((name) => name.toLowerCase()))).toEqual([]);
    expect(Object.keys(STORE_BRAND_BY_BANNER).sort()).toEqual(['bayside', 'greenleaf', 'mesa', 'sunridge']);
  });
});

describe('wine vocabulary', () => {
  it('has varietals of every colour with sane prices', () => {
    expect(new Set(VARIETALS.map((v) => v.color))).toEqual(new Set(['red', 'white', 'rosé', 'sparkling']));
    expect(duplicates(VARIETALS.map((v) => v.name))).toEqual([]);
    for (const varietal of VARIETALS) {
      expect(varietal.priceCents[0]).toBeGreaterThan(0);
      expect(varietal.priceCents[1]).toBeGreaterThanOrEqual(varietal.priceCents[0]);
    }
  });

  it('lists regions whose varietals exist, and at least 60 wineries', () => {
    const names = new Set(VARIETALS.map((v) => v.name));
    for (const region of WINE_REGIONS) {
      expect(region.varietals.length, region.region).toBeGreaterThan(0);
      for (const name of region.varietals) expect(names.has(name), `${region.region}: ${name}`).toBe(true);
      if (region.country === 'United States') expect(region.state, region.region).toBeTruthy();
      expect(varietalsForRegion(region).length).toBe(region.varietals.length);
    }
    expect(WINERIES.length).toBeGreaterThanOrEqual(60);
    expect(duplicates(WINERIES)).toEqual([]);
  });

  it('can make at least 500 distinct wines', () => {
    const pairs = WINE_REGIONS.reduce((n, region) => n + region.varietals.length, 0);
    const vintages = 2024 - 2012 + 1;
    expect(WINERIES.length * pairs * vintages).toBeGreaterThanOrEqual(500);
  });
});

describe('marketplace vocabulary', () => {
  it('has at least 24 sellers with real-looking ZIP codes across the US', () => {
    expect(SELLERS.length).toBeGreaterThanOrEqual(24);
    expect(duplicates(SELLERS.map((s) => s.slug))).toEqual([]);
    expect(duplicates(SELLERS.map((s) => s.originZip.slice(0, 3)))).toEqual([]);
    const categories = new Set(MARKETPLACE_CATEGORIES.map((c) => c.slug));
    for (const seller of SELLERS) {
      expect(seller.originZip).toMatch(/^\d{5}$/);
      expect(seller.handlingDays).toBeGreaterThanOrEqual(1);
      expect(seller.handlingDays).toBeLessThanOrEqual(4);
      expect(['ground', 'express', 'freight']).toContain(seller.carrier);
      expect(seller.categories.length).toBeGreaterThan(0);
      for (const category of seller.categories) expect(categories.has(category)).toBe(true);
    }
  });

  it('has at least 120 items, and every category is carried by a seller', () => {
    expect(MARKETPLACE_ITEMS.length).toBeGreaterThanOrEqual(120);
    for (const category of MARKETPLACE_CATEGORIES) {
      expect(MARKETPLACE_ITEMS.filter((i) => i.category === category.slug).length).toBeGreaterThanOrEqual(15);
      expect(SELLERS.some((s) => s.categories.includes(category.slug))).toBe(true);
    }
    for (const item of MARKETPLACE_ITEMS) {
      item.sizes?.forEach(expectValidSize);
      expect(item.basePriceCents[1]).toBeGreaterThanOrEqual(item.basePriceCents[0]);
      expect(item.illustration.color).toMatch(HEX);
    }
  });
});

describe('recipe vocabulary', () => {
  const shelfKeys = new Set(shelf.map((i) => i.key));

  it('has at least 210 recipes with distinct titles and slugs', () => {
    expect(RECIPES.length).toBeGreaterThanOrEqual(210);
    expect(duplicates(RECIPES.map((r) => r.title.toLowerCase()))).toEqual([]);
    expect(duplicates(RECIPES.map((r) => r.slug))).toEqual([]);
    for (const recipe of RECIPES) expect(recipe.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('links every ingredient item key to a shelf item', () => {
    for (const recipe of RECIPES) {
      for (const ingredient of recipe.ingredients) {
        if (ingredient.itemKey !== null)
          expect(shelfKeys.has(ingredient.itemKey), `${recipe.title}: ${ingredient.itemKey}`).toBe(true);
      }
      const linked = recipe.ingredients.filter((i) => i.itemKey !== null).length;
      expect(linked / recipe.ingredients.length, recipe.title).toBeGreaterThan(0.5);
    }
  });

  it('has 5-12 ingredients, 3-6 steps and sensible times', () => {
    for (const recipe of RECIPES) {
      expect(recipe.ingredients.length, recipe.title).toBeGreaterThanOrEqual(5);
      expect(recipe.ingredients.length, recipe.title).toBeLessThanOrEqual(12);
      expect(recipe.steps.length, recipe.title).toBeGreaterThanOrEqual(3);
      expect(recipe.steps.length, recipe.title).toBeLessThanOrEqual(6);
      expect(recipe.minutes).toBeGreaterThan(0);
      expect(recipe.servings).toBeGreaterThan(0);
      expect(ILLUSTRATION_SHAPES).toContain(recipe.illustration.shape);
    }
  });
});

describe('offer vocabulary', () => {
  it('has at least 40 templates whose placeholders match their kind', () => {
    expect(OFFER_TEMPLATES.length).toBeGreaterThanOrEqual(40);
    for (const template of OFFER_TEMPLATES) {
      const text = `${template.title} ${template.description}`;
      expect(text).toContain('{brand}');
      expect(text).toContain('{item}');
      expect(template.valueRange[1]).toBeGreaterThanOrEqual(template.valueRange[0]);
      expect(text.replace(/\{(brand|item|amount|percent|qty)\}/g, '')).not.toMatch(/[{}]/);
      if (text.includes('{percent}')) expect(['percent-off', 'bogo']).toContain(template.kind);
      if (template.kind === 'percent-off') expect(template.valueRange[1]).toBeLessThanOrEqual(100);
      if (template.kind === 'bogo') expect(template.minQuantity).toBeGreaterThanOrEqual(2);
    }
    for (const kind of ['amount-off', 'percent-off', 'bogo', 'buy-n-save', 'points']) {
      expect(
        OFFER_TEMPLATES.some((t) => t.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('maps every department to exactly one offer category', () => {
    for (const department of DEPARTMENTS) {
      expect(OFFER_CATEGORIES.filter((c) => c.departments.includes(department.slug)).length, department.slug).toBe(1);
    }
  });
});

describe('shopper-facing text', () => {
  it('contains no placeholder text', () => {
    const text = JSON.stringify({
      DEPARTMENTS,
      BRANDS_BY_DEPARTMENT,
      MARKETPLACE_ITEMS,
      SELLERS,
      RECIPES,
      OFFER_TEMPLATES,
      WINERIES,
    });
    expect(text).not.toMatch(/lorem|ipsum|todo|tbd|xxx/i);
  });

  it('builds natural product names', () => {
    const names = shelf.flatMap((item) =>
      [null, ...(item.variants ?? [])].map(
        (variant) => `Valley Creek ${variant ? `${variant} ` : ''}${item.name}, ${item.sizes[0]?.label}`,
      ),
    );
    for (const name of names) {
      expect(name).not.toMatch(/\s{2}|\bundefined\b/);
      expect(name.length).toBeLessThan(110);
    }
  });
});
