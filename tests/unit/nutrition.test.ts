import { describe, expect, it } from 'vitest';
import { nutritionFacts, type LabelledProduct } from '~/modules/catalog/nutrition';

const product = (name: string, aisleSlug: string | null, id = 960_000_123): LabelledProduct => ({
  id,
  name: `Valley Creek ${name}`,
  brand: 'Valley Creek',
  aisleSlug,
});
const allergensOf = (name: string, aisle: string) => nutritionFacts(product(name, aisle))?.allergens;

describe('allergens inferred from the kind of food', () => {
  it('says a 2 % milk contains milk', () => {
    expect(allergensOf('2% Reduced Fat Milk, 1 gal', 'milk-cream')).toEqual(['Milk']);
  });

  it('says a peanut butter contains peanuts and no milk', () => {
    expect(allergensOf('Creamy Peanut Butter, 16 oz jar', 'nut-butters-spreads')).toEqual(['Peanuts']);
  });

  it('finds no allergen in bananas, whose only ingredient is the food itself', () => {
    const bananas = nutritionFacts(product('Organic Bananas, 2 lb bunch', 'fresh-fruit'))!;
    expect(bananas.allergens).toEqual([]);
    expect(bananas.ingredients).toBe('Organic Bananas');
  });

  it('says a basil pesto contains milk and tree nuts', () => {
    expect(allergensOf('Basil Pesto, 6.5 oz jar', 'pasta-sauce')).toEqual(['Milk', 'Tree Nuts']);
  });

  it('says a sliced bread contains wheat, and its gluten-free loaf does not', () => {
    expect(allergensOf('100% Whole Wheat Bread, 20 oz loaf', 'sliced-bread')).toContain('Wheat');
    const glutenFree = nutritionFacts(product('Gluten-Free White Sandwich Bread, 15 oz loaf', 'sliced-bread'))!;
    expect(glutenFree.allergens).not.toContain('Wheat');
    expect(glutenFree.ingredients).not.toMatch(/wheat/i);
  });

  it('says shrimp contains shellfish and salmon contains fish', () => {
    expect(allergensOf('Raw Peeled & Deveined Jumbo Shrimp, 2 lb bag', 'seafood')).toEqual(['Shellfish']);
    expect(allergensOf('Atlantic Salmon Fillet, 1 lb', 'seafood')).toEqual(['Fish']);
  });

  it('adds what a variant names: almonds in a chocolate bar, sesame on an everything bagel', () => {
    expect(allergensOf('Almond Milk Chocolate Bar, 3.5 oz', 'candy-chocolate')).toEqual([
      'Milk',
      'Tree Nuts',
      'Soybeans',
    ]);
    expect(allergensOf('Everything Bagels, 6 ct', 'bagels-muffins-pastries')).toEqual(['Wheat', 'Sesame']);
  });

  it('does not take the brand for the food: a "Peanut" brand of apples has no peanuts', () => {
    const facts = nutritionFacts({
      id: 1,
      name: 'Peanut Farms Gala Apples, 3 lb bag',
      brand: 'Peanut Farms',
      aisleSlug: 'fresh-fruit',
    });
    expect(facts!.allergens).toEqual([]);
  });

  it('lists the allergens in the order of the nine major allergens', () => {
    expect(allergensOf('Chocolate Hazelnut Spread, 13 oz jar', 'nut-butters-spreads')).toEqual([
      'Milk',
      'Tree Nuts',
      'Soybeans',
    ]);
  });
});

describe('the label', () => {
  it('is the same for the same product every time, and differs a little between products of a kind', () => {
    const one = nutritionFacts(product('Whole Milk, 1 gal', 'milk-cream', 11));
    expect(nutritionFacts(product('Whole Milk, 1 gal', 'milk-cream', 11))).toEqual(one);
    const others = [12, 13, 14, 15, 16, 17].map((id) => nutritionFacts(product('Whole Milk, 1 gal', 'milk-cream', id)));
    expect(new Set(others.map((facts) => JSON.stringify(facts!.nutrients))).size).toBeGreaterThan(1);
  });

  it('prints a 2 % milk as a real one reads: a cup, about 16 servings a gallon, 5 g of fat', () => {
    const facts = nutritionFacts(product('2% Reduced Fat Milk, 1 gal', 'milk-cream'))!;
    expect(facts.servingSize).toBe('1 cup (240mL)');
    expect(facts.servingsPerContainer).toBe('About 16 servings per container');
    expect(facts.calories).toBeGreaterThanOrEqual(110);
    expect(facts.calories).toBeLessThanOrEqual(140);
    const fat = facts.nutrients.find((line) => line.id === 'totalFat')!;
    expect(fat.amount).toMatch(/^[456]g$/);
    expect(facts.nutrients.map((line) => line.label)).toEqual([
      'Total Fat',
      'Saturated Fat',
      'Trans Fat',
      'Cholesterol',
      'Sodium',
      'Total Carbohydrate',
      'Dietary Fiber',
      'Total Sugars',
      'Added Sugars',
      'Protein',
      'Vitamin D',
      'Calcium',
      'Iron',
      'Potassium',
    ]);
  });

  it('keeps what the name promises: low sodium is at most 140 mg, zero sugar has no added sugar', () => {
    const beans = nutritionFacts(product('Low Sodium Black Beans, 15 oz can', 'rice-grains-beans'))!;
    expect(Number(beans.nutrients.find((line) => line.id === 'sodium')!.amount.replace('mg', ''))).toBeLessThanOrEqual(
      140,
    );
    const cola = nutritionFacts(product('Zero Sugar Cola, 12 pk 12 fl oz cans', 'soft-drinks'))!;
    expect(cola.nutrients.find((line) => line.id === 'addedSugars')!.amount).toBe('0g');
    expect(cola.servingsPerContainer).toBe('About 12 servings per container');
  });

  it('counts eggs as servings and says "varied" for produce sold by the each', () => {
    expect(nutritionFacts(product('Large Grade A White Eggs, 12 ct', 'eggs'))!.servingsPerContainer).toBe(
      'About 12 servings per container',
    );
    expect(nutritionFacts(product('Lemons, each', 'fresh-fruit'))!.servingsPerContainer).toBe(
      'Varied servings per container',
    );
  });

  it('is not given for household goods, personal care, pet food, alcohol, infant formula or an unshelved product', () => {
    expect(nutritionFacts(product('Paper Towels, 6 mega rolls', 'paper-goods'))).toBeNull();
    expect(nutritionFacts(product('Whitening Toothpaste, 4.8 oz tube', 'oral-care'))).toBeNull();
    expect(nutritionFacts(product('Adult Dry Dog Food, 30 lb bag', 'dog-food'))).toBeNull();
    expect(nutritionFacts(product('India Pale Ale, 6 pk 12 fl oz bottles', 'beer'))).toBeNull();
    expect(nutritionFacts(product('Infant Formula with Iron, 12.4 oz can', 'formula-baby-food'))).toBeNull();
    expect(nutritionFacts(product('Bananas, 2 lb bunch', null))).toBeNull();
  });
});
