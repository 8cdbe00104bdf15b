import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0093-content-preview-and-author-modes.md. The home page's editable content: dated versions of each
 * banner's hero. The version shown is the latest one started; one dated later is a draft, seen only by a content
 * editor previewing that moment. Offers are dated the same way (starts_at), so one preview moment covers both.
 */
export const homeContentSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('home_content')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('banner_id', 'text', (col) => col.notNull().references('banners.id'))
      .addColumn('slot', 'text', (col) => col.notNull())
      .addColumn('headline', 'text', (col) => col.notNull())
      .addColumn('highlight', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('starts_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('home_content_version_uq', ['banner_id', 'slot', 'starts_at'])
      .execute();
  },
};
