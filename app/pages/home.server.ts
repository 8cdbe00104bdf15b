/**
 * The server-only imports of the home page, in one module. The browser build replaces every `.server`
 * module with an empty one, and an empty module that several pages import becomes a file of its own
 * that each of them downloads; one per page keeps those files off the page (decision 0028).
 */
export { json } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { departmentTiles, featuredProducts } from '~/modules/catalog/product-cards.server';
export { currentStore, hasChosenStore } from '~/modules/stores/current-store.server';
