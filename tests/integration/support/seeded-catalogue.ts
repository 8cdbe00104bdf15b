import type { DialectName } from '~/db/dialect';
import { useDatabaseForTests as pointDatabaseAt } from '~/db/db.server';
import { forgetTaxonomy } from '~/modules/catalog/taxonomy.server';
import { forgetSearchIntents } from '~/modules/search/intent.server';
import { forgetSearchSynonyms } from '~/modules/search/synonyms.server';
import { forgetSearchVocabulary } from '~/modules/search/vocabulary.server';
import { allStores, forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, type TestDatabase } from './databases';

/** Forgets what each process keeps of a catalogue: stores, taxonomy and the search tables. */
export function forgetCatalogueCaches() {
  forgetCachedStores();
  forgetTaxonomy();
  forgetSearchVocabulary();
  forgetSearchSynonyms();
  forgetSearchIntents();
}

/** A new database with the seeded catalogue of `products` grocery products, in use, and its first store. */
export async function seededCatalogue(
  dialect: DialectName,
  products: number,
  now: Date,
): Promise<{ test: TestDatabase; store: Store }> {
  const test = await createSeededTestDatabase(dialect, { products, now });
  pointDatabaseAt(test);
  forgetCatalogueCaches();
  return { test, store: (await allStores())[0]! };
}

/** Stops using a test catalogue and drops it. */
export async function dropCatalogue(test: TestDatabase | undefined) {
  pointDatabaseAt(undefined);
  await test?.drop();
}
