import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0078-outbox-delivery.md. What a delivery worker needs on each outbox row: a message id (also the
 * SMTP Message-ID), the kind and an HTML body, the banner (and the store and order it concerns, so a store can see
 * its dead letters), a status (pending → sending → sent, or dead; `outbox` is delivered to the outbox alone), the
 * attempts so far, when the next one is due, a lease (claimed_until, claim_token) that a killed process gives up
 * by letting it lapse, the last error and when it was sent. Rows written before this migration were only ever
 * meant for the outbox: they become `outbox`, never sent.
 */
export const outboxDeliverySchema = {
  async up(db: AnyDb) {
    const add = (column: string, type: 'text' | 'integer') =>
      db.schema.alterTable('outbox').addColumn(column, type).execute();
    await add('message_id', 'text');
    await db.schema
      .alterTable('outbox')
      .addColumn('kind', 'text', (col) => col.notNull().defaultTo('legacy'))
      .execute();
    await add('html_body', 'text');
    await add('banner_id', 'text');
    await add('store_id', 'integer');
    await add('order_id', 'integer');
    // The default is the safe one: a row written without a status is never sent.
    await db.schema
      .alterTable('outbox')
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('outbox'))
      .execute();
    await db.schema
      .alterTable('outbox')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await add('next_attempt_at', 'text');
    await add('claimed_until', 'text');
    await add('claim_token', 'text');
    await add('last_error', 'text');
    await add('sent_at', 'text');
    await sql`update outbox set message_id = 'legacy-' || id, sent_at = created_at`.execute(db);
    await db.schema.createIndex('outbox_message_id_idx').on('outbox').column('message_id').unique().execute();
    // The worker's claim: due rows by status and time.
    await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
    // A store's dead letters.
    await db.schema.createIndex('outbox_store_status_idx').on('outbox').columns(['store_id', 'status']).execute();
  },
};
