import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0116-spanish-storefront.md. The language a customer reads the storefront in ('en' or 'es'),
 * kept with the profile so it follows them to another browser; null until they choose one.
 */
export const preferredLanguageSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('customers').addColumn('preferred_language', 'text').execute();
  },
};
