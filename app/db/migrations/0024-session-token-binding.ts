import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0062-sign-in-bound-to-its-transaction.md. A sessionToken is redeemable only on the
 * authorize request whose PKCE challenge the storefront bound it to; tokens from before have none.
 */
export const sessionTokenBindingSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('session_tokens').addColumn('code_challenge', 'text').execute();
  },
};
