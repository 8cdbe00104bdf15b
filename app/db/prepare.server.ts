import { ensureLocalSecret, appEnv } from '~/modules/config/env.server';
import { openDatabase, type DatabaseHandle } from './db.server';
import { migrateToLatest } from './migrate.server';
import { fillNewSynonymTable } from './seed/search-synonyms.seed';
import { isSeeded, seedDatabase, type SeedOptions } from './seed/seed.server';

/**
 * What `npm start` does before serving: a local cookie secret (when none is configured), the
 * migrations, and the demo data on an empty database.
 */
export async function prepareDatabase(
  options: { seed?: Partial<SeedOptions>; migrateOnly?: boolean; log?: (line: string) => void } = {},
) {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!appEnv().SESSION_SECRET) ensureLocalSecret('session-secret');
  const handle: DatabaseHandle = openDatabase({ url: appEnv().DATABASE_URL });
  try {
    const { applied } = await migrateToLatest(handle.db, handle.dialect);
    log(
      applied.length
        ? `Migrated ${handle.location}: ${applied.join(', ')}`
        : `Database ${handle.location} is up to date`,
    );
    if (!options.migrateOnly && !(await isSeeded(handle.db))) {
      const fromEnv = Number(process.env.SEED_PRODUCTS);
      const products = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
      await seedDatabase(handle.db, handle.dialect, { products, ...options.seed, log });
    } else {
      const synonyms = await fillNewSynonymTable(handle.db, applied);
      if (synonyms !== null) log(`Loaded ${synonyms} search synonyms into the new search_synonyms table`);
    }
  } finally {
    await handle.db.destroy();
  }
}
