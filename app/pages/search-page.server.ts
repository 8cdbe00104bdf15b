/**
 * The server-only imports of the search results page, in one module. The browser build replaces every `.server`
 * module with an empty one, and an empty module that several pages import becomes a file of its own
 * that each of them downloads; one per page keeps those files off the page (decision 0028).
 */
export { json } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { pageStore } from '~/modules/catalog/page-store.server';
export { taxonomy } from '~/modules/catalog/taxonomy.server';
export { parseSearchParams } from '~/modules/http/forms.server';
export { searchProductsPage } from '~/modules/search/search.server';
// The server renders these in the page; the browser loads them on demand (components/Deferred.tsx).
export { BlankSearch as BlankSearchOnServer } from '~/components/search/BlankSearch';
export { RecipeResults as RecipeResultsOnServer } from '~/components/search/RecipeResults';
// Links only: the browser keeps their HTML and loads their code when it changes (components/Island.tsx).
export { FacetPanel as FacetPanelOnServer } from '~/components/search/Facets';
export { Pagination as PaginationOnServer } from '~/components/search/Pagination';
export { NoResults as NoResultsOnServer } from '~/components/search/NoResults';
export { SearchHeading as SearchHeadingOnServer } from '~/components/search/SearchHeading';
