import type { Insertable, Kysely } from 'kysely';
import { addCalendarDays, adWeekOf } from '~/modules/weekly-ad/ad-week';
import type { Database } from '../schema';
import { SeededRandom } from './random';

/** Deals a banner's weekly ad carries each week, spread over the departments. */
export const AD_DEALS_PER_WEEK = 36;
/** Ad weeks seeded around the seeding day: last week's (ended), this week's and the next three. */
const AD_WEEKS = [-1, 0, 1, 2, 3];
/** The lowest store price factor a banner's stores have (stores.seed): a sale price below it is a sale everywhere. */
const LOWEST_PRICE_FACTOR = 0.945;

/**
 * The weekly ads (decision 0109): per banner and ad week, sale prices and buy-one-get-one deals on grocery
 * products, plus two deals for each banner's first store alone. Drawn from their own random stream, so every other
 * seeded row stays as it was.
 */
export async function seedWeeklyAds(
  db: Kysely<Database>,
  firstStoreOf: ReadonlyMap<string, { id: number }>,
  seed: number,
  now: Date,
) {
  const random = new SeededRandom(seed + 0x5eed_ad);
  const products = await db
    .selectFrom('products as p')
    .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
    .select(['p.id', 'p.base_price_cents', 'a.department_id'])
    .where('p.kind', '=', 'grocery')
    .where('p.base_price_cents', '>=', 199)
    .orderBy('p.id')
    .limit(4_000)
    .execute();
  if (products.length === 0) return;
  const byDepartment = new Map<number, typeof products>();
  for (const product of products) {
    const list = byDepartment.get(product.department_id) ?? [];
    list.push(product);
    byDepartment.set(product.department_id, list);
  }
  const departments = [...byDepartment.values()];
  const thisWeek = adWeekOf(now.toISOString().slice(0, 10));
  const rows: Insertable<Database['weekly_ad_deals']>[] = [];
  const deal = (bannerId: string, storeId: number | null, product: (typeof products)[number], startsOn: string) => {
    const bogo = random.chance(0.2);
    const sale = Math.floor((product.base_price_cents * LOWEST_PRICE_FACTOR * random.int(65, 85)) / 100);
    rows.push({
      banner_id: bannerId,
      store_id: storeId,
      product_id: product.id,
      kind: bogo ? 'bogo' : 'sale-price',
      value: bogo ? 100 : Math.max(99, sale - (sale % 10) - 1),
      min_quantity: 1,
      starts_on: startsOn,
      ends_on: addCalendarDays(startsOn, 6),
    });
  };
  for (const [bannerId, store] of firstStoreOf) {
    for (const week of AD_WEEKS) {
      const startsOn = addCalendarDays(thisWeek.startsOn, week * 7);
      const chosen = new Set<number>();
      for (let n = 0; chosen.size < AD_DEALS_PER_WEEK && n < AD_DEALS_PER_WEEK * 4; n++) {
        const product = random.pick(random.pick(departments));
        if (chosen.has(product.id)) continue;
        chosen.add(product.id);
        deal(bannerId, null, product, startsOn);
      }
      for (let n = 0; n < 2; n++) {
        const product = random.pick(random.pick(departments));
        if (!chosen.has(product.id)) deal(bannerId, store.id, product, startsOn);
      }
    }
  }
  await db.insertInto('weekly_ad_deals').values(rows).execute();
}
