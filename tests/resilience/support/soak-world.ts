import type { Kysely } from 'kysely';
import type { SoakWorld } from '../../../bench/soak-run';
import type { Database } from '~/db/schema';
import type { Browser } from './browser';
import type { Cluster } from '../../../scripts/cluster';

/** What the soak asks for: real product and offer ids from the seeded database, the customer's cookies. */
export async function soakWorld(db: Kysely<Database>, cluster: Cluster, customer: Browser): Promise<SoakWorld> {
  const productIds = (
    await db.selectFrom('products').select('id').where('kind', '=', 'grocery').orderBy('id').limit(100).execute()
  ).map((row) => row.id);
  const now = new Date().toISOString();
  const offerIds = (
    await db
      .selectFrom('offers')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  return {
    url: cluster.url,
    customerCookie: customer.cookieHeader(new URL(cluster.url)),
    productIds,
    offerIds,
    searchWords: ['milk', 'bread', 'cheese', 'apple', 'chicken', 'organic', 'yogurt', 'coffee'],
    pids: cluster.storefronts.map((s) => s.child.pid!),
  };
}
