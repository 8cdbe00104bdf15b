import { sql } from 'kysely';
import { database } from '~/db/db.server';
import { itemWords } from './intent';

/**
 * Searches to offer when a search finds nothing at all (docs/decisions/0075-search-without-dead-ends.md):
 * the shelf item of the most popular product of each department ("bananas", "avocado oil"), the most
 * popular departments first. Taken from the products themselves, so each one finds what it names.
 */

export const POPULAR_SEARCHES = 8;

/**
 * A product's shelf item as a search, from its name without its brand and size ("Blue Mesa Growers
 * Bananas, 2 lb" → "bananas"); words without a letter are left out: "80/20" is one token to
 * PostgreSQL and two to SQLite, so "ground beef 80/20" would find nothing on one of them.
 */
export function shelfItemOf(name: string, brand: string): string {
  return itemWords(name, brand)
    .filter((word) => /[a-z]/.test(word))
    .join(' ');
}

/**
 * One statement: per aisle, its most popular grocery product (products_aisle_idx, one index probe an
 * aisle), then one per department in JavaScript.
 */
export async function popularSearches(limit = POPULAR_SEARCHES): Promise<string[]> {
  const result = await sql<{ department_id: number; name: string; brand: string; popularity: number | string }>`
    select a.department_id, p.name, b.name as brand, p.popularity
    from aisles a
    join products p on p.id = (select t.id from products t where t.aisle_id = a.id and t.kind = 'grocery'
      order by t.popularity desc, t.id limit 1)
    join brands b on b.id = p.brand_id`.execute(database().db);
  const best = new Map<number, { item: string; popularity: number }>();
  for (const row of result.rows) {
    const popularity = Number(row.popularity);
    const department = Number(row.department_id);
    const held = best.get(department);
    if (!held || popularity > held.popularity)
      best.set(department, { item: shelfItemOf(row.name, row.brand), popularity });
  }
  const items = [...best.values()]
    .sort((a, b) => b.popularity - a.popularity || a.item.localeCompare(b.item))
    .map((entry) => entry.item)
    .filter((item) => item !== '');
  return [...new Set(items)].slice(0, limit);
}
