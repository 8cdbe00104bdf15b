import type { Recipe } from './data/recipe-vocabulary';
import { RECIPE_WORDS_ES } from './data/recipe-vocabulary-es';

/** An English recipe text in Spanish (decision 0124); null when the Spanish file has none (English shows). */
export function recipeWordsEs(english: string): string | null {
  return Object.hasOwn(RECIPE_WORDS_ES, english) ? RECIPE_WORDS_ES[english]! : null;
}

/** A recipe row's Spanish columns; the method only whole, so a page never mixes the languages step by step. */
export function spanishRecipeColumns(recipe: Recipe) {
  const steps = recipe.steps.map(recipeWordsEs);
  return {
    title_es: recipeWordsEs(recipe.title),
    description_es: recipeWordsEs(recipe.description),
    steps_json_es: steps.every((step) => step !== null) ? JSON.stringify(steps) : null,
  };
}
