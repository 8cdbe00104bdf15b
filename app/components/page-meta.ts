import type { MetaDescriptor } from '@remix-run/react';

/** What the store is: the home page's description, and the root's for documents no route describes. */
export const STORE_DESCRIPTION = 'Shop groceries for delivery, DriveUp & Go pickup or in store.';

/**
 * A page's title and description. In Remix v2 a route's `meta` replaces the root's instead of adding to it, so a
 * route that gave only a title served a page without a description; every page names both through this.
 */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: description }];
}
