import { db } from '~/db/db.server';
import type { Language } from '~/modules/i18n/languages';
import type { PriceContext } from '~/modules/search/price-context.server';
import type { ProductHit } from '~/modules/search/product-query';
import { catalogueWords } from './catalogue-words';
import { productCardColumns, toProductHit } from './product-card-select.server';

export interface RecipeDetails {
  slug: string;
  title: string;
  description: string;
  /** The English title: what recipe search matches (it indexes the English words only). */
  searchTitle: string;
  minutes: number;
  servings: number;
  imageKey: string;
  steps: string[];
  ingredients: { position: number; text: string; product: ProductHit | null }[];
}

/** A JSON array of steps as stored; null when it is missing or not an array of strings. */
function parseSteps(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((step): step is string => typeof step === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * A recipe with each ingredient's product priced and stocked at the store, in the shopper's language (decision
 * 0124: a missing Spanish word shows the English one; product names stay as printed); null when unknown.
 */
export async function recipeDetails(
  slug: string,
  ctx: PriceContext,
  language: Language = 'en',
): Promise<RecipeDetails | null> {
  const recipe = await db().selectFrom('recipes').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!recipe) return null;
  const ingredients = await db()
    .selectFrom('recipe_ingredients as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', ctx.storeId ?? -1),
    )
    .select(['i.position', 'i.text', 'i.text_es', ...productCardColumns])
    .where('i.recipe_id', '=', recipe.id)
    .orderBy('i.position')
    .execute();
  const spanishSteps = language === 'es' ? parseSteps(recipe.steps_json_es) : null;
  return {
    slug: recipe.slug,
    title: catalogueWords(language, recipe.title, recipe.title_es),
    description: catalogueWords(language, recipe.description, recipe.description_es),
    searchTitle: recipe.title,
    minutes: recipe.minutes,
    servings: recipe.servings,
    imageKey: recipe.image_key,
    steps: spanishSteps?.length ? spanishSteps : (parseSteps(recipe.steps_json) ?? []),
    ingredients: ingredients.map((row) => ({
      position: row.position,
      text: catalogueWords(language, row.text, row.text_es),
      product:
        row.id !== null && row.kind && row.name && row.brand !== null
          ? toProductHit(
              {
                id: row.id,
                kind: row.kind,
                name: row.name,
                brand: row.brand,
                size_label: row.size_label ?? '',
                size_quantity: row.size_quantity ?? 0,
                size_unit: row.size_unit ?? 'ct',
                image_key: row.image_key ?? '',
                base_price_cents: row.base_price_cents ?? 0,
                attended_delivery_only: row.attended_delivery_only ?? 0,
                override_price: row.override_price,
                stock_status: row.stock_status,
              },
              ctx,
            )
          : null,
    })),
  };
}
