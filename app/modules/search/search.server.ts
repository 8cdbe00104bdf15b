import type { ProductKind } from '~/db/schema';
import { ALLERGENS, NUTRITION_CLAIMS, parseIdList, type AllergenId } from '~/modules/catalog/label-flags';
import { brandBySlug, taxonomy, type BrandInfo } from '~/modules/catalog/taxonomy.server';
import type { Language } from '~/modules/i18n/languages';
import type { Store } from '~/modules/stores/stores.server';
import { priceContextFor, type PriceContext } from './price-context.server';
import { countProducts, hasProducts, productPage } from './product-facets.server';
import type { ProductFilters, ProductHit, ProductQuery } from './product-query';
import { bestMatchesOfEach } from './product-search.server';
import {
  DIETARY_TAGS,
  PAGE_SIZE,
  pageCountFor,
  PRICE_BUCKETS,
  type SearchParams,
  type SearchTab,
  type SortId,
} from './query';
import { countRecipes, searchRecipes, type RecipeCard } from './recipe-search.server';
import { interpretQuery, type SearchQueryInfo } from './interpret-query.server';
import { popularSearches } from './popular-searches.server';
import { relaxQuery } from './relax-query.server';
import { cachedSearch } from './search-cache.server';

export { interpretQuery, type SearchQueryInfo } from './interpret-query.server';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  selected: boolean;
  /** For a filter of several values (free=peanuts,milk): the parameter's value once this one is toggled. */
  toggled?: string;
}

export interface ProductResults {
  items: ProductHit[];
  total: number;
  page: number;
  pageCount: number;
  sort: SortId;
  facets: {
    departments: FacetOption[];
    aisles: FacetOption[];
    brands: FacetOption[];
    diets: FacetOption[];
    prices: FacetOption[];
    onOffer: { count: number; selected: boolean };
    snap: { count: number; selected: boolean };
    freeFrom: FacetOption[];
    nutrition: FacetOption[];
  };
}

export interface SearchPageModel {
  query: SearchQueryInfo;
  tab: SearchTab;
  /** Neither words nor filters: the page helps the shopper start instead. */
  blank: boolean;
  /** A filter named a department, aisle or brand that does not exist. */
  unknownFilter: string | null;
  counts: { products: number; recipes: number };
  products: ProductResults | null;
  recipes: { items: RecipeCard[]; total: number; page: number; pageCount: number } | null;
  carousels: { wine: ProductHit[]; marketplace: ProductHit[] };
  /** Names of the active scope filters, for headings ("Dairy & Eggs", "Brand: Silver Pail"). */
  scope: { department: string | null; aisle: string | null; brand: BrandInfo | null };
  /** Where to go from a search that found no products, even relaxed: departments and popular searches. */
  help: { departments: { slug: string; name: string }[]; searches: string[] } | null;
}

interface ResolvedFilters {
  filters: ProductFilters;
  unknown: string | null;
  scope: SearchPageModel['scope'];
}

/** Slugs in the address → ids; an unknown slug is reported, not thrown. */
export async function resolveFilters(params: Partial<SearchParams>): Promise<ResolvedFilters> {
  const tax = await taxonomy();
  const filters: ProductFilters = {};
  const scope: SearchPageModel['scope'] = { department: null, aisle: null, brand: null };
  let unknown: string | null = null;
  if (params.aisle) {
    const aisle = tax.aisleBySlug.get(params.aisle);
    if (aisle) {
      filters.aisleIds = [aisle.id];
      scope.aisle = aisle.name;
      scope.department = tax.departmentById.get(aisle.departmentId)?.name ?? null;
    } else unknown = 'aisle';
  } else if (params.department) {
    const department = tax.departmentBySlug.get(params.department);
    if (department) {
      filters.aisleIds = department.aisleIds;
      scope.department = department.name;
    } else unknown = 'department';
  }
  if (params.brand) {
    const brand = await brandBySlug(params.brand);
    if (brand) {
      filters.brandId = brand.id;
      scope.brand = brand;
    } else unknown = 'brand';
  }
  if (params.seller) {
    const seller = tax.sellerBySlug.get(params.seller);
    if (seller) filters.sellerId = seller.id;
    else unknown = 'seller';
  }
  if (params.diet) filters.diet = params.diet as ProductFilters['diet'];
  if (params.price) filters.price = params.price as ProductFilters['price'];
  if (params.offer === '1') filters.onOffer = true;
  if (params.snap === '1') filters.snap = true;
  // The schema refused unknown ids; an empty list is no filter.
  const freeFrom = parseIdList(params.free, ALLERGENS).ids;
  if (freeFrom.length) filters.freeFrom = freeFrom;
  const claims = parseIdList(params.nutrition, NUTRITION_CLAIMS).ids;
  if (claims.length) filters.claims = claims;
  return { filters, unknown, scope };
}

