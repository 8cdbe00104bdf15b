import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * Full-text search (docs/decisions/0008-search.md). The term vocabulary is a plain table, the same
 * on both dialects; the text indexes are each dialect's own: an FTS5 table on SQLite, a tsvector
 * table with a GIN index on PostgreSQL. Both are keyed by product (or recipe) id and filled by the seed.
 */
export function searchSchema(dialect: DialectName) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('search_terms')
        .addColumn('term', 'text', (col) => col.primaryKey())
        .addColumn('frequency', 'integer', (col) => col.notNull())
        .execute();
      // Wine and seller listings, and the price sort of a browse page, read these.
      await db.schema.createIndex('wine_details_varietal_idx').on('wine_details').column('varietal').execute();
      await db.schema.createIndex('wine_details_region_idx').on('wine_details').column('region').execute();
      // Related products on a product page: other brands and sizes of the same shelf item.
      await db.schema.createIndex('products_item_key_idx').on('products').columns(['item_key', 'popularity']).execute();
      await db.schema
        .createIndex('recipe_ingredients_product_idx')
        .on('recipe_ingredients')
        .column('product_id')
        .execute();

      if (dialect === 'sqlite') {
        // Contentless: the index alone (ranking needs no stored text); rows are deletable.
        // kind is '' for grocery and 'wine' or 'marketplace' otherwise: the few non-grocery rows
        // are excluded from a grocery search with a cheap NOT instead of a million-entry AND.
        await sql`create virtual table product_search using fts5(
          kind, name, brand, aisle, description,
          content='', contentless_delete=1,
          tokenize='porter unicode61 remove_diacritics 2', prefix='2 3'
        )`.execute(db);
        await sql`create virtual table recipe_search using fts5(
          title, ingredients,
          content='', contentless_delete=1,
          tokenize='porter unicode61 remove_diacritics 2', prefix='2 3'
        )`.execute(db);
      } else {
        await db.schema
          .createTable('product_search')
          .addColumn('product_id', 'integer', (col) => col.primaryKey().references('products.id'))
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('document', sql`tsvector`, (col) => col.notNull())
          .execute();
        await sql`create index product_search_document_idx on product_search using gin (document)`.execute(db);
        await db.schema
          .createTable('recipe_search')
          .addColumn('recipe_id', 'integer', (col) => col.primaryKey().references('recipes.id'))
          .addColumn('document', sql`tsvector`, (col) => col.notNull())
          .execute();
        await sql`create index recipe_search_document_idx on recipe_search using gin (document)`.execute(db);
      }
    },
  };
}
