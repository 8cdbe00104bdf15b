import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0116-spanish-storefront.md. A hero version's Spanish words beside its English ones: the same
 * version, dated once, so a translation can never show a different campaign. Null where a version has no Spanish
 * yet (the page then shows the English words).
 */
export const homeContentSpanishSchema = {
  async up(db: AnyDb) {
    for (const column of ['headline_es', 'highlight_es', 'body_es'])
      await db.schema.alterTable('home_content').addColumn(column, 'text').execute();
  },
};
