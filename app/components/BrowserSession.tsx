import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { browserStorage, rememberStoreData, type StoreData } from '~/components/page-essentials';

/**
 * The page's browser-side session chores (JavaScript only):
 * - remembers the current store as store data, which sign-out keeps as the previous store;
 * - spec section 4: a URL hash containing 'error' resets the keep-me-signed-in user.
 */
export function BrowserSession({ store }: { store: StoreData | null }) {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const storeKey = store ? JSON.stringify(store) : '';

  useEffect(() => {
    const storage = browserStorage();
    if (storage && storeKey) rememberStoreData(storage, JSON.parse(storeKey) as StoreData);
  }, [storeKey]);

  useEffect(() => {
    const resetOnErrorHash = () => {
      if (!window.location.hash.toLowerCase().includes('error')) return;
      void fetch('/account/auth/reset', { method: 'POST', credentials: 'same-origin' }).then(() => {
        window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
        revalidate();
      });
    };
    // On arrival, and when only the hash changes (no new page load).
    resetOnErrorHash();
    window.addEventListener('hashchange', resetOnErrorHash);
    return () => window.removeEventListener('hashchange', resetOnErrorHash);
  }, [revalidate]);

  return null;
}
