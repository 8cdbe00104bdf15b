import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * The account each provider row belongs to (sessions, grants, codes, refresh tokens), so a password
 * change or reset can end all of an account's sessions with one indexed statement (decision 0064).
 * Rows already there get theirs from the JSON payload.
 */
export function oidcAccountIdSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('oidc_payloads').addColumn('account_id', 'text').execute();
      const fromPayload =
        dialect === 'postgres' ? sql`payload::json ->> 'accountId'` : sql`json_extract(payload, '$.accountId')`;
      await sql`update oidc_payloads set account_id = ${fromPayload}`.execute(db);
      await db.schema.createIndex('oidc_payloads_account_idx').on('oidc_payloads').column('account_id').execute();
    },
  };
}
