import { describe, expect, it } from 'vitest';
import { aislePhrases, itemWords, learnIntents, SearchIntents, singular, typePhrases } from '~/modules/search/intent';

describe('product types', () => {
  it('reads the shelf item of a product name without its brand, size or "with …"', () => {
    expect(itemWords('Valley Creek Organic Gala Apples, 3 lb bag', 'Valley Creek')).toEqual([
      'organic',
      'gala',
      'apples',
    ]);
    expect(itemWords('Snowcap Foods Chicken Tikka Masala with Basmati Rice, 10 oz', 'Snowcap Foods').slice(-1)).toEqual(
      ['masala'],
    );
    expect(itemWords('Riverbend Dairy Plant-Based Butter Sticks, 16 oz, 4 sticks', 'Riverbend Dairy')).toEqual([
      'plant',
      'based',
      'butter',
      'sticks',
    ]);
  });

  it('takes the head noun, and the head noun with the word before it, in the singular', () => {
    expect(typePhrases(['white', 'sandwich', 'bread'])).toEqual(['bread', 'sandwich bread']);
    expect(typePhrases(['root', 'beer'])).toEqual(['beer', 'root beer']);
    expect(typePhrases(['peanut', 'butter', 'cups'])).toEqual(['cup', 'butter cup']);
    expect(typePhrases(['bananas'])).toEqual(['banana']);
    expect(typePhrases([])).toEqual([]);
  });

  it('makes one key of a word and its plural', () => {
    for (const [plural, one] of [
      ['berries', 'berry'],
      ['tomatoes', 'tomato'],
      ['peaches', 'peach'],
      ['eggs', 'egg'],
      ['glass', 'glass'],
      ['hummus', 'hummus'],
      ['tea', 'tea'],
    ])
      expect(singular(plural!), plural).toBe(singular(one!));
  });

  it("splits an aisle's name into the phrases it is named after", () => {
    expect(aislePhrases('Rice, Grains & Beans')).toEqual(['rice', 'grain', 'bean']);
    expect(aislePhrases('Peanut Butter, Jam & Spreads')).toEqual(['peanut butter', 'jam', 'spread']);
  });
});

describe('aisle intent', () => {
  const AISLES = [
    { id: 1, name: 'Beer' },
    { id: 2, name: 'Soft Drinks' },
    { id: 3, name: 'Butter & Spreads' },
    { id: 4, name: 'Peanut Butter, Jam & Spreads' },
    { id: 5, name: 'Candy, Gum & Chocolate' },
    { id: 6, name: 'Fish & Seafood' },
    { id: 7, name: 'Cat Food' },
    { id: 8, name: 'Fresh Fruit' },
    { id: 9, name: 'Oils, Condiments & Spices' },
  ];
  const shelf = (name: string, aisleId: number, products = 10) => ({
    name: `Acme ${name}, 1 ct`,
    brand: 'Acme',
    aisleId,
    products,
  });
  const intents = new SearchIntents(
    learnIntents(AISLES, [
      shelf('Oatmeal Stout', 1),
      shelf('Root Beer', 2),
      shelf('Salted Butter Sticks', 3),
      shelf('Creamy Peanut Butter', 4),
      shelf('Milk Chocolate Peanut Butter Cups', 5),
      shelf('Atlantic Salmon Fillet', 6, 20),
      shelf('Smoked Salmon', 6, 4),
      shelf('Salmon Pate Cat Food', 7, 8),
      shelf('Hass Avocados', 8),
      shelf('Avocado Oil', 9, 30),
    ]),
  );

  it('means the aisles named after the word', () => {
    expect(intents.aislesFor(['beer'])).toEqual([1]);
    expect(intents.aislesFor(['butter'])).toEqual([3]);
  });

  it('asks the two-word phrase before the head word', () => {
    expect(intents.aislesFor(['peanut', 'butter'])).toEqual([4]);
    expect(intents.aislesFor(['root', 'beer'])).toEqual([2]);
    expect(intents.aislesFor(['salmon', 'cat', 'food'])).toEqual([7]);
  });

  it('means where products of that type are shelved, not where the word is a flavour', () => {
    // More avocado oil than avocados, but oil is the oil's type.
    expect(intents.aislesFor(['avocado'])).toEqual([8]);
    expect(intents.aislesFor(['salmon'])).toEqual([6]);
  });

  it('falls back on where the word is most common in names, leaving rare aisles out', () => {
    expect(
      new SearchIntents(learnIntents([], [shelf('Salmon Fillet', 6, 20), shelf('Salmon Cat Food', 7, 8)])).aislesFor([
        'salmon',
      ]),
    ).toEqual([6]);
  });

  it('looks past attribute terms to the head noun, and through synonym alternatives', () => {
    expect(intents.aislesFor(['gluten free|@dglutenfree', 'beer'])).toEqual([1]);
    expect(intents.aislesFor(['beer', 'gluten free|@dglutenfree'])).toEqual([1]);
    expect(intents.aislesFor(['cola|root beer'])).toEqual([2]);
  });

  it('knows no intent for words the catalogue does not shelve', () => {
    expect(intents.aislesFor(['sofa'])).toBeNull();
    expect(intents.aislesFor([])).toBeNull();
    expect(intents.aislesFor(['vegan|@dvegan'])).toBeNull();
  });
});
