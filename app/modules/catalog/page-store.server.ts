import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import { currentStore } from '~/modules/stores/current-store.server';
import type { Store } from '~/modules/stores/stores.server';

export interface PageStore {
  store: Store;
  /** The header is rendered from the cookie the request arrived with; this shows the store just set. */
  headerStore: { name: string; preference: string | null } | null;
}

/** The store whose prices a shop page shows: the path's store id, else `loc` (a branch id), else the shopper's. */
export async function pageStore(shopper: AuthorizedShopper, branchId?: string | null): Promise<PageStore> {
  const store = await currentStore(shopper, shopper.pathStoreId ?? branchId ?? null);
  return {
    store,
    headerStore: shopper.establishedSession
      ? { name: store.name, preference: shopper.session?.info.COMMON.preference ?? null }
      : null,
  };
}
