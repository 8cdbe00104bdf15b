import type { TFunction } from 'i18next';
import { searchedText } from './query';
import type { searchProductsPage } from './search.server';

/**
 * The page's words in its language, written on the server: the browser gets the strings, not their code (the
 * search page's JavaScript is at its budget).
 */
export function searchPageText(results: Awaited<ReturnType<typeof searchProductsPage>>, t: TFunction) {
  const what = searchedText(results.query);
  const scope = results.scope.aisle ?? results.scope.department;
  const scopeName = scope ? t(scope) : results.scope.brand?.name;
  return {
    title: what
      ? t('{{what}} — search results', { what })
      : scopeName
        ? t('{{scope}} — shop', { scope: scopeName })
        : t('Search the store'),
    description: what
      ? t('Groceries matching “{{what}}”: prices, offers, delivery and pickup.', { what })
      : scopeName
        ? t('{{scope}} groceries: prices, offers, delivery and pickup.', { scope: scopeName })
        : t('Groceries: prices, offers, delivery and pickup.'),
    heading: results.query.text ? t('Results for “{{query}}”', { query: what }) : (scopeName ?? t('Products')),
    products: t('Products'),
    recipes: t('Recipes'),
    searchResults: t('Search results'),
    filters: t('Filters'),
    clearFilters: t('Clear filters'),
    wine: t('From the wine shop'),
    moreWine: t('More wine'),
    sellers: t('From marketplace sellers'),
    moreSellers: t('More from sellers'),
  };
}