/**
 * The grocery results page: one page of products with facets, or recipes, and tab counts. Answers
 * are cached per store, price tier and query until the catalogue or the banner's active offers
 * change (search-cache.server.ts).
 */
export async function searchProductsPage(
  store: Store,
  params: SearchParams,
  now = new Date(),
  /** The shopper's language: the words of the recipe cards. */
  language: Language = 'en',
): Promise<SearchPageModel> {
  const ctx = priceContextFor(store, store.banner_id, now);
  // Only the recipe cards carry words of their own (0124): the products tab answers both languages alike.
  const words: Language = params.tab === 'recipes' ? language : 'en';
  const key = [ctx.storeId, ctx.priceFactorBp, ctx.bannerId, ctx.priceTier, params, words];
  return cachedSearch(key, ctx.bannerId, ctx.now, (version) => computeSearchPage(store, params, ctx, version, words));
}

async function computeSearchPage(
  store: Store,
  params: SearchParams,
  ctx: PriceContext,
  version: string | null,
  language: Language,
): Promise<SearchPageModel> {
  const exact = params.spell === 'off';
  const typed = await interpretQuery(params.q, exact, version);
  const resolved = await resolveFilters(params);
  const page = await pageFor(typed, params, ctx, resolved, language);
  // Relaxed only when the words as typed find nothing anywhere the page looks, and never for the
  // exact words the "Search instead for" link asks for.
  const nothing = !exact && (await findsNothing(page));
  const relaxed = nothing
    ? await relaxQuery(typed, (tokens) => hasProducts(ctx, groceryQuery(tokens, resolved.filters, params)), version)
    : null;
  const shown = relaxed ? await pageFor(relaxed, params, ctx, resolved, language) : page;
  if (shown.blank || shown.unknownFilter || shown.counts.products > 0 || shown.query.tokens.length === 0) return shown;
  const [tax, searches] = await Promise.all([taxonomy(), popularSearches()]);
  return {
    ...shown,
    // A spelling correction that found nothing either is not offered as what the page shows.
    query: nothing && !relaxed ? { ...shown.query, correctedText: null } : shown.query,
    help: { departments: tax.departments.map((d) => ({ slug: d.slug, name: d.name })), searches },
  };
}

const groceryQuery = (
  tokens: string[],
  filters: ProductFilters,
  params: SearchParams,
  intentAisleIds: number[] | null = null,
): ProductQuery => ({
  kind: 'grocery',
  tokens,
  // The shopper's own aisle choice replaces the intent; with a price or offer filter the few
  // matches left are not worth the intent tiers' extra walks (0077).
  intentAisleIds: filters.aisleIds || filters.price || filters.onOffer ? undefined : (intentAisleIds ?? undefined),
  filters,
  sort: params.sort,
  page: params.page,
  pageSize: PAGE_SIZE,
});

