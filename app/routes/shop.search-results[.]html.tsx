import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  ProductCard,
  cardPriority,
  ProductCarousel,
  deferred,
  island,
  pageAccess,
  PUBLIC_PAGE,
  pageMeta,
} from '~/components/page-essentials';
import { ResultsToolbar } from '~/components/search/ResultsToolbar';
import { SearchTabs } from '~/components/search/SearchTabs';
import { searchedText, searchHref, searchParamsSchema, type SearchParams } from '~/modules/search/query';
import {
  json,
  BlankSearchOnServer,
  FacetPanelOnServer,
  NoResultsOnServer,
  SearchHeadingOnServer,
  PaginationOnServer,
  RecipeResultsOnServer,
  requireUserType,
  pageStore,
  taxonomy,
  parseSearchParams,
  searchProductsPage,
  searchPageText,
  allergyWarnings,
  householdFreeFromOption,
  shopperHouseholdAllergens,
  pageStrings,
  serverT,
  translateFacets,
} from '~/pages/search-page.server';

// Like the home page, searching stays anonymous and cookie-free (prices are the default store's
// until the shopper chooses one); the aisles and product pages establish guest sessions.
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  showZipcodeModal: true,
  escapeSSO: true,
  syndicatedHeader: true,
});
export const handle = { access };

const PATH = '/shop/search-results.html';
// The recipes tab and the blank search are the few: q=milk does not load their code.
const RecipeResults = deferred(
  RecipeResultsOnServer,
  async () => (await import('~/components/search/RecipeResults')).RecipeResults,
);
const BlankSearch = deferred(
  BlankSearchOnServer,
  async () => (await import('~/components/search/BlankSearch')).BlankSearch,
);

