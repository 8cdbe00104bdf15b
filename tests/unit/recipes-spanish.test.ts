import { describe, expect, it } from 'vitest';
import { RECIPES, type Recipe } from '~/db/seed/data/recipe-vocabulary';
import { RECIPE_WORDS_ES } from '~/db/seed/data/recipe-vocabulary-es';
import { recipeWordsEs, spanishRecipeColumns } from '~/db/seed/recipe-words.seed';

/** Every English text the vocabulary gives a recipe page: titles, descriptions, ingredient lines and steps. */
const englishTexts = new Set(
  RECIPES.flatMap((recipe) => [
    recipe.title,
    recipe.description,
    ...recipe.ingredients.map((ingredient) => ingredient.text),
    ...recipe.steps,
  ]),
);

/** Quantities, sizes, times and temperatures: a translation keeps every one of them. */
const numbers = (text: string) => (text.match(/\d+/g) ?? []).sort();

/** Dishes known by the same name in both languages. */
const SAME_IN_BOTH = new Set(['Shakshuka']);

describe('the recipes in Spanish', () => {
  it('has the Spanish of every text the recipe vocabulary produces', () => {
    expect([...englishTexts].filter((text) => !Object.hasOwn(RECIPE_WORDS_ES, text))).toEqual([]);
  });

  it('has no Spanish for a text the vocabulary no longer produces', () => {
    expect(Object.keys(RECIPE_WORDS_ES).filter((text) => !englishTexts.has(text))).toEqual([]);
  });

  it('keeps the numbers of each text and writes it in other words than the English', () => {
    for (const [english, spanish] of Object.entries(RECIPE_WORDS_ES)) {
      expect(numbers(spanish), english).toEqual(numbers(english));
      expect(spanish.trim(), english).not.toBe('');
      if (!SAME_IN_BOTH.has(english)) expect(spanish, english).not.toBe(english);
    }
  });

  it('gives a recipe row its Spanish title, description and method', () => {
    const fajitas = RECIPES.find((recipe) => recipe.slug === 'chicken-fajitas')!;
    const columns = spanishRecipeColumns(fajitas);
    expect(columns.title_es).toBe('Fajitas de pollo');
    expect(columns.description_es).toBe(RECIPE_WORDS_ES[fajitas.description]);
    const steps = JSON.parse(columns.steps_json_es!) as string[];
    expect(steps).toHaveLength(fajitas.steps.length);
    expect(steps[0]).toBe('Mezcle la carne en tiras con la mitad del sazonador y el jugo de un limón verde.');
  });

  it('leaves English where the Spanish is missing, and a method with one step missing wholly English', () => {
    const fajitas = RECIPES.find((recipe) => recipe.slug === 'chicken-fajitas')!;
    const unwritten: Recipe = { ...fajitas, title: 'Fajitas for a Crowd', steps: [...fajitas.steps, 'Serve.'] };
    const columns = spanishRecipeColumns(unwritten);
    expect(columns.title_es).toBeNull();
    expect(columns.steps_json_es).toBeNull();
    expect(columns.description_es).not.toBeNull();
    expect(recipeWordsEs('toString')).toBeNull();
  });
});