/** The page for one interpretation of the words. */
async function pageFor(
  query: SearchQueryInfo,
  params: SearchParams,
  ctx: PriceContext,
  { filters, unknown, scope }: ResolvedFilters,
  language: Language,
): Promise<SearchPageModel> {
  const hasScope = Boolean(filters.aisleIds || filters.brandId !== undefined);
  const blank = query.tokens.length === 0 && !hasScope;
  const base: SearchPageModel = {
    query,
    tab: params.tab,
    blank,
    unknownFilter: unknown,
    counts: { products: 0, recipes: 0 },
    products: null,
    recipes: null,
    carousels: { wine: [], marketplace: [] },
    scope,
    help: null,
  };
  if (blank || unknown) return base;

  const productQuery = groceryQuery(query.tokens, filters, params, query.intentAisleIds);
  if (params.tab === 'recipes') {
    const [recipes, products] = await Promise.all([
      searchRecipes(query.tokens, params.page, PAGE_SIZE, language),
      countProducts(ctx, productQuery),
    ]);
    return {
      ...base,
      counts: { products, recipes: recipes.total },
      recipes: { ...recipes, page: params.page, pageCount: Math.max(1, Math.ceil(recipes.total / PAGE_SIZE)) },
    };
  }
  const [products, recipes, carousels] = await Promise.all([
    productResults(ctx, productQuery),
    countRecipes(query.tokens),
    query.tokens.length ? searchCarousels(query.tokens) : Promise.resolve({ wine: [], marketplace: [] }),
  ]);
  return { ...base, counts: { products: products.total, recipes }, products, carousels };
}

/**
 * Whether words find nothing on either tab nor in the wine and marketplace carousels (the recipes tab
 * shows no carousels, so it asks; the tabs must agree on when a query is relaxed).
 */
async function findsNothing(page: SearchPageModel): Promise<boolean> {
  if (page.blank || page.unknownFilter || page.query.tokens.length === 0) return false;
  if (page.counts.products > 0 || page.counts.recipes > 0) return false;
  if (page.carousels.wine.length > 0 || page.carousels.marketplace.length > 0) return false;
  if (page.tab !== 'recipes') return true;
  const anywhere = priceContextFor(null, '');
  const shipped = (kind: 'wine' | 'marketplace') =>
    hasProducts(anywhere, { kind, tokens: page.query.tokens, filters: {}, sort: 'relevance', page: 1, pageSize: 1 });
  const [wine, marketplace] = await Promise.all([shipped('wine'), shipped('marketplace')]);
  return !wine && !marketplace;
}

export async function productResults(ctx: PriceContext, query: ProductQuery): Promise<ProductResults> {
  const [{ items, facets, brands }, tax] = await Promise.all([productPage(ctx, query, { brands: true }), taxonomy()]);
  const selectedAisles = new Set(query.filters.aisleIds ?? []);
  const departmentCounts = new Map<number, number>();
  for (const { id, count } of facets.aisles) {
    const departmentId = tax.aisleById.get(id)?.departmentId;
    if (departmentId !== undefined)
      departmentCounts.set(departmentId, (departmentCounts.get(departmentId) ?? 0) + count);
  }
  const selectedDepartment =
    selectedAisles.size > 0
      ? tax.departments.find((d) => d.aisleIds.length > 0 && [...selectedAisles].every((id) => d.aisleIds.includes(id)))
      : undefined;
  const aisleCounts = new Map(facets.aisles.map((a) => [a.id, a.count]));
  return {
    items,
    total: facets.total,
    page: query.page,
    pageCount: pageCountFor(facets.total, query.pageSize),
    sort: query.sort,
    facets: {
      departments: tax.departments
        .filter((d) => departmentCounts.has(d.id))
        .map((d) => ({
          value: d.slug,
          label: d.name,
          count: departmentCounts.get(d.id) ?? 0,
          selected: d.id === selectedDepartment?.id,
        })),
      aisles: selectedDepartment
        ? selectedDepartment.aisleIds
            .filter((id) => aisleCounts.has(id))
            .map((id) => {
              const aisle = tax.aisleById.get(id)!;
              return {
                value: aisle.slug,
                label: aisle.name,
                count: aisleCounts.get(id) ?? 0,
                selected: selectedAisles.size === 1 && selectedAisles.has(id),
              };
            })
        : [],
      brands: facets.brands
        .filter((b) => brands.has(b.id))
        .map((b) => {
          const brand = brands.get(b.id)!;
          return { value: brand.slug, label: brand.name, count: b.count, selected: query.filters.brandId === b.id };
        })
        .sort((a, b) => a.label.localeCompare(b.label)),
      diets: DIETARY_TAGS.map((tag) => ({
        value: tag.id,
        label: tag.label,
        count: facets.diets.find((d) => d.id === tag.id)?.count ?? 0,
        selected: query.filters.diet === tag.id,
      })).filter((option) => option.count > 0 || option.selected),
      prices: PRICE_BUCKETS.map((bucket) => ({
        value: bucket.id,
        label: bucket.label,
        count: facets.prices.find((p) => p.id === bucket.id)?.count ?? 0,
        selected: query.filters.price === bucket.id,
      })).filter((option) => option.count > 0 || option.selected),
      onOffer: { count: facets.onOffer, selected: Boolean(query.filters.onOffer) },
      snap: { count: facets.snap, selected: Boolean(query.filters.snap) },
      freeFrom: toggleOptions(ALLERGENS, facets.freeFrom, query.filters.freeFrom ?? []),
      nutrition: toggleOptions(NUTRITION_CLAIMS, facets.claims, query.filters.claims ?? []),
    },
  };
}

