import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0123-catalogue-words-in-spanish.md. The catalogue's own words in Spanish, kept as data beside the
 * English ones: an offer's and a reward's title and description, a delivery plan's name (null shows the English
 * words), and a shelf item's description per language, written once for every brand and size of the item.
 */
export const catalogueSpanishSchema = {
  async up(db: AnyDb) {
    for (const table of ['offers', 'rewards'])
      for (const column of ['title_es', 'description_es'])
        await db.schema.alterTable(table).addColumn(column, 'text').execute();
    await db.schema.alterTable('delivery_plans').addColumn('name_es', 'text').execute();
    // The plans came with 0010, so their Spanish names come with this migration.
    for (const [code, name] of [
      ['MONTHLY', 'Pase de entrega mensual'],
      ['ANNUAL', 'Pase de entrega anual'],
    ] as const)
      await db.updateTable('delivery_plans').set({ name_es: name }).where('code', '=', code).execute();
    await db.schema
      .createTable('item_descriptions')
      .addColumn('item_key', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('item_descriptions_pk', ['item_key', 'language'])
      .execute();
  },
};
