/**
 * The server-only imports of the coupons & deals page, in one module: the browser build empties each `.server`
 * module, and one empty module per page keeps the tiny files several pages would share off the page (decision 0028).
 */
export { json } from '@remix-run/node';
export { requireUserType } from '~/modules/access/shopper.server';
export { offerGalleryPage } from '~/modules/offers/gallery-page.server';
export { offerWordsIn, greetingIn, clipNoticeIn } from '~/modules/offers/offer-language.server';
export { pageStrings, serverT } from '~/modules/i18n/translations.server';