/**
 * "Your household's allergens": one link that adds the household's whole list to the "free from" filter
 * (docs/decisions/0108-allergen-and-nutrition-filters.md: offered, never applied unasked). Its count is
 * the total of the page it leads to, computed through the same cache, so following it costs nothing more.
 */
export async function householdFreeFromOption(
  store: Store,
  params: SearchParams,
  household: AllergenId[],
  now = new Date(),
): Promise<FacetOption | null> {
  if (household.length === 0) return null;
  const current = parseIdList(params.free, ALLERGENS).ids;
  const wanted = ALLERGENS.filter((a) => current.includes(a.id) || household.includes(a.id)).map((a) => a.id);
  const selected = household.every((id) => current.includes(id));
  const total = selected
    ? null
    : (await searchProductsPage(store, { ...params, free: wanted.join(','), page: 1 }, now)).products?.total;
  const names = ALLERGENS.filter((a) => household.includes(a.id)).map((a) => a.noun);
  return {
    value: 'household',
    label: `Your household's allergens (${names.join(', ')})`,
    count: total ?? 0,
    selected,
    toggled: selected ? current.filter((id) => !household.includes(id)).join(',') : wanted.join(','),
  };
}

/** Options of a several-valued filter: each link adds its id to the list, or takes it out. */
function toggleOptions<T extends string>(
  list: readonly { id: T; label: string }[],
  counts: { id: T; count: number }[],
  selected: T[],
): FacetOption[] {
  return list
    .map((entry) => {
      const on = selected.includes(entry.id);
      const next = on ? selected.filter((id) => id !== entry.id) : [...selected, entry.id];
      return {
        value: entry.id,
        label: entry.label,
        count: counts.find((c) => c.id === entry.id)?.count ?? 0,
        selected: on,
        toggled: list
          .filter((e) => next.includes(e.id))
          .map((e) => e.id)
          .join(','),
      };
    })
    .filter((option) => option.count > 0 || option.selected);
}

const CAROUSEL_SIZE = 8;

/** Wine-shop and marketplace matches shown beside the grocery results. */
export async function searchCarousels(tokens: string[]): Promise<{ wine: ProductHit[]; marketplace: ProductHit[] }> {
  const ctx = priceContextFor(null, '');
  const top = (kind: ProductKind): ProductQuery => ({
    kind,
    tokens,
    filters: {},
    sort: 'relevance',
    page: 1,
    pageSize: CAROUSEL_SIZE,
  });
  // One statement for both.
  const [wine = [], marketplace = []] = await bestMatchesOfEach(ctx, [top('wine'), top('marketplace')]);
  return { wine, marketplace };
}
