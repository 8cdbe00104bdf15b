import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0082-the-store-managers-page.md. A store manager can close a window: a closed window takes no new
 * place (the reservation's conditional UPDATE reads the flag) and the places already taken stay taken. A flag,
 * not capacity 0, so that reopening gives back the capacity the window had.
 */
export const slotClosingSchema = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('slots')
      .addColumn('closed', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
