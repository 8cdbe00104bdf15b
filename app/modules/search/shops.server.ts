import { taxonomy, type SellerInfo } from '~/modules/catalog/taxonomy.server';
import type { Store } from '~/modules/stores/stores.server';
import type { ProductKind } from '~/db/schema';
import { priceContextFor, type PriceContext } from './price-context.server';
import { countProducts, groupCounts, hasProducts, productPage } from './product-facets.server';
import type { ProductFilters, ProductHit, ProductQuery } from './product-query';
import { findProducts } from './product-search.server';
import { PAGE_SIZE, pageCountFor, PRICE_BUCKETS, searchedText, type PriceBucketId, type SortId } from './query';
import { searchOrRelax } from './relax-query.server';
import type { FacetOption, SearchQueryInfo } from './search.server';

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

/** One page of a shop's products for some terms. */
const shopQuery =
  (kind: ProductKind, filters: ProductFilters, input: ShopSearchInput) =>
  (tokens: string[]): ProductQuery => ({
    kind,
    tokens,
    filters,
    sort: input.sort,
    page: input.page,
    pageSize: PAGE_SIZE,
  });

/** A shop's answer: the words as typed, or when they find nothing the first relaxed words that do. */
const searchShopOrRelax = (
  input: ShopSearchInput,
  ctx: PriceContext,
  productQuery: (tokens: string[]) => ProductQuery,
  search: (query: SearchQueryInfo) => Promise<ShopResults>,
) =>
  searchOrRelax(
    input.q,
    input.spell === 'off',
    search,
    (results) => results.total === 0,
    (tokens) => hasProducts(ctx, productQuery(tokens)),
  );

/** The parts of a shop's answer every shop has. */
const shopPage = (query: SearchQueryInfo, input: ShopSearchInput, items: ProductHit[], total: number) => ({
  query,
  items,
  total,
  page: input.page,
  pageCount: pageCountFor(total),
  sort: input.sort,
});

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
  const ctx = priceContextFor(null, '');
  const filters: ProductFilters = { price: input.price, varietal: input.varietal, region: input.region };
  const productQuery = shopQuery('wine', filters, input);
  const search = async (query: SearchQueryInfo): Promise<ShopResults> => {
    const [{ items, facets }, varietals, regions] = await Promise.all([
      productPage(ctx, productQuery(query.tokens)),
      groupCounts(ctx, productQuery(query.tokens), 'varietal'),
      groupCounts(ctx, productQuery(query.tokens), 'region'),
    ]);
    return {
      ...shopPage(query, input, items, facets.total),
      facets: [
        {
          name: 'Varietal',
          param: 'varietal',
          options: options(varietals, String, (v) => v === input.varietal, String),
        },
        { name: 'Region', param: 'region', options: options(regions, String, (v) => v === input.region, String) },
        { name: 'Price', param: 'price', options: priceOptions(facets.prices, input.price) },
      ],
    };
  };
  return searchShopOrRelax(input, ctx, productQuery, search);
}

/** Marketplace search by q and seller, with seller and price facets. */
export async function marketplaceSearch(input: ShopSearchInput & { seller?: SellerInfo }): Promise<ShopResults> {
  const tax = await taxonomy();
  const ctx = priceContextFor(null, '');
  const filters: ProductFilters = { price: input.price, sellerId: input.seller?.id };
  const productQuery = shopQuery('marketplace', filters, input);
  const search = async (query: SearchQueryInfo): Promise<ShopResults> => {
    const [{ items, facets }, sellers] = await Promise.all([
      productPage(ctx, productQuery(query.tokens)),
      groupCounts(ctx, productQuery(query.tokens), 'seller'),
    ]);
    return {
      ...shopPage(query, input, items, facets.total),
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
  };
  return searchShopOrRelax(input, ctx, productQuery, search);
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
  exact = false,
): Promise<{ query: SearchQueryInfo; sections: CrossSellerSection[] }> {
  const sources = [
    {
      source: 'grocery' as const,
      title: `Groceries at ${store.name}`,
      ctx: priceContextFor(store, store.banner_id),
      path: '/shop/search-results.html',
    },
    {
      source: 'marketplace' as const,
      title: 'Marketplace sellers',
      ctx: priceContextFor(null, ''),
      path: '/shop/marketplace/search-results.html',
    },
    {
      source: 'wine' as const,
      title: 'Wine shop',
      ctx: priceContextFor(null, ''),
      path: '/shop/vineandcellar/search-results.html',
    },
  ];
  const productQuery = (kind: CrossSellerSection['source'], tokens: string[]): ProductQuery => ({
    kind,
    tokens,
    filters: {},
    sort: 'relevance',
    page: 1,
    pageSize: 8,
  });
  const search = async (query: SearchQueryInfo) => {
    if (query.tokens.length === 0) return { query, sections: [] };
    // The "see all" links search the words this page shows results for.
    const text = encodeURIComponent(searchedText(query));
    const more = exact ? '&spell=off' : '';
    const sections = await Promise.all(
      sources.map(async ({ source, title, ctx, path }) => {
        const [items, total] = await Promise.all([
          findProducts(ctx, productQuery(source, query.tokens)),
          countProducts(ctx, productQuery(source, query.tokens)),
        ]);
        return { source, title, total, items, moreHref: `${path}?q=${text}${more}` };
      }),
    );
    return { query, sections };
  };
  return searchOrRelax(
    q,
    exact,
    search,
    (answer) => answer.sections.every((section) => section.total === 0),
    async (tokens) =>
      (await Promise.all(sources.map(({ source, ctx }) => hasProducts(ctx, productQuery(source, tokens))))).some(
        Boolean,
      ),
  );
}
