import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0123-catalogue-words-in-spanish.md. A marketplace seller's tagline in Spanish beside the English
 * one (null shows the English words). The seed writes the sellers, so the seed fills it.
 */
export const sellerTaglinesSpanishSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('sellers').addColumn('tagline_es', 'text').execute();
  },
};
