/**
 * The server-only imports of the content-mode link page, in one module: the browser build empties each `.server`
 * module (decision 0028).
 */
export { requireUserType } from '~/modules/access/shopper.server';
export { contentLinkPage, contentModeAction } from '~/modules/content/content-link-page.server';
