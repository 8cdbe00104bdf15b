import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/** The longest window any rate rule had when this ran (sign-ups, 1 hour): existing rows keep counting that long. */
const LONGEST_WINDOW_SECONDS = 60 * 60;

/**
 * Each rate-limit row says when it stops mattering (the end of the window after its own, when it is no longer
 * the "previous" window of the sliding count), so a sweep can delete old rows without knowing every rule.
 * Rows already there keep two of the longest windows: no limit in force is reset by the upgrade.
 */
export const rateLimitExpirySchema = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('rate_limits')
      .addColumn('expires_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    const keepUntil = Math.ceil(Date.now() / 1000) + 2 * LONGEST_WINDOW_SECONDS;
    await sql`update rate_limits set expires_at = ${keepUntil}`.execute(db);
    await db.schema.createIndex('rate_limits_expires_at').on('rate_limits').column('expires_at').execute();
  },
};
