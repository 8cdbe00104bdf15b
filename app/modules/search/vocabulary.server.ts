import { db } from '~/db/db.server';
import { Vocabulary } from './spelling';

let cache: { at: number; value: Promise<Vocabulary> } | undefined;
const TTL_MS = 10 * 60_000;

/** The catalogue's words (a few thousand rows), loaded once per process and refreshed every 10 minutes. */
export function searchVocabulary(): Promise<Vocabulary> {
  if (!cache || Date.now() - cache.at > TTL_MS) {
    const value = db()
      .selectFrom('search_terms')
      .select(['term', 'frequency'])
      .execute()
      .then((rows) => new Vocabulary(rows.map((row) => [row.term, row.frequency] as const)));
    cache = { at: Date.now(), value };
    value.catch(() => (cache = undefined));
  }
  return cache.value;
}

export function forgetSearchVocabulary() {
  cache = undefined;
}
