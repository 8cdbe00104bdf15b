/**
 * The browser's common chunk (decision 0031). esbuild puts a module shared by several route bundles into a
 * chunk keyed by the exact set of bundles that reach it, so a dozen small modules used by the root and by
 * different routes became a dozen files of 100–500 bytes, each paying its own gzip framing and import
 * preamble on every page. Everything re-exported here is reached only through this module, so they all have
 * the same set of bundles and ship as one chunk (every page loads it: the root reaches it). Browser code
 * imports these modules from here, never directly (eslint `no-restricted-imports` enforces it); `.server`
 * modules and tests may import them directly. Only small modules most pages use belong here.
 */
export { useHydrated } from 'remix-utils/use-hydrated';
export { deferred } from './Deferred';
export { island, clientNavigationTarget, type IslandOptions } from './Island';
export { ProductCard, cardPriority } from './ProductCard';
export { ProductCarousel } from './search/ProductCarousel';
export { BusinessPriceTag } from './BusinessPriceTag';
export * from '~/modules/access/page-access';
export * from '~/modules/browser/local-storage';
export * from '~/modules/cart/cart-forms';
export * from '~/modules/catalog/links';
export * from '~/modules/catalog/pricing';
export * from '~/modules/identity/notices';
export * from '~/modules/search/tabs';
