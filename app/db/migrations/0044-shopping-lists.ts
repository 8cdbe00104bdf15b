import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0106-shopping-lists.md. Shopping lists belong to a household (customers.house_id) on one banner
 * and site, so every member of the household sees and edits them; a guest's one list has no household and is
 * found by the random key its signed cookie holds. item_count is raised only by a conditional UPDATE
 * (… WHERE item_count < cap), which holds the per-list cap when two members add at once on PostgreSQL.
 * An item is a product (unique per list) or free text; position orders the list, checked is set, never toggled.
 */
export function shoppingListsSchema(dialect: DialectName) {
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (col) => col.primaryKey())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('shopping_lists'))
        .addColumn('house_id', 'text')
        .addColumn('guest_key', 'text', (col) => col.unique())
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('site_type', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('item_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('shopping_lists_household_idx')
        .on('shopping_lists')
        .columns(['house_id', 'banner_id', 'site_type'])
        .execute();
      // One Favorites per household: two first visits at once cannot make two.
      await db.schema
        .createIndex('shopping_lists_default_uq')
        .on('shopping_lists')
        .columns(['house_id', 'banner_id', 'site_type'])
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();
      await withId(db.schema.createTable('shopping_list_items'))
        .addColumn('list_id', 'integer', (col) => col.notNull().references('shopping_lists.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (col) => col.references('products.id'))
        .addColumn('text', 'text')
        .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('checked', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('shopping_list_items_product_uq')
        .on('shopping_list_items')
        .columns(['list_id', 'product_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('shopping_list_items_position_idx')
        .on('shopping_list_items')
        .columns(['list_id', 'position'])
        .execute();
    },
  };
}
