/**
 * The server-only imports of the search results page, in one module: the browser build empties each `.server`
 * module, and one empty module per page keeps the tiny files several pages would share off the page.
 */
export { json } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { pageStore } from '~/modules/catalog/page-store.server';
export { taxonomy } from '~/modules/catalog/taxonomy.server';
export { parseSearchParams } from '~/modules/http/forms.server';
export { householdFreeFromOption, searchProductsPage } from '~/modules/search/search.server';
export { allergyWarnings, shopperHouseholdAllergens } from '~/modules/customers/household-allergies.server';
// The server renders these in the page; the browser loads them on demand (components/Deferred.tsx).
export { BlankSearch as BlankSearchOnServer } from '~/components/search/BlankSearch';
export { RecipeResults as RecipeResultsOnServer } from '~/components/search/RecipeResults';
// Links only: the browser keeps their HTML and loads their code when it changes (components/Island.tsx).
export { FacetPanel as FacetPanelOnServer } from '~/components/search/Facets';
export { Pagination as PaginationOnServer } from '~/components/search/Pagination';
export { NoResults as NoResultsOnServer } from '~/components/search/NoResults';
export { SearchHeading as SearchHeadingOnServer } from '~/components/search/SearchHeading';
export { translateFacets } from '~/modules/search/facet-labels.server';
export { searchPageText } from '~/modules/search/search-page-text.server';
export { pageStrings, serverT } from '~/modules/i18n/translations.server';
