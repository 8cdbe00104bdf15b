import { useLocation, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { browserStorage, rememberStoreData, type StoreData } from '~/components/page-essentials';
import type { ServiceCallContext } from '~/modules/http/service-call';

/**
 * The page's browser-side session chores (JavaScript only):
 * - remembers the current store as store data, which sign-out keeps as the previous store;
 * - copies the visitor and session ids, the visit's attribution and the store's flags and time zone into local
 *   storage, and fires the store-flags event on every page, client-side navigations included
 *   (modules/browser/visit-storage.ts, loaded only when there is any);
 * - spec section 4: a URL hash containing 'error' resets the keep-me-signed-in user.
 */
export function BrowserSession({
  store,
  visit,
  service,
}: {
  store: StoreData | null;
  visit: { visitorId: string; sessionId: string } | null;
  /** The banner and subscription key the preload call carries (decision 0085). */
  service: ServiceCallContext;
}) {
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const storeKey = store ? JSON.stringify(store) : '';
  const storeId = store?.storeId ?? null;

  useEffect(() => {
    const storage = browserStorage();
    if (storage && storeKey) rememberStoreData(storage, JSON.parse(storeKey) as StoreData);
  }, [storeKey]);

  const ids = visit && `${visit.visitorId} ${visit.sessionId}`;
  const { banner, subscriptionKey } = service;
  // Each page, full load or client-side navigation, records the visit and fires the store-flags event again.
  const pageKey = useLocation().key;
  useEffect(() => {
    const storage = browserStorage();
    // A first, direct visit without a store has nothing to record, and never loads the code that records it.
    const { referrer } = document;
    const campaign = /[?&](utm_|cmpid=)/.test(location.search) || (referrer && !referrer.startsWith(location.origin));
    if (storage && (storeId || ids || campaign))
      void import('~/modules/browser/visit-storage').then((visitStorage) =>
        visitStorage.recordVisit(storage, storeId, ids, window, { fetch, service: { banner, subscriptionKey } }),
      );
  }, [storeId, ids, banner, subscriptionKey, pageKey]);

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
