import { hostname } from 'node:os';
import { sql } from 'kysely';
import { database } from '~/db/db.server';

/** Load balancers poll /healthz often: the write probe runs at most once a second per process. */
const WRITE_PROBE_EVERY_MS = 1_000;
const PROBE_KEY = `${hostname()}:${process.pid}`;

let lastProbe: { at: number; writable: boolean } | undefined;

async function writable(now: number): Promise<boolean> {
  if (lastProbe && now - lastProbe.at < WRITE_PROBE_EVERY_MS) return lastProbe.writable;
  const handle = database();
  let ok = true;
  try {
    // A committed one-row upsert: only a real write shows a read-only or immutable file (a
    // transaction rolled back, or BEGIN IMMEDIATE alone, never touches the disk).
    await handle.db
      .insertInto('health_probe')
      .values({ probe_key: PROBE_KEY, checked_at: new Date(now).toISOString() })
      .onConflict((conflict) => conflict.column('probe_key').doUpdateSet({ checked_at: new Date(now).toISOString() }))
      .execute();
  } catch {
    ok = false;
  }
  lastProbe = { at: now, writable: ok };
  return ok;
}

/** Healthy means the database answers a query and still takes writes (docs/decisions/0024). */
export async function databaseHealth(now = Date.now()): Promise<{ ok: boolean; database: string; writable?: boolean }> {
  const handle = database();
  try {
    await sql`select 1`.execute(handle.db);
  } catch {
    return { ok: false, database: handle.dialect };
  }
  const canWrite = await writable(now);
  return { ok: canWrite, database: handle.dialect, writable: canWrite };
}

/** Tests start each case without the cached probe. */
export function forgetHealthProbe() {
  lastProbe = undefined;
}
