import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
export const passkeysSchema = {
  async up(db: Kysely<any>) {
    // A customer's sign-in factors (spec section 7: …/customers/{uuid}/factors). A FIDO factor is
    // PENDING_ACTIVATION with its registration challenge until activate stores the credential.
    await db.schema
      .createTable('customer_factors')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('factor_type', 'text', (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('rp_id', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('challenge', 'text')
      .addColumn('challenge_expires_at', 'text')
      .addColumn('credential_id', 'text', (col) => col.unique())
      .addColumn('public_key', 'text')
      .addColumn('counter', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('transports', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('activated_at', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema
      .createIndex('customer_factors_customer_idx')
      .on('customer_factors')
      .columns(['customer_id', 'created_at'])
      .execute();

    // Passkey sign-in challenges: single use, short-lived, bound to the host that issued them.
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('challenge', 'text', (col) => col.primaryKey())
      .addColumn('rp_id', 'text', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
  },
};
