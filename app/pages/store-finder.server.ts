/**
 * The server-only imports of the store finder, in one module: the browser build empties each `.server` module, and
 * one empty module per page keeps the tiny files several pages would share off the page (decision 0028).
 */
export { json, redirect } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { chooseStoreFromFinder, storeFinderPage } from '~/modules/stores/store-finder-page.server';
export { pageStrings, serverT } from '~/modules/i18n/translations.server';
