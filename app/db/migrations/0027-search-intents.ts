import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0077-product-types-and-aisle-intent.md. search_intents: the aisles a phrase
 * means, learned from the catalogue when the search index is built (the aisles named after it, and
 * where products of that type are shelved). Rebuilt with the index, so it needs no trigger of its own:
 * the rebuild moves search_version on.
 */
export const searchIntentsSchema = {
  async up(db: AnyDb) {
    await sql`create table search_intents (
      phrase text not null,
      aisle_id integer not null,
      source text not null,
      weight integer not null,
      primary key (phrase, aisle_id, source)
    )`.execute(db);
  },
};
