import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { database, type DatabaseHandle } from '~/db/db.server';
import type { Database } from '~/db/schema';

const readVersion = compiledOnce((db) =>
  sql<{ version: number | string }>`select version from search_version where id = 1`.compile(db),
);

/**
 * Something read from the search tables, kept per database under the search_version it was read at
 * (docs/decisions/0035-search-result-cache.md): every write to a search input moves the version on,
 * so the next search in any process reads it again. `version` is the one the caller already read
 * (the search page cache does), or it is read here.
 */
export function perSearchVersion<T>(read: (db: Kysely<Database>) => Promise<T>) {
  let cache = new WeakMap<DatabaseHandle, { version: string; value: Promise<T> }>();
  return {
    async get(version?: string | null): Promise<T> {
      const handle = database();
      const current = version ?? String((await readVersion(handle.db))[0]?.version ?? '');
      const cached = cache.get(handle);
      if (cached && cached.version === current) return cached.value;
      const value = read(handle.db);
      cache.set(handle, { version: current, value });
      value.catch(() => cache.delete(handle));
      return value;
    },
    forget() {
      cache = new WeakMap();
    },
  };
}
