/**
 * `npm run synonyms:load [-- file.tsv]`: replaces the search_synonyms rows of DATABASE_URL's database
 * with a data file's (default app/db/seed/data/search-synonyms.tsv), without touching the catalogue.
 * A bad row or a loop is refused with its line or words and nothing is written. Running storefronts
 * use the new rows at their next search.
 */
import path from 'node:path';
import { openDatabase } from '../app/db/db.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { appEnv } from '../app/modules/config/env.server';
import { SYNONYM_FILE, synonymFileRows } from '../app/db/seed/search-synonyms.seed';
import { storeSearchSynonyms } from '../app/modules/search/synonyms.server';

const file = process.argv[2] ? path.resolve(process.argv[2]) : SYNONYM_FILE;
let rows;
try {
  rows = synonymFileRows(file);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const handle = openDatabase({ url: appEnv().DATABASE_URL });
try {
  await migrateToLatest(handle.db, handle.dialect);
  await storeSearchSynonyms(handle.db, rows);
  console.log(`Loaded ${rows.length} search synonyms into ${handle.location}`);
} finally {
  await handle.db.destroy();
}
