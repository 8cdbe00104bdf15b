import { db } from '~/db/db.server';
import type { ProductKind } from '~/db/schema';
import type { PriceContext } from '~/modules/search/price-context.server';
import type { ProductHit } from '~/modules/search/product-query';
import { findProducts } from '~/modules/search/product-search.server';
import { DIETARY_TAGS } from '~/modules/search/query';
import { nutritionFacts, type NutritionFacts } from './nutrition';
import { isSnapEligible } from './snap-eligibility';
import { productCardColumns, toProductHit } from './product-card-select.server';
import { sellerIn, taxonomy, type SellerInfo } from './taxonomy.server';
import type { Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { catalogueWords, fillItemDescription } from './catalogue-words';

export interface ProductDetails extends ProductHit {
  description: string;
  brandSlug: string;
  dietary: string[];
  aisle: { slug: string; name: string } | null;
  department: { slug: string; name: string } | null;
  offers: { id: number; title: string; description: string; endsAt: string }[];
  wine: { varietal: string; color: string; region: string; country: string; vintage: number } | null;
  seller: SellerInfo | null;
  /** The Nutrition Facts label, ingredients and allergens of a grocery food; null for anything else. */
  /** SNAP may buy it (snap-eligibility.ts): the page's badge. */
  snapEligible: boolean;
  nutrition: NutritionFacts | null;
  related: ProductHit[];
}

/**
 * One product of a kind, priced for the context's store, with its offers and related products, its description and
 * offers in the shopper's language (decision 0123); null when unknown.
 */
export async function productDetails(
  id: number,
  kind: ProductKind,
  ctx: PriceContext,
  language: Language = 'en',
): Promise<ProductDetails | null> {
  const row = await db()
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('item_descriptions as d', (join) =>
      join.onRef('d.item_key', '=', 'p.item_key').on('d.language', '=', language),
    )
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', ctx.storeId ?? -1),
    )
    .leftJoin('wine_details as w', 'w.product_id', 'p.id')
    .select([
      ...productCardColumns,
      'b.slug as brand_slug',
      'p.description',
      'd.description as description_in_language',
      'p.dietary_tags',
      'p.aisle_id',
      'p.seller_id',
      'p.item_key',
      'w.varietal',
      'w.color',
      'w.region',
      'w.country',
      'w.vintage',
    ])
    .where('p.id', '=', id)
    .where('p.kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;

  const [tax, offers, sameItem] = await Promise.all([
    taxonomy(),
    db()
      .selectFrom('offer_products as op')
      .innerJoin('offers as f', 'f.id', 'op.offer_id')
      .select(['f.id', 'f.title', 'f.description', 'f.title_es', 'f.description_es', 'f.ends_at'])
      .where('op.product_id', '=', id)
      .where('f.banner_id', '=', ctx.bannerId)
      .where('f.customer_id', 'is', null)
      .where('f.starts_at', '<=', ctx.now)
      .where('f.ends_at', '>', ctx.now)
      .orderBy('f.ends_at')
      .limit(5)
      .execute(),
    relatedByItem(row.item_key, id, kind, ctx),
  ]);
  const aisle = row.aisle_id !== null ? tax.aisleById.get(row.aisle_id) : undefined;
  const seller = row.seller_id !== null ? tax.sellerById.get(row.seller_id) : undefined;
  const department = aisle ? tax.departmentById.get(aisle.departmentId) : undefined;
  // Fill up with the aisle's best sellers when the shelf item has few other brands and sizes.
  const related =
    sameItem.length >= 4 || !aisle
      ? sameItem
      : [
          ...sameItem,
          ...(
            await findProducts(ctx, {
              kind,
              tokens: [],
              filters: { aisleIds: [aisle.id] },
              sort: 'relevance',
              page: 1,
              pageSize: 8,
            })
          ).filter((p) => p.id !== id && !sameItem.some((s) => s.id === p.id)),
        ].slice(0, 8);
  // A wine's colour and country are shop.json keys (the varietal and region are names).
  const words = (english: string) => (language === 'en' ? english : serverT(language, 'shop')(english));
  const hit = toProductHit(
    {
      ...row,
      kind: row.kind,
    },
    ctx,
  );
  return {
    ...hit,
    description: row.description_in_language
      ? fillItemDescription(row.description_in_language, {
          brand: row.brand,
          region: row.region,
          country: row.country === null ? null : words(row.country),
          vintage: row.vintage,
          seller: seller?.name ?? null,
        })
      : row.description,
    brandSlug: row.brand_slug,
    dietary: DIETARY_TAGS.filter((tag) => row.dietary_tags.includes(`,${tag.id},`)).map((tag) => tag.label),
    aisle: aisle ? { slug: aisle.slug, name: aisle.name } : null,
    department: department ? { slug: department.slug, name: department.name } : null,
    offers: offers.map((offer) => ({
      id: offer.id,
      title: catalogueWords(language, offer.title, offer.title_es),
      description: catalogueWords(language, offer.description, offer.description_es),
      endsAt: offer.ends_at,
    })),
    wine:
      row.varietal && row.color && row.region && row.country && row.vintage !== null
        ? {
            varietal: row.varietal,
            color: words(row.color),
            region: row.region,
            country: words(row.country),
            vintage: row.vintage,
          }
        : null,
    seller: seller ? sellerIn(language, seller) : null,
    snapEligible: isSnapEligible({ kind, aisleSlug: aisle?.slug ?? null, name: row.name }),
    nutrition:
      kind === 'grocery'
        ? nutritionFacts({ id, name: row.name, brand: row.brand, aisleSlug: aisle?.slug ?? null })
        : null,
    related,
  };
}

/** Other brands and sizes of the same shelf item (products_item_key_idx), most popular first. */
async function relatedByItem(itemKey: string, id: number, kind: ProductKind, ctx: PriceContext): Promise<ProductHit[]> {
  const rows = await db()
    .selectFrom('products as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', ctx.storeId ?? -1),
    )
    .select(productCardColumns)
    .where('p.item_key', '=', itemKey)
    .where('p.kind', '=', kind)
    .where('p.id', '!=', id)
    .orderBy('p.popularity', 'desc')
    .orderBy('p.id')
    .limit(8)
    .execute();
  return rows.map((r) => toProductHit(r, ctx));
}
