import { sql } from 'kysely';
import { db } from '~/db/db.server';
import { customerPriceTier } from '~/modules/catalog/price-tier.server';
import { storePriceCents, unitPriceLabel } from '~/modules/catalog/pricing';
import { storeById } from '~/modules/stores/stores.server';
import type { GalleryFilters } from './gallery-filters';
import { offerExpiryLabel, offerValueLabel } from './offer-value';
import type { OfferViewer } from './offer-viewer.server';
import { catalogueWords } from '~/modules/catalog/catalogue-words';

export const GALLERY_PAGE_SIZE = 24;

export interface OfferCard {
  id: number;
  title: string;
  description: string;
  category: string;
  offerType: string;
  valueLabel: string;
  endsAt: string;
  /** "Expires Dec 3". */
  expires: string;
  imageKey: string;
  /** null when nobody is signed in (the gallery then asks to sign in to clip). */
  clipped: boolean | null;
  /** Set for a content editor only (gallery-page.server.ts). */
  contentNote?: string | null;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The banner's running offers a viewer sees: everyone's, and with `personal` also the viewer's own personal offers
 * (a birthday offer, decision 0097). Another customer's personal offer is never among them.
 */
function activeOffers(viewer: OfferViewer, now: Date, personal: 'with-personal' | 'everyones' = 'with-personal') {
  const at = now.toISOString();
  return db()
    .selectFrom('offers as o')
    .where('o.banner_id', '=', viewer.bannerId)
    .where('o.starts_at', '<=', at)
    .where('o.ends_at', '>', at)
    .where((eb) =>
      personal === 'with-personal' && viewer.customerId !== null
        ? eb.or([eb('o.customer_id', 'is', null), eb('o.customer_id', '=', viewer.customerId)])
        : eb('o.customer_id', 'is', null),
    );
}

function toCard(
  row: {
    id: number;
    title: string;
    description: string;
    title_es: string | null;
    description_es: string | null;
    category: string;
    offer_type: string;
    kind: string;
    value: number;
    min_quantity: number;
    ends_at: string;
    image_key: string;
    clipped_at?: string | null;
  },
  viewer: OfferViewer,
): OfferCard {
  return {
    id: row.id,
    title: catalogueWords(viewer.language ?? 'en', row.title, row.title_es),
    description: catalogueWords(viewer.language ?? 'en', row.description, row.description_es),
    category: row.category,
    offerType: row.offer_type,
    valueLabel: offerValueLabel(row.kind, row.value, row.min_quantity),
    endsAt: row.ends_at,
    expires: offerExpiryLabel(row.ends_at),
    imageKey: row.image_key,
    clipped: viewer.customerId === null ? null : Boolean(row.clipped_at),
  };
}

const OFFER_COLUMNS = [
  'o.id',
  'o.title',
  'o.description',
  'o.title_es',
  'o.description_es',
  'o.category',
  'o.offer_type',
  'o.kind',
  'o.value',
  'o.min_quantity',
  'o.ends_at',
  'o.image_key',
] as const;

/**
 * The offers gallery (spec section 7: anonymous and registered): the banner's live offers, filtered by
 * category, type and words, sorted by expiry or by the biggest saving; a signed-in customer also
 * sees what they clipped. Category and type counts ignore those two filters so every choice shows.
 */
export async function offerGallery(viewer: OfferViewer, filters: GalleryFilters, now = new Date()) {
  // The customer's personal offers have their own place above the gallery (gallery-page.server.ts).
  let base = activeOffers(viewer, now, 'everyones');
  if (filters.q) {
    const pattern = likePattern(filters.q);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(o.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(o.description)`, 'like', sql`${pattern} escape '\\'`),
        // A Spanish shopper finds an offer by its Spanish words too.
        ...(viewer.language === 'es'
          ? [
              eb(sql`lower(o.title_es)`, 'like', sql`${pattern} escape '\\'`),
              eb(sql`lower(o.description_es)`, 'like', sql`${pattern} escape '\\'`),
            ]
          : []),
      ]),
    );
  }
  let filtered = base;
  if (filters.category) filtered = filtered.where('o.category', '=', filters.category);
  if (filters.type) filtered = filtered.where('o.offer_type', '=', filters.type);

  const customerId = viewer.customerId ?? -1;
  const withClip = filtered.leftJoin('clips as c', (join) =>
    join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', customerId),
  );
  let pageQuery = withClip.select([...OFFER_COLUMNS, 'c.clipped_at']);
  pageQuery =
    filters.sort === 'value'
      ? pageQuery.orderBy('o.savings_cents', 'desc').orderBy('o.ends_at').orderBy('o.id')
      : pageQuery.orderBy('o.ends_at').orderBy('o.savings_cents', 'desc').orderBy('o.id');

  const [rows, total, categories, types] = await Promise.all([
    pageQuery
      .limit(GALLERY_PAGE_SIZE)
      .offset((filters.page - 1) * GALLERY_PAGE_SIZE)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select(['o.category as name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('o.category')
      .orderBy('o.category')
      .execute(),
    base
      .select(['o.offer_type as name', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('o.offer_type')
      .orderBy('o.offer_type')
      .execute(),
  ]);
  const count = Number(total?.n ?? 0);
  return {
    offers: rows.map((row) => toCard(row, viewer)),
    total: count,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(count / GALLERY_PAGE_SIZE)),
    categories: categories.map((c) => ({ name: c.name, count: Number(c.n) })),
    types: types.map((t) => ({ name: t.name, count: Number(t.n) })),
  };
}

/** Which of `ids` start after `now`: the drafts a content editor's preview shows (decision 0093). */
export async function offersNotYetStarted(ids: number[], now = new Date()): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db()
    .selectFrom('offers')
    .select('id')
    .where('id', 'in', ids)
    .where('starts_at', '>', now.toISOString())
    .execute();
  return new Set(rows.map((row) => row.id));
}

export interface OfferProduct {
  id: number;
  name: string;
  brand: string;
  imageKey: string;
  priceCents: number;
  unitPrice: string | null;
}

/** The products each offer applies to, priced at the viewer's store and tier (most popular first). */
async function productsForOffers(offerIds: number[], viewer: OfferViewer, perOffer: number) {
  const byOffer = new Map<number, OfferProduct[]>();
  if (offerIds.length === 0) return byOffer;
  const storeId = viewer.storeId;
  const [store, tier] = await Promise.all([
    storeById(storeId),
    customerPriceTier(viewer.customerId, viewer.siteType ?? 'C'),
  ]);
  const rows = await db()
    .selectFrom('offer_products as op')
    .innerJoin('products as p', 'p.id', 'op.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as so', (join) =>
      join.onRef('so.product_id', '=', 'p.id').on('so.store_id', '=', storeId),
    )
    .select([
      'op.offer_id',
      'p.id',
      'p.name',
      'b.name as brand',
      'p.image_key',
      'p.base_price_cents',
      'p.size_quantity',
      'p.size_unit',
      'so.price_cents as override_price',
    ])
    .where('op.offer_id', 'in', offerIds)
    .orderBy('op.offer_id')
    .orderBy('p.popularity', 'desc')
    .orderBy('p.id')
    .execute();
  for (const row of rows) {
    const list = byOffer.get(row.offer_id) ?? [];
    if (list.length >= perOffer) continue;
    const priceCents = storePriceCents(
      row.base_price_cents,
      store?.price_factor_bp ?? 10_000,
      row.override_price,
      tier,
    );
    list.push({
      id: row.id,
      name: row.name,
      brand: row.brand,
      imageKey: row.image_key,
      priceCents,
      unitPrice: unitPriceLabel(priceCents, row.size_quantity, row.size_unit),
    });
    byOffer.set(row.offer_id, list);
  }
  return byOffer;
}

/** One offer of the viewer's banner (live or not, so an expired link still explains itself). */
export async function offerDetails(viewer: OfferViewer, offerId: number, now = new Date()) {
  const customerId = viewer.customerId ?? -1;
  const row = await db()
    .selectFrom('offers as o')
    .leftJoin('clips as c', (join) => join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', customerId))
    .select([...OFFER_COLUMNS, 'o.starts_at', 'c.clipped_at'])
    .where('o.id', '=', offerId)
    .where('o.banner_id', '=', viewer.bannerId)
    // Someone else's personal offer is not found.
    .where((eb) => eb.or([eb('o.customer_id', 'is', null), eb('o.customer_id', '=', customerId)]))
    .executeTakeFirst();
  if (!row) return null;
  const products = (await productsForOffers([row.id], viewer, 12)).get(row.id) ?? [];
  const at = now.toISOString();
  return {
    ...toCard(row, viewer),
    status: row.ends_at <= at ? ('expired' as const) : row.starts_at > at ? ('upcoming' as const) : ('live' as const),
    products,
  };
}

/** My list (spec section 7: mylist): the customer's clipped, live offers with the products they apply to. */
export async function myList(viewer: OfferViewer & { customerId: number }, now = new Date()) {
  const rows = await activeOffers(viewer, now)
    .innerJoin('clips as c', (join) =>
      join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', viewer.customerId),
    )
    .select([...OFFER_COLUMNS, 'c.clipped_at'])
    .orderBy('o.ends_at')
    .orderBy('o.id')
    .execute();
  const products = await productsForOffers(
    rows.map((row) => row.id),
    viewer,
    4,
  );
  return rows.map((row) => ({ ...toCard(row, viewer), products: products.get(row.id) ?? [] }));
}

/** The most companion offers one call answers (a full cart's products fit well within it). */
export const COMPANION_OFFERS_MAX = 60;

/**
 * Companion offers (spec section 7, xapi companion gallery): the banner's live offers on any of these products (the
 * shopper's cart, a product page), soonest to end first, each with the products it covers among them.
 */
export async function companionOffers(viewer: OfferViewer, productIds: number[], now = new Date()) {
  if (productIds.length === 0) return [];
  const customerId = viewer.customerId ?? -1;
  const rows = await activeOffers(viewer, now)
    .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
    .leftJoin('clips as c', (join) => join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', customerId))
    .select([...OFFER_COLUMNS, 'c.clipped_at', 'op.product_id'])
    .where('op.product_id', 'in', productIds)
    .orderBy('o.ends_at')
    .orderBy('o.id')
    .orderBy('op.product_id')
    .execute();
  const offers = new Map<number, OfferCard & { forProductIds: string[] }>();
  for (const row of rows) {
    const known = offers.get(row.id);
    if (known) known.forProductIds.push(String(row.product_id));
    else if (offers.size < COMPANION_OFFERS_MAX) {
      offers.set(row.id, { ...toCard(row, viewer), forProductIds: [String(row.product_id)] });
    }
  }
  return [...offers.values()];
}
