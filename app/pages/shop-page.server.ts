/**
 * The server-only imports of the dotted shop pages (product, aisles, offer), in one module: the browser build
 * empties each `.server` module, and one empty module per page keeps the tiny files several pages would share off
 * the page.
 */
export { json } from '@remix-run/node';
// The server renders it in the page; the browser loads it on demand (components/Deferred.tsx).
export { OfferDetailsView as OfferDetailsViewOnServer } from '~/components/OfferDetailsView';
// Links only: the browser keeps its HTML and loads its code when it changes (components/Island.tsx).
export { AislesView as AislesViewOnServer } from '~/components/catalog/AislesView';
export { requireUserType } from '~/modules/access/shopper.server';
export { aislesForStore } from '~/modules/catalog/aisles.server';
export { addProductsFromPage } from '~/modules/cart/cart-actions.server';
export { pageStore } from '~/modules/catalog/page-store.server';
export { productDetails } from '~/modules/catalog/product-details.server';
export { parseForm, parseSearchParams } from '~/modules/http/forms.server';
export { offerDetailsPage } from '~/modules/offers/offer-details-page.server';
export { priceContextFor } from '~/modules/search/price-context.server';
export { readContentMode, storefrontMoment } from '~/modules/content/content-mode.server';
export { allergyWarnings } from '~/modules/customers/household-allergies.server';
export { pageStrings, serverT } from '~/modules/i18n/translations.server';
