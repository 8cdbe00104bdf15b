/**
 * `npm run mail:weekly-offers [-- --origin https://www.pantry.example]`: queues this week's offers email for every
 * open account that did not unsubscribe, in DATABASE_URL's database; the mail worker sends them. Each carries the
 * customer's signed unsubscribe link (decision 0100), so run it where the storefront's SESSION_SECRET is set. Nothing
 * runs it on a timer; schedule it weekly.
 */
import { parseArgs } from 'node:util';
import { database } from '../app/db/db.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { appEnv } from '../app/modules/config/env.server';
import { queueWeeklyOffersForAll } from '../app/modules/customers/marketing-email.server';

const { values } = parseArgs({ options: { origin: { type: 'string' } } });
const origin = new URL(values.origin ?? `http://localhost:${appEnv().PORT}`).origin;
const handle = database();
try {
  await migrateToLatest(handle.db, handle.dialect);
  const queued = await queueWeeklyOffersForAll(origin);
  console.log(`Weekly offers: ${queued} emails queued in ${handle.location}`);
} finally {
  await handle.db.destroy();
}
