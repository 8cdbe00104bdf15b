import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SoakWorld } from '../../../bench/soak-run';
import type { Database } from '~/db/schema';
import { liveOfferIds } from '../../integration/support/offers';
import { Browser, signInWithPassword } from './browser';
import type { StorefrontProcess } from '../../../scripts/cluster';

/** Where the soak sends its requests: a cluster's balancer, or one storefront (bench/soak-one.ts). */
export interface SoakTarget {
  url: string;
  storefronts: Pick<StorefrontProcess, 'child'>[];
}

const TEMPLATE_EMAIL = 'jordan@pantry.test';
const FIRST_SOAK_ID = 900_001;

/**
 * `count` shoppers for the soak: the demo customer Jordan and `count - 1` more made in the database from
 * Jordan's record (same password, store and banner; their own id, email, card and household), each signed in
 * with a password on the real pages through the identity provider, as a shopper would.
 */
async function signedInShoppers(db: Kysely<Database>, cluster: SoakTarget, count: number): Promise<string[]> {
  const template = await db
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', TEMPLATE_EMAIL)
    .executeTakeFirstOrThrow();
  const emails = [TEMPLATE_EMAIL];
  for (let i = 1; i < count; i++) {
    const id = FIRST_SOAK_ID + i;
    const email = `soak-shopper-${i}@pantry.test`;
    await db
      .insertInto('customers')
      .values({
        ...template,
        id,
        uuid: randomUUID(),
        email,
        first_name: `Shopper${i}`,
        club_card: String(40_000_000_000 + id),
        house_id: `HHSOAK${id}`,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    emails.push(email);
  }
  const cookies: string[] = [];
  // A few at a time: each sign-in hashes a password on the provider.
  for (let i = 0; i < emails.length; i += 5) {
    const batch = await Promise.all(
      emails.slice(i, i + 5).map(async (email) => {
        const browser = new Browser();
        const signedIn = await signInWithPassword(browser, cluster.url, email);
        const page = await signedIn.response.text();
        if (!page.includes('Hi, ')) throw new Error(`${email} was not signed in (${signedIn.response.status})`);
        return browser.cookieHeader(new URL(cluster.url));
      }),
    );
    cookies.push(...batch);
  }
  return cookies;
}

/** What the soak asks for: real product and offer ids from the seeded database, the shoppers' cookies. */
export async function soakWorld(db: Kysely<Database>, cluster: SoakTarget, shoppers: number): Promise<SoakWorld> {
  const productIds = (
    await db.selectFrom('products').select('id').where('kind', '=', 'grocery').orderBy('id').limit(100).execute()
  ).map((row) => row.id);
  const offerIds = await liveOfferIds(db, 'greenleaf', new Date());
  return {
    url: cluster.url,
    customerCookies: await signedInShoppers(db, cluster, shoppers),
    productIds,
    offerIds,
    searchWords: ['milk', 'bread', 'cheese', 'apple', 'chicken', 'organic', 'yogurt', 'coffee'],
    pids: cluster.storefronts.map((s) => s.child.pid!),
  };
}
