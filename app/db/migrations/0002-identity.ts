import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

export function identitySchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      // oidc-provider's models (sessions, interactions, codes, grants…), one row per model instance.
      await db.schema
        .createTable('oidc_payloads')
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('consumed_at', 'text')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();
      await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_user_code_idx').on('oidc_payloads').column('user_code').execute();

      // One-time tokens from primary authentication, redeemed once at /oauth2/v1/authorize.
      await db.schema
        .createTable('session_tokens')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('remember', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .createTable('one_time_passcodes')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('one_time_passcodes_customer_idx')
        .on('one_time_passcodes')
        .columns(['customer_id', 'id'])
        .execute();

      // Fixed-window counters shared by every process (sign-in and passcode rate limits).
      await db.schema
        .createTable('rate_limits')
        .addColumn('bucket', 'text', (col) => col.notNull())
        .addColumn('window_id', 'integer', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_id'])
        .execute();
    },
  };
}
