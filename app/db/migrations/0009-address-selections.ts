import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Spec section 3, "Selected address: addressId, banner, purposes": a customer picks one address per
 * banner and purpose, which one flag and one banner column on the address (0001) cannot say. This
 * table is the truth; 0001's is_selected/selected_banner are kept as a derived summary. Existing
 * selections are carried over, one row per purpose of the selected address.
 */
export const addressSelectionsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('customer_address_selections')
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('banner_id', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('address_id', 'integer', (col) => col.notNull().references('customer_addresses.id'))
      .addColumn('selected_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('customer_address_selections_pk', ['customer_id', 'banner_id', 'purpose'])
      .execute();
    await db.schema
      .createIndex('customer_address_selections_address_idx')
      .on('customer_address_selections')
      .column('address_id')
      .execute();

    const selected = await db
      .selectFrom('customer_addresses')
      .select(['id', 'customer_id', 'selected_banner', 'purposes', 'created_at'])
      .where('is_selected', '=', 1)
      .where('selected_banner', 'is not', null)
      .orderBy('id')
      .execute();
    const rows = new Map<string, Record<string, unknown>>();
    for (const address of selected) {
      for (const purpose of String(address.purposes).split(',').filter(Boolean)) {
        // The newest selected address wins a banner and purpose, as user info read it before.
        rows.set(`${address.customer_id}|${address.selected_banner}|${purpose}`, {
          customer_id: address.customer_id,
          banner_id: address.selected_banner,
          purpose,
          address_id: address.id,
          selected_at: address.created_at,
        });
      }
    }
    if (rows.size > 0)
      await db
        .insertInto('customer_address_selections')
        .values([...rows.values()])
        .execute();
  },
};
