import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo promo codes of every banner (decision 0105), on the consumer site and, prefixed BIZ-, on the business
 * site: SAVE10 (10% off a basket of $50 or more), WELCOME5 ($5 off a first order, once per customer) and OLDSPRING
 * (ended a month ago).
 */
export async function seedDemoPromoCodes(db: Kysely<Database>, bannerIds: readonly string[], now: Date) {
  const day = 86_400_000;
  const starts = new Date(now.getTime() - 365 * day).toISOString();
  const ends = new Date(now.getTime() + 365 * day).toISOString();
  const rows = bannerIds.flatMap((bannerId) =>
    (['C', 'B'] as const).flatMap((siteType) => {
      const prefix = siteType === 'B' ? 'BIZ-' : '';
      // Every row names every column: a multi-row insert on SQLite has no DEFAULT for a missing one.
      const base = {
        banner_id: bannerId,
        site_type: siteType,
        starts_at: starts,
        ends_at: ends,
        usage_cap: null,
        min_basket_cents: 0,
        first_order_only: 0 as const,
        once_per_customer: 0 as const,
      };
      return [
        { ...base, code: `${prefix}SAVE10`, kind: 'percent' as const, value: 10, min_basket_cents: 5000 },
        {
          ...base,
          code: `${prefix}WELCOME5`,
          kind: 'amount' as const,
          value: 500,
          first_order_only: 1 as const,
          once_per_customer: 1 as const,
        },
        {
          ...base,
          code: `${prefix}OLDSPRING`,
          kind: 'percent' as const,
          value: 15,
          ends_at: new Date(now.getTime() - 30 * day).toISOString(),
        },
      ];
    }),
  );
  await db.insertInto('promo_codes').values(rows).execute();
}