// The facet and page links work the same without JavaScript: their code loads when the results change.
const SearchHeading = island(
  SearchHeadingOnServer,
  async () => (await import('~/components/search/SearchHeading')).SearchHeading,
);
const NoResults = island(NoResultsOnServer, async () => (await import('~/components/search/NoResults')).NoResults);
const FacetPanel = island(FacetPanelOnServer, async () => (await import('~/components/search/Facets')).FacetPanel, {
  followsLocation: true,
  preventScrollReset: true,
});
const Pagination = island(PaginationOnServer, async () => (await import('~/components/search/Pagination')).Pagination, {
  followsLocation: true,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const params = parseSearchParams(request, searchParamsSchema, shopper.language) as SearchParams;
  const { store, headerStore } = await pageStore(shopper);
  const [results, household] = await Promise.all([
    searchProductsPage(store, params, new Date(), shopper.language),
    shopperHouseholdAllergens(shopper),
  ]);
  // The answer is shared (cached); the household's warnings are the customer's own, added after it.
  const warnings = await allergyWarnings(shopper, results.products?.items.map((p) => p.id) ?? []);
  const t = serverT(shopper.language, 'shop');
  if (results.unknownFilter) {
    throw json(
      // Keys in shop.json for each filter: department, aisle, brand, seller.
      { message: t(`We don't have that ${results.unknownFilter}. Try a search or browse the aisles instead.`) },
      { status: 404, headers: shopper.headers },
    );
  }
  const householdOption = results.products && (await householdFreeFromOption(store, params, household));
  if (householdOption) results.products!.facets.freeFrom.unshift(householdOption);
  const departments = results.blank
    ? (await taxonomy()).departments.map((d) => ({ slug: d.slug, name: t(d.name), imageKey: d.imageKey }))
    : [];
  return json(
    {
      params,
      text: searchPageText(results, t),
      results: {
        ...results,
        help: results.help && {
          ...results.help,
          departments: results.help.departments.map((d) => ({ ...d, name: t(d.name) })),
        },
        products: results.products && {
          ...results.products,
          facets: translateFacets(results.products.facets, t),
          items: results.products.items.map((item) => ({ ...cardOnly(item), allergyWarning: warnings[item.id] })),
        },
        carousels: {
          wine: results.carousels.wine.map(cardOnly),
          marketplace: results.carousels.marketplace.map(cardOnly),
        },
      },
      departments,
      store: { id: store.id, name: store.name },
      headerStore,
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

/** The page's data carries what a product card shows, not the brand and size it does not. */
function cardOnly<P extends { brand: string; sizeLabel: string }>({ brand: _brand, sizeLabel: _size, ...card }: P) {
  return card;
}

// The loader writes the title in the page's language; only a refused search (its error page) has the English one.
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.text.title, data.text.description)
    : pageMeta('Search', 'Search the store’s groceries: prices, offers, delivery and pickup.');

export default function SearchResultsPage() {
  const { params, text, results, departments, store } = useLoaderData<typeof loader>();
  const { query } = results;
  // Every parameter but the page carries over to the page's links.
  const base = { ...params, q: params.q || undefined, page: undefined };
  const hrefWith = (changes: Record<string, string | null>) =>
    searchHref(PATH, { ...base, ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? undefined])) });

  if (results.blank)
    return (
      <BlankSearch text={query.text} departments={departments} searchHref={(params) => searchHref(PATH, params)} />
    );

  const { heading } = text;
  const tabs = [
    {
      id: 'products',
      label: text.products,
      count: results.counts.products,
      href: hrefWith({ tab: 'products', page: null }),
    },
    {
      id: 'recipes',
      label: text.recipes,
      count: results.counts.recipes,
      href: hrefWith({ tab: 'recipes', page: null, sort: null }),
    },
  ];

  return (
    <div className="container-page py-6 md:py-8">
      <SearchHeading
        heading={heading}
        query={{ text: query.text, correctedText: query.correctedText, relaxedText: query.relaxedText }}
        originalHref={searchHref(PATH, { q: query.text, spell: 'off' })}
        storeName={store.name}
      />
      <div className="mt-5">
        {query.text ? (
          <SearchTabs tabs={tabs} selected={params.tab} label={text.searchResults}>
            {params.tab === 'recipes' ? (
              <RecipesPanel results={results} hrefWith={hrefWith} />
            ) : (
              <ProductsPanel results={results} hrefWith={hrefWith} params={params} text={text} />
            )}
          </SearchTabs>
        ) : (
          <ProductsPanel results={results} hrefWith={hrefWith} params={params} text={text} />
        )}
      </div>
    </div>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type HrefWith = (changes: Record<string, string | null>) => string;

function ProductsPanel({
  results,
  hrefWith,
  params,
  text,
}: {
  results: Data['results'];
  hrefWith: HrefWith;
  params: Data['params'];
  text: Data['text'];
}) {
  const products = results.products;
  if (!products) return null;
  const { tab: _tab, sort: _sort, page: _page, ...hidden } = { ...params, q: params.q || undefined };
  const anyFilter = Boolean(
    params.diet ||
    params.price ||
    params.offer ||
    params.brand ||
    params.free ||
    params.nutrition ||
    (params.q && (params.department || params.aisle)),
  );
  return (
    <div className="grid gap-x-6 gap-y-4 lg:grid-cols-[15rem_1fr]">
      {/* Rendered once: a disclosure below lg, an open sidebar from lg (`.filters`). */}
      <aside aria-label={text.filters}>
        <details className="filters">
          <summary>{text.filters}</summary>
          <FacetPanel facets={products.facets} hrefWith={(c) => hrefWith({ ...c, page: null })} />
        </details>
      </aside>
      <div className="min-w-0">
        <ResultsToolbar
          action={PATH}
          total={products.total}
          noun={['product', 'products']}
          sort={products.sort}
          hidden={hidden}
        />
        {anyFilter ? (
          <p className="mt-2 text-sm">
            <Link
              to={searchHref(PATH, {
                q: params.q,
                department: params.q ? undefined : params.department,
                aisle: params.q ? undefined : params.aisle,
              })}
              className="font-semibold text-brand-dark underline"
            >
              {text.clearFilters}
            </Link>
          </p>
        ) : null}
        <h2 className="sr-only">{text.products}</h2>
        {products.items.length ? (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={text.products}>
            {products.items.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} priority={cardPriority(index)} />
              </li>
            ))}
          </ul>
        ) : (
          <NoResults
            text={results.query.text}
            page={products.page}
            firstPage={hrefWith({ page: null })}
            help={results.help}
            searchHref={(params) => searchHref(PATH, params)}
          />
        )}
        <Pagination
          page={products.page}
          pageCount={products.pageCount}
          hrefFor={(page) => hrefWith({ page: String(page) })}
        />
        <ProductCarousel
          id="wine-carousel"
          title={text.wine}
          products={results.carousels.wine}
          moreHref={searchHref('/shop/vineandcellar/search-results.html', {
            q: searchedText(results.query),
          })}
          moreLabel={text.moreWine}
        />
        <ProductCarousel
          id="seller-carousel"
          title={text.sellers}
          products={results.carousels.marketplace}
          moreHref={searchHref('/shop/marketplace/search-results.html', {
            q: searchedText(results.query),
          })}
          moreLabel={text.moreSellers}
        />
      </div>
    </div>
  );
}

function RecipesPanel({ results, hrefWith }: { results: Data['results']; hrefWith: HrefWith }) {
  const recipes = results.recipes;
  if (!recipes) return null;
  if (recipes.items.length === 0)
    return (
      <NoResults text={results.query.text} page={recipes.page} firstPage={hrefWith({ page: null })} noun="recipes" />
    );
  return (
    <RecipeResults
      recipes={recipes}
      pagination={
        <Pagination
          page={recipes.page}
          pageCount={recipes.pageCount}
          hrefFor={(page) => hrefWith({ page: String(page) })}
        />
      }
    />
  );
}
