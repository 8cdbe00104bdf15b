import { db } from '~/db/db.server';
import { productCardColumns, toProductHit } from '~/modules/catalog/product-card-select.server';
import type { PriceContext } from '~/modules/search/price-context.server';
import type { ProductHit } from '~/modules/search/product-query';
import type { Language } from '~/modules/i18n/languages';
import { wordsIn } from '~/modules/i18n/translations.server';
import { adDealHeadline, adSalePriceCents, adWeekLabel, adWeekOf, storeToday } from './ad-week';

export interface WeeklyAdItem {
  dealId: number;
  product: ProductHit;
  headline: string;
  /** The price of one unit on the deal; for a buy-n-get-one deal, the regular price. */
  salePriceCents: number;
  /** The store's regular price of one unit. */
  regularCents: number;
  /** Only at this store, not at every store of the banner. */
  thisStoreOnly: boolean;
  validFrom: string;
  validTo: string;
}

export interface WeeklyAdDepartment {
  slug: string;
  name: string;
  items: WeeklyAdItem[];
}

export interface WeeklyAd {
  /** The ad week at the store: Wednesday to Tuesday, by its own clock. */
  week: { startsOn: string; endsOn: string; label: string };
  /** Every department with a deal this week, for the department links; `items` holds only the chosen one's. */
  departments: WeeklyAdDepartment[];
  itemCount: number;
}

/**
 * This week's ad at a store: the banner's deals and the store's own, live today in the store's time zone, priced
 * at the store (a deal that saves nothing there, say against a lower local price, is left out), by department.
 * `department` (a slug) narrows the items to one department; the list of departments stays whole.
 */
export async function weeklyAdAtStore(
  store: { id: number; banner_id: string; timezone: string },
  ctx: PriceContext,
  department: string | null,
  now = new Date(),
  language: Language = 'en',
): Promise<WeeklyAd> {
  const words = wordsIn(language, 'shop');
  const today = storeToday(now, store.timezone);
  const rows = await db()
    .selectFrom('weekly_ad_deals as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
    .innerJoin('departments as dep', 'dep.id', 'a.department_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .select([
      'd.id as deal_id',
      'd.store_id as deal_store_id',
      'd.kind as deal_kind',
      'd.value as deal_value',
      'd.min_quantity as deal_min_quantity',
      'd.starts_on',
      'd.ends_on',
      'dep.slug as department_slug',
      'dep.name as department_name',
      ...productCardColumns,
    ])
    .where('d.banner_id', '=', store.banner_id)
    .where((eb) => eb.or([eb('d.store_id', 'is', null), eb('d.store_id', '=', store.id)]))
    .where('d.starts_on', '<=', today)
    .where('d.ends_on', '>=', today)
    .where('p.kind', '=', 'grocery')
    .orderBy('dep.position')
    .orderBy('p.name')
    .orderBy('d.id')
    .execute();
  // A product on two deals (the banner's and this store's) shows the one with the lower price.
  const best = new Map<number, { item: WeeklyAdItem; slug: string; name: string }>();
  for (const row of rows) {
    const product = toProductHit(row, ctx);
    const terms = { kind: row.deal_kind, value: row.deal_value, minQuantity: row.deal_min_quantity };
    const salePriceCents = adSalePriceCents(terms, product.priceCents);
    if (salePriceCents === null) continue;
    const kept = best.get(product.id);
    if (kept && kept.item.salePriceCents <= salePriceCents) continue;
    best.set(product.id, {
      slug: row.department_slug,
      name: row.department_name,
      item: {
        dealId: row.deal_id,
        product,
        headline: adDealHeadline(terms, words),
        salePriceCents,
        regularCents: product.priceCents,
        thisStoreOnly: row.deal_store_id !== null,
        validFrom: row.starts_on,
        validTo: row.ends_on,
      },
    });
  }
  const byDepartment = new Map<string, WeeklyAdDepartment>();
  for (const { slug, name, item } of best.values()) {
    const entry = byDepartment.get(slug) ?? { slug, name, items: [] };
    entry.items.push(item);
    byDepartment.set(slug, entry);
  }
  const week = adWeekOf(today);
  const departments = [...byDepartment.values()];
  return {
    week: { ...week, label: adWeekLabel(week, language) },
    itemCount: departments.reduce((sum, d) => sum + d.items.length, 0),
    departments: departments.map((d) => (department === null || d.slug === department ? d : { ...d, items: [] })),
  };
}
