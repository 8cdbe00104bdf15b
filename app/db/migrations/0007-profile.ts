import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Profile and session update: a customer's fulfilment preferences per banner (one row per preference
 * definition: method, drive-up store, in-store store), when the email/phone verification prompts were
 * last shown, and the one-time codes that verify an email or phone.
 */
export function profileSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('customer_preferences')
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('banner_id', 'text', (col) => col.notNull())
        .addColumn('preference_def_id', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('customer_preferences_pk', ['customer_id', 'banner_id', 'preference_def_id'])
        .execute();

      await db.schema
        .createTable('customer_prompts')
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('last_shown_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('customer_prompts_pk', ['customer_id', 'kind'])
        .execute();

      const codes = db.schema.createTable('verification_codes');
      await (
        dialect === 'postgres'
          ? codes.addColumn('id', 'serial', (col) => col.primaryKey())
          : codes.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      )
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('channel', 'text', (col) => col.notNull())
        .addColumn('target', 'text', (col) => col.notNull())
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('verification_codes_customer_idx')
        .on('verification_codes')
        .columns(['customer_id', 'channel'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('verification_codes').execute();
      await db.schema.dropTable('customer_prompts').execute();
      await db.schema.dropTable('customer_preferences').execute();
    },
  };
}
