import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { cacheExpiry, isExpired } from './shipping-rules';

export interface CachedValue<T> {
  value: T;
  expiresAt: Date;
  hit: boolean;
}

/**
 * A shipping estimate from the shared cache (a database table, so every storefront process sees what
 * another computed), or computed and stored for 3 hours. An expired entry is removed, then computed again.
 */
export async function cachedShipping<T>(
  key: string,
  compute: () => Promise<T> | T,
  now: Date = new Date(),
  conn: Kysely<Database> = db(),
): Promise<CachedValue<T>> {
  const row = await conn
    .selectFrom('shipping_cache')
    .select(['payload', 'expires_at'])
    .where('cache_key', '=', key)
    .executeTakeFirst();
  if (row && !isExpired(row.expires_at, now)) {
    return { value: JSON.parse(row.payload) as T, expiresAt: new Date(row.expires_at), hit: true };
  }
  if (row) {
    // Spec section 9: the entry is removed on expiry (with any other expired ones, so keys nobody asks for
    // again do not pile up). `<= now` keeps a fresher entry another process has just written.
    await purgeExpiredShipping(now, conn);
  }
  const value = await compute();
  const expiresAt = cacheExpiry(now);
  const entry = { payload: JSON.stringify(value), expires_at: expiresAt.toISOString(), created_at: now.toISOString() };
  await conn
    .insertInto('shipping_cache')
    .values({ cache_key: key, ...entry })
    .onConflict((conflict) => conflict.column('cache_key').doUpdateSet(entry))
    .execute();
  return { value, expiresAt, hit: false };
}

/** Removes every entry expired at `now`. */
export async function purgeExpiredShipping(now: Date = new Date(), conn: Kysely<Database> = db()): Promise<number> {
  const result = await conn
    .deleteFrom('shipping_cache')
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
