import { sql } from 'kysely';
import { database } from '~/db/db.server';

export async function databaseHealth(): Promise<{ ok: boolean; database: string }> {
  const handle = database();
  try {
    await sql`select 1`.execute(handle.db);
    return { ok: true, database: handle.dialect };
  } catch {
    return { ok: false, database: handle.dialect };
  }
}
