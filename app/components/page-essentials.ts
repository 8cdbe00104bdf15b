/**
 * What every page's browser code shares: its access rule (`pageAccess`), small helpers and the components most
 * pages show. Reached only through this file, they ship as one chunk instead of a dozen tiny ones (eslint `no-restricted-imports` holds browser code to it). Server modules and tests may import them directly.
 */
export { useHydrated } from 'remix-utils/use-hydrated';
export { deferred } from './Deferred';
export { island, clientNavigationTarget, type IslandOptions } from './Island';
export { ProductCard, cardPriority } from './ProductCard';
export { ProductCarousel } from './search/ProductCarousel';
export { BusinessPriceTag } from './BusinessPriceTag';
export { ScriptAnswerField } from './ScriptAnswerField';
export * from '~/modules/access/page-access';
export * from '~/modules/browser/local-storage';
export * from '~/modules/cart/cart-forms';
export * from '~/modules/catalog/links';
export * from '~/modules/catalog/pricing';
export * from '~/modules/search/tabs';
export { pageMeta, STORE_DESCRIPTION } from './page-meta';
export { useT, useLanguage, TranslationsProvider } from './Translations';
export * from '~/modules/i18n/page-strings';
export { metaTranslator } from './meta-translator';
