import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

function serialId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
const double = sql`double precision`;

export function initialSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute();

      await db.schema
        .createTable('banners')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', notNull)
        .addColumn('logo_text', 'text', notNull)
        .addColumn('tagline', 'text', notNull)
        .addColumn('color_primary', 'text', notNull)
        .addColumn('color_dark', 'text', notNull)
        .addColumn('color_soft', 'text', notNull)
        .addColumn('color_accent', 'text', notNull)
        .addColumn('default_store_id', 'integer', notNull)
        .addColumn('default_zipcode', 'text', notNull)
        .addColumn('position', 'integer', notNull)
        .execute();

      await db.schema
        .createTable('stores')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('name', 'text', notNull)
        .addColumn('address1', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('zipcode', 'text', notNull)
        .addColumn('latitude', double, notNull)
        .addColumn('longitude', double, notNull)
        .addColumn('timezone', 'text', notNull)
        .addColumn('phone', 'text', notNull)
        .addColumn('hours', 'text', notNull)
        .addColumn('has_grocery_delivery', 'integer', flag)
        .addColumn('has_dug', 'integer', flag)
        .addColumn('has_rush_delivery', 'integer', flag)
        .addColumn('has_grocery_rewards', 'integer', flag)
        .addColumn('is_wine_d2c_enabled', 'integer', flag)
        .addColumn('wfc_store_id', 'text')
        .addColumn('delivery_radius_miles', 'integer', notNull)
        .addColumn('price_factor_bp', 'integer', notNull)
        .addColumn('gas_rewards_id', 'text')
        .addColumn('rewards_program_id', 'text')
        .addColumn('partner_fuel_logo', 'text')
        .addColumn('partner_max_redemption', 'integer', flag)
        .addColumn('own_max_redemption', 'integer', flag)
        .execute();
      await db.schema.createIndex('stores_banner_idx').on('stores').column('banner_id').execute();
      await db.schema.createIndex('stores_zipcode_idx').on('stores').column('zipcode').execute();

      await db.schema
        .createTable('departments')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('position', 'integer', notNull)
        .addColumn('image_key', 'text', notNull)
        .execute();

      await db.schema
        .createTable('aisles')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id'))
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('position', 'integer', notNull)
        .execute();
      await db.schema.createIndex('aisles_department_idx').on('aisles').column('department_id').execute();

      await db.schema
        .createTable('brands')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('initial', 'text', notNull)
        .execute();
      await db.schema.createIndex('brands_initial_idx').on('brands').columns(['initial', 'name']).execute();

      await db.schema
        .createTable('sellers')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', notNull)
        .addColumn('tagline', 'text', notNull)
        .addColumn('origin_zip', 'text', notNull)
        .addColumn('handling_days', 'integer', notNull)
        .addColumn('carrier', 'text', notNull)
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('kind', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('brand_id', 'integer', (col) => col.notNull().references('brands.id'))
        .addColumn('aisle_id', 'integer', (col) => col.references('aisles.id'))
        .addColumn('seller_id', 'integer', (col) => col.references('sellers.id'))
        .addColumn('item_key', 'text', notNull)
        .addColumn('size_label', 'text', notNull)
        .addColumn('size_quantity', double, notNull)
        .addColumn('size_unit', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('image_key', 'text', notNull)
        .addColumn('base_price_cents', 'integer', notNull)
        .addColumn('dietary_tags', 'text', notNull)
        .addColumn('attended_delivery_only', 'integer', flag)
        .addColumn('popularity', 'integer', notNull)
        .execute();
      await db.schema.createIndex('products_aisle_idx').on('products').columns(['aisle_id', 'popularity']).execute();
      await db.schema.createIndex('products_brand_idx').on('products').column('brand_id').execute();
      await db.schema.createIndex('products_seller_idx').on('products').column('seller_id').execute();
      await db.schema
        .createIndex('products_kind_popularity_idx')
        .on('products')
        .columns(['kind', 'popularity'])
        .execute();

      await db.schema
        .createTable('wine_details')
        .addColumn('product_id', 'integer', (col) => col.primaryKey().references('products.id'))
        .addColumn('varietal', 'text', notNull)
        .addColumn('color', 'text', notNull)
        .addColumn('region', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('vintage', 'integer', notNull)
        .execute();

      await db.schema
        .createTable('store_product_overrides')
        .addColumn('store_id', 'integer', (col) => col.notNull().references('stores.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('price_cents', 'integer')
        .addColumn('stock_status', 'text')
        .addPrimaryKeyConstraint('store_product_overrides_pk', ['store_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('recipes')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('minutes', 'integer', notNull)
        .addColumn('servings', 'integer', notNull)
        .addColumn('image_key', 'text', notNull)
        .addColumn('steps_json', 'text', notNull)
        .execute();

      await db.schema
        .createTable('recipe_ingredients')
        .addColumn('recipe_id', 'integer', (col) => col.notNull().references('recipes.id'))
        .addColumn('position', 'integer', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('product_id', 'integer', (col) => col.references('products.id'))
        .addPrimaryKeyConstraint('recipe_ingredients_pk', ['recipe_id', 'position'])
        .execute();

      await db.schema
        .createTable('offers')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('offer_type', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('value', 'integer', notNull)
        .addColumn('min_quantity', 'integer', notNull)
        .addColumn('brand_id', 'integer', (col) => col.references('brands.id'))
        .addColumn('starts_at', 'text', notNull)
        .addColumn('ends_at', 'text', notNull)
        .addColumn('image_key', 'text', notNull)
        .execute();
      await db.schema.createIndex('offers_banner_ends_idx').on('offers').columns(['banner_id', 'ends_at']).execute();

      await db.schema
        .createTable('offer_products')
        .addColumn('offer_id', 'integer', (col) => col.notNull().references('offers.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addPrimaryKeyConstraint('offer_products_pk', ['offer_id', 'product_id'])
        .execute();
      await db.schema.createIndex('offer_products_product_idx').on('offer_products').column('product_id').execute();

      await db.schema
        .createTable('customers')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('uuid', 'text', (col) => col.notNull().unique())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('phone', 'text', notNull)
        .addColumn('club_card', 'text', notNull)
        .addColumn('house_id', 'text', notNull)
        .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
        .addColumn('site_type', 'text', notNull)
        .addColumn('customer_type', 'text', notNull)
        .addColumn('company_name', 'text')
        .addColumn('tax_id', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('zipcode', 'text', notNull)
        .addColumn('store_id', 'integer', notNull)
        .addColumn('preference', 'text', notNull)
        .addColumn('email_verified', 'integer', flag)
        .addColumn('phone_verified', 'integer', flag)
        .addColumn('created_at', 'text', notNull)
        .execute();

      await serialId(db.schema.createTable('customer_addresses'), dialect)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('address_name', 'text', notNull)
        .addColumn('address1', 'text', notNull)
        .addColumn('address2', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .addColumn('state_code', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('postal_code', 'text', notNull)
        .addColumn('postal_code_extn', 'text', notNull)
        .addColumn('address_types', 'text', notNull)
        .addColumn('purposes', 'text', notNull)
        .addColumn('address_hash', 'text', notNull)
        .addColumn('is_selected', 'integer', flag)
        .addColumn('selected_banner', 'text')
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('customer_addresses_hash_unique', ['customer_id', 'address_hash'])
        .execute();

      await db.schema
        .createTable('clips')
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('offer_id', 'integer', (col) => col.notNull().references('offers.id'))
        .addColumn('clipped_at', 'text', notNull)
        .addPrimaryKeyConstraint('clips_pk', ['customer_id', 'offer_id'])
        .execute();

      await serialId(db.schema.createTable('orders'), dialect)
        .addColumn('order_number', 'text', (col) => col.notNull().unique())
        .addColumn('site_type', 'text', notNull)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('banner_id', 'text', notNull)
        .addColumn('store_id', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('fulfillment', 'text', notNull)
        .addColumn('slot_start', 'text', notNull)
        .addColumn('slot_end', 'text', notNull)
        .addColumn('subtotal_cents', 'integer', notNull)
        .addColumn('savings_cents', 'integer', notNull)
        .addColumn('fees_cents', 'integer', notNull)
        .addColumn('total_cents', 'integer', notNull)
        .addColumn('placed_at', 'text', notNull)
        .addColumn('cutoff_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('orders_customer_idx').on('orders').columns(['customer_id', 'placed_at']).execute();

      await db.schema
        .createTable('order_items')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
        .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
        .addColumn('quantity', 'integer', notNull)
        .addColumn('unit_price_cents', 'integer', notNull)
        .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'product_id'])
        .execute();

      await serialId(db.schema.createTable('pets'), dialect)
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
        .addColumn('name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('breed', 'text', notNull)
        .addColumn('birthday', 'text')
        .addColumn('photo_key', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('pets_customer_idx').on('pets').column('customer_id').execute();

      await serialId(db.schema.createTable('outbox'), dialect)
        .addColumn('channel', 'text', notNull)
        .addColumn('recipient', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('outbox_recipient_idx').on('outbox').columns(['recipient', 'id']).execute();
    },
  };
}
