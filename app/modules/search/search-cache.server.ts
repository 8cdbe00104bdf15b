import { sql } from 'kysely';
import { database, type DatabaseHandle } from '~/db/db.server';

/**
 * A bounded, per-process cache of search pages (docs/decisions/0035-search-result-cache.md).
 *
 * An answer is reused only under the same *search state*: the `search_version` row (moved on by
 * triggers whenever anything a search reads is written, by any process, migration 0021) and the
 * ids of the banner's offers active at `now` (the only way time enters a search: on-offer counts
 * and filters). Reading that state is one small statement per call; when it differs from what an
 * answer was computed under, the answer is not used. Several processes each keep their own cache
 * but read the same row, so none serves an answer a write elsewhere made stale.
 */

/** Most distinct (query, store, tier) answers kept per database; the least recently used go first. */
export const SEARCH_CACHE_ENTRIES = 500;

interface Cache {
  /** The catalogue version the entries were computed under; a new one empties the cache. */
  version: string | null;
  entries: Map<string, unknown>;
}

let caches = new WeakMap<DatabaseHandle, Cache>();
let enabled = true;
const stats = { hits: 0, misses: 0 };

/** Turn the cache off (benchmarks measuring every call cold) or back on; turning it off empties it. */
export function setSearchCacheEnabled(on: boolean) {
  enabled = on;
  if (!on) caches = new WeakMap();
}

/** Hits and misses since the process started (tests and benchmarks). */
export function searchCacheStats() {
  return { ...stats };
}

/** The catalogue version and the banner's active offers at `now`, as one string. */
async function searchState(bannerId: string, now: string): Promise<{ version: string; offers: string }> {
  const handle = database();
  const active =
    handle.dialect === 'sqlite'
      ? sql`(select group_concat(id) from (select id from offers
          where banner_id = ${bannerId} and starts_at <= ${now} and ends_at > ${now} order by id))`
      : sql`(select string_agg(id::text, ',' order by id) from offers
          where banner_id = ${bannerId} and starts_at <= ${now} and ends_at > ${now})`;
  const result = await sql<{ version: number | string; offers: string | null }>`select
      (select version from search_version where id = 1) as version, ${active} as offers`.execute(handle.db);
  const row = result.rows[0];
  return { version: String(row?.version ?? ''), offers: row?.offers ?? '' };
}

/**
 * The answer for `key` at the banner's offers at `now`: a copy of the cached one when the search
 * state is unchanged, otherwise `compute()`'s (kept for next time). Callers may change what they
 * get: every caller gets its own copy.
 */
export async function cachedSearch<T>(
  key: unknown[],
  bannerId: string,
  now: string,
  /** Gets the catalogue version the answer is computed under (null with the cache off), for what it caches itself. */
  compute: (version: string | null) => Promise<T>,
): Promise<T> {
  if (!enabled) return compute(null);
  const handle = database();
  const state = await searchState(bannerId, now);
  let cache = caches.get(handle);
  if (!cache || cache.version !== state.version) {
    cache = { version: state.version, entries: new Map() };
    caches.set(handle, cache);
  }
  const id = JSON.stringify([state.offers, ...key]);
  const cached = cache.entries.get(id);
  if (cached !== undefined) {
    stats.hits++;
    // Most recently used last: Map keeps insertion order, so the first key is the eviction victim.
    cache.entries.delete(id);
    cache.entries.set(id, cached);
    return structuredClone(cached) as T;
  }
  stats.misses++;
  const answer = await compute(state.version);
  cache.entries.set(id, structuredClone(answer));
  if (cache.entries.size > SEARCH_CACHE_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  return answer;
}
