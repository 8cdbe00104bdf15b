import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0072-query-understanding-as-data.md. search_synonyms: what shoppers type (brand
 * names used as generic words, regional words, abbreviations, spellings, attribute words) and what
 * the catalogue calls it, one row per pair, the same on both dialects. The seed fills it from
 * app/db/seed/data/search-synonyms.tsv; the catalogue's owners may edit it. Writes to it move
 * search_version on (as 0021's triggers do for the other search inputs), so cached search pages and
 * the processes' copies of the table are renewed at the next search.
 */
export function searchSynonymsSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await sql`create table search_synonyms (
        words text not null,
        means text not null,
        kind text not null,
        keep_words integer not null default 0,
        primary key (words, means)
      )`.execute(db);
      if (dialect === 'sqlite') {
        for (const event of ['insert', 'update', 'delete'])
          await sql`create trigger ${sql.raw(`search_synonyms_search_version_${event}`)} after ${sql.raw(event)}
            on search_synonyms begin update search_version set version = version + 1 where id = 1; end`.execute(db);
        return;
      }
      await sql`create trigger search_synonyms_search_version
        after insert or update or delete or truncate on search_synonyms
        for each statement execute function bump_search_version()`.execute(db);
    },
  };
}
