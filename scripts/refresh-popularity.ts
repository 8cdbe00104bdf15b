/**
 * `npm run popularity:refresh`: recomputes products.popularity from the orders placed (decayed by age,
 * blended with each product's prior) in DATABASE_URL's database and rebuilds the search index when any
 * moved. Nothing in the storefront runs it on a timer; schedule it (a nightly cron line is in the README).
 */
import { openDatabase } from '../app/db/db.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { refreshPopularity } from '../app/modules/catalog/popularity-refresh.server';
import { appEnv } from '../app/modules/config/env.server';

const handle = openDatabase({ url: appEnv().DATABASE_URL });
try {
  await migrateToLatest(handle.db, handle.dialect);
  const started = Date.now();
  const result = await refreshPopularity(handle.db, handle.dialect, new Date());
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Popularity from orders in ${handle.location}: ${result.ordered} products ordered, ${result.changed} changed, ` +
      `${result.reindexed ? 'search index rebuilt' : 'search index unchanged'} (${seconds} s)`,
  );
} finally {
  await handle.db.destroy();
}
