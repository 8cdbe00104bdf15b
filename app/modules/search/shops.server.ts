import { taxonomy, type SellerInfo } from '~/modules/catalog/taxonomy.server';
import type { Store } from '~/modules/stores/stores.server';
import { priceContextFor } from './price-context.server';
import { countProducts, groupCounts, productPage } from './product-facets.server';
import type { ProductFilters, ProductHit, ProductQuery } from './product-query';
import { findProducts } from './product-search.server';
import { PAGE_SIZE, pageCountFor, PRICE_BUCKETS, type PriceBucketId, type SortId } from './query';
import { interpretQuery, type FacetOption, type SearchQueryInfo } from './search.server';

export interface ShopResults {
  query: SearchQueryInfo;
  items: ProductHit[];
  total: number;
  page: number;
  pageCount: number;
  sort: SortId;
  facets: { name: string; param: string; options: FacetOption[] }[];
}

export interface ShopSearchInput {
  q: string;
  sort: SortId;
  page: number;
  price?: PriceBucketId;
  spell?: 'off';
}

function priceOptions(counts: { id: PriceBucketId; count: number }[], selected?: PriceBucketId): FacetOption[] {
  return PRICE_BUCKETS.map((bucket) => ({
    value: bucket.id,
    label: bucket.label,
    count: counts.find((c) => c.id === bucket.id)?.count ?? 0,
    selected: bucket.id === selected,
  })).filter((option) => option.count > 0 || option.selected);
}

const options = (
  counts: { value: string | number; count: number }[],
  label: (value: string | number) => string,
  selected: (value: string | number) => boolean,
  key: (value: string | number) => string,
): FacetOption[] =>
  counts
    .map((c) => ({ value: key(c.value), label: label(c.value), count: c.count, selected: selected(c.value) }))
    .sort((a, b) => a.label.localeCompare(b.label));

/** Wine shop search (no store: wine ships direct) with varietal, region and price facets. */
export async function wineSearch(
  input: ShopSearchInput & { varietal?: string; region?: string },
): Promise<ShopResults> {
  const query = await interpretQuery(input.q, input.spell === 'off');
  const ctx = priceContextFor(null, '');
  const filters: ProductFilters = { price: input.price, varietal: input.varietal, region: input.region };
  const productQuery: ProductQuery = {
    kind: 'wine',
    tokens: query.tokens,
    filters,
    sort: input.sort,
    page: input.page,
    pageSize: PAGE_SIZE,
  };
  const [{ items, facets }, varietals, regions] = await Promise.all([
    productPage(ctx, productQuery),
    groupCounts(ctx, productQuery, 'varietal'),
    groupCounts(ctx, productQuery, 'region'),
  ]);
  return {
    query,
    items,
    total: facets.total,
    page: input.page,
    pageCount: pageCountFor(facets.total),
    sort: input.sort,
    facets: [
      { name: 'Varietal', param: 'varietal', options: options(varietals, String, (v) => v === input.varietal, String) },
      { name: 'Region', param: 'region', options: options(regions, String, (v) => v === input.region, String) },
      { name: 'Price', param: 'price', options: priceOptions(facets.prices, input.price) },
    ],
  };
}

/** Marketplace search by q and seller, with seller and price facets. */
export async function marketplaceSearch(input: ShopSearchInput & { seller?: SellerInfo }): Promise<ShopResults> {
  const query = await interpretQuery(input.q, input.spell === 'off');
  const tax = await taxonomy();
  const ctx = priceContextFor(null, '');
  const filters: ProductFilters = { price: input.price, sellerId: input.seller?.id };
  const productQuery: ProductQuery = {
    kind: 'marketplace',
    tokens: query.tokens,
    filters,
    sort: input.sort,
    page: input.page,
    pageSize: PAGE_SIZE,
  };
  const [{ items, facets }, sellers] = await Promise.all([
    productPage(ctx, productQuery),
    groupCounts(ctx, productQuery, 'seller'),
  ]);
  return {
    query,
    items,
    total: facets.total,
    page: input.page,
    pageCount: pageCountFor(facets.total),
    sort: input.sort,
    facets: [
      {
        name: 'Seller',
        param: 'seller',
        options: options(
          sellers,
          (id) => tax.sellerById.get(Number(id))?.name ?? 'Seller',
          (id) => Number(id) === input.seller?.id,
          (id) => tax.sellerById.get(Number(id))?.slug ?? String(id),
        ),
      },
      { name: 'Price', param: 'price', options: priceOptions(facets.prices, input.price) },
    ],
  };
}

export interface CrossSellerSection {
  source: 'grocery' | 'marketplace' | 'wine';
  title: string;
  total: number;
  items: ProductHit[];
  moreHref: string;
}

/** One query across the grocery shop (priced at the store), marketplace sellers and the wine shop. */
export async function crossSellerSearch(
  store: Store,
  q: string,
): Promise<{ query: SearchQueryInfo; sections: CrossSellerSection[] }> {
  const query = await interpretQuery(q);
  if (query.tokens.length === 0) return { query, sections: [] };
  const text = encodeURIComponent(query.correctedText ?? query.text);
  const sources = [
    {
      source: 'grocery' as const,
      title: `Groceries at ${store.name}`,
      ctx: priceContextFor(store, store.banner_id),
      moreHref: `/shop/search-results.html?q=${text}`,
    },
    {
      source: 'marketplace' as const,
      title: 'Marketplace sellers',
      ctx: priceContextFor(null, ''),
      moreHref: `/shop/marketplace/search-results.html?q=${text}`,
    },
    {
      source: 'wine' as const,
      title: 'Wine shop',
      ctx: priceContextFor(null, ''),
      moreHref: `/shop/vineandcellar/search-results.html?q=${text}`,
    },
  ];
  const sections = await Promise.all(
    sources.map(async ({ source, title, ctx, moreHref }) => {
      const productQuery: ProductQuery = {
        kind: source,
        tokens: query.tokens,
        filters: {},
        sort: 'relevance',
        page: 1,
        pageSize: 8,
      };
      const [items, total] = await Promise.all([findProducts(ctx, productQuery), countProducts(ctx, productQuery)]);
      return { source, title, total, items, moreHref };
    }),
  );
  return { query, sections };
}
