/**
 * The server-only imports of the home page, in one module: the browser build empties each `.server` module, and one
 * empty module per page keeps the tiny files several pages would share off the page.
 */
export { json } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { departmentTiles, featuredProducts } from '~/modules/catalog/product-cards.server';
export { currentStore, hasChosenStore } from '~/modules/stores/current-store.server';
export { readContentMode, storefrontMoment } from '~/modules/content/content-mode.server';
export { homeHero } from '~/modules/content/home-content.server';
export { pageStrings } from '~/modules/i18n/translations.server';
