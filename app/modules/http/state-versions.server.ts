import { sql, type Kysely, type Transaction } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { log } from '~/modules/config/logger.server';

/**
 * State versions (decision 0027): a counter per subject in the shared database, part of every private page
 * cache key, so a page kept from before a change is never served after it. Subjects: a customer's own pages
 * (`c:<customerId>`) and a store's staff pages, its order queue and pick lists (`s:<storeId>`).
 */

export const subjectOf = (customerId: string | number) => `c:${String(customerId)}`;

const versionOf = compiledOnce((db, subject: string) =>
  db.selectFrom('shopper_state_versions').select('version').where('subject', '=', subject).compile(),
);

/** The customer's state version: every private-cache lookup reads it (compiled once). */
export async function stateVersion(subject: string): Promise<number> {
  const [row] = await versionOf(db(), subject);
  return row ? Number(row.version) : 0;
}

/**
 * The statement that moves a customer's version on, for a caller that runs it inside its own transaction or
 * statement (an action's write and its bump commit together, one WAL flush instead of two).
 */
export function stateVersionBump(conn: Kysely<Database> | Transaction<Database>, subject: string, now: string) {
  return conn
    .insertInto('shopper_state_versions')
    .values({ subject, version: 1, changed_at: now })
    .onConflict((conflict) =>
      conflict.column('subject').doUpdateSet((eb) => ({
        version: eb('shopper_state_versions.version', '+', 1),
        changed_at: now,
      })),
    );
}

/**
 * stateVersionBump as a PostgreSQL CTE (`, version as (…)`) that moves the version on once for each row of the
 * statement's own CTE `source`: a write and its bump in one statement, only when the write returned a row.
 */
export function stateVersionBumpFrom(source: string, subject: string, now: string) {
  return sql`, version as (
      insert into shopper_state_versions (subject, version, changed_at)
      select ${subject}::text, 1, ${now}::text from ${sql.table(source)}
      on conflict (subject) do update
        set version = shopper_state_versions.version + 1, changed_at = excluded.changed_at
      returning version
    )`;
}

/** stateVersionBump compiled once, for a transaction that bumps beside its own write (SQLite's actions). */
export const compiledStateVersionBump = compiledOnce((db, subject: string, now: string) =>
  stateVersionBump(db, subject, now).compile(),
);

export async function bumpStateVersion(subject: string): Promise<void> {
  await stateVersionBump(db(), subject, new Date().toISOString()).execute();
}

/** Whose staff pages: a store's order queue and pick lists. */
export const storeSubjectOf = (storeId: number) => `s:${String(storeId)}`;

/**
 * Moves a store's version on after a change to its orders, their lines or its stock has committed, so its
 * staff pages render afresh. Called after the transaction, never inside it: one store's row must not
 * serialise the pickers' transactions. Failing here leaves cached staff pages to their TTL (≤ 10 s).
 */
export async function noteStoreChange(storeId: number): Promise<void> {
  try {
    await bumpStateVersion(storeSubjectOf(storeId));
  } catch (error) {
    log.warn('store version not bumped', { error: error instanceof Error ? error.message : String(error) });
  }
}
