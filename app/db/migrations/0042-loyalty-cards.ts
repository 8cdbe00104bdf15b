import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0102-store-card-step-up.md. Club cards issued at a store's till: a household, a phone number and
 * points, and no online account until the shopper steps the card up at registration (customer_id, stepped_up_at).
 * One card per account at most (a unique index; many unlinked cards hold null). The lookup also finds an online
 * account's own club card (by number and phone), hence the index on customers.club_card.
 */
export const loyaltyCardsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('loyalty_cards')
      .addColumn('club_card', 'text', (col) => col.primaryKey())
      .addColumn('house_id', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
      .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id'))
      .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'integer', (col) => col.references('customers.id'))
      .addColumn('stepped_up_at', 'text')
      .execute();
    await db.schema
      .createIndex('loyalty_cards_customer_uq')
      .on('loyalty_cards')
      .column('customer_id')
      .unique()
      .execute();
    await db.schema.createIndex('customers_club_card_idx').on('customers').column('club_card').execute();
  },
};
