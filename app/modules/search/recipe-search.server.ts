import { sql } from 'kysely';
import { database } from '~/db/db.server';
import { catalogueWords } from '~/modules/catalog/catalogue-words';
import type { Language } from '~/modules/i18n/languages';
import { ftsTerms, textTerms, tsQuery } from './query-terms';

export interface RecipeCard {
  slug: string;
  title: string;
  description: string;
  minutes: number;
  servings: number;
  imageKey: string;
}

interface RecipeRow {
  slug: string;
  title: string;
  description: string;
  title_es: string | null;
  description_es: string | null;
  minutes: number;
  servings: number;
  image_key: string;
}

/** Recipes matching the terms' text (recipes have no dietary tags to match a term's facet alternatives). */
function recipeMatches(terms: string[]) {
  const tokens = textTerms(terms);
  if (database().dialect === 'sqlite') {
    const expression = ftsTerms(tokens, false);
    return sql`select rowid as id, bm25(recipe_search, 10.0, 2.0) as score from recipe_search
      where recipe_search match ${expression}`;
  }
  const query = tsQuery(tokens, false);
  return sql`select rs.recipe_id as id, -ts_rank(rs.document, to_tsquery('english', ${query})) as score
    from recipe_search rs where rs.document @@ to_tsquery('english', ${query})`;
}

const toCard = (row: RecipeRow, language: Language): RecipeCard => ({
  slug: row.slug,
  title: catalogueWords(language, row.title, row.title_es),
  description: catalogueWords(language, row.description, row.description_es),
  minutes: Number(row.minutes),
  servings: Number(row.servings),
  imageKey: row.image_key,
});

/**
 * Recipes whose title, description or ingredients hold every word, best match first; their cards in the shopper's
 * language (decision 0124). The words matched are the English ones, as the index holds them.
 */
export async function searchRecipes(
  tokens: string[],
  page: number,
  pageSize: number,
  language: Language = 'en',
): Promise<{ items: RecipeCard[]; total: number }> {
  if (tokens.length === 0) return { items: [], total: 0 };
  const db = database().db;
  const [rows, count] = await Promise.all([
    sql<RecipeRow>`select r.slug, r.title, r.description, r.title_es, r.description_es, r.minutes, r.servings,
      r.image_key
      from (${recipeMatches(tokens)}) m join recipes r on r.id = m.id
      order by m.score, r.title limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from (${recipeMatches(tokens)}) m`.execute(db),
  ]);
  return { items: rows.rows.map((row) => toCard(row, language)), total: Number(count.rows[0]?.n ?? 0) };
}

/** Only the number of matching recipes (the tab label). */
export async function countRecipes(tokens: string[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const count = await sql<{ n: number | string }>`select count(*) as n from (${recipeMatches(tokens)}) m`.execute(
    database().db,
  );
  return Number(count.rows[0]?.n ?? 0);
}
