import { Link, useLocation, useMatches } from '@remix-run/react';
import { useHydrated } from '~/components/common-chunk';
import { withSignInModal } from '~/modules/identity/sign-in-modal';
import type { StorefrontChrome } from '~/modules/access/chrome.server';
import { CartLink } from './CartLink';
import { Greeting } from './Greeting';
import { SearchBox } from './SearchBox';
import { StoreChip } from './StoreChip';

export function Header({ chrome }: { chrome: StorefrontChrome; query?: string }) {
  const { banner, store, preference, greeting, siteType } = chrome;
  // The header loads in parallel with the page: a page that just changed the store or clipped an
  // offer (after sign-in) passes what the header should show instead.
  const pageData = useMatches().map(
    (match) =>
      match.data as {
        headerStore?: { name: string; preference: string | null } | null;
        headerClippedOffers?: number | null;
      } | null,
  );
  const established = pageData.map((data) => data?.headerStore).find(Boolean);
  const clippedOffers =
    pageData.map((data) => data?.headerClippedOffers).find((count) => typeof count === 'number') ??
    chrome.clippedOffers;
  const signInHref = useSignInHref();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label={`${banner.name} home`}>
          <span
            aria-hidden="true"
            className="grid h-9 w-9 place-items-center rounded-xl bg-brand text-lg font-black text-white"
          >
            {banner.logoText.charAt(0).toUpperCase()}
          </span>{' '}
          <span className="text-xl font-extrabold tracking-tight text-brand-dark">
            {banner.logoText}
            {siteType === 'B' ? <span className="ml-1 text-sm font-semibold text-stone-500">business</span> : null}
          </span>
        </Link>

        <StoreChip
          store={established?.name ? { name: established.name } : store}
          preference={established?.preference ?? preference}
          zipcode={chrome.zipcode}
        />

        <SearchBox />

        <nav aria-label="Account" className="ml-auto flex items-center gap-3 text-sm md:ml-0">
          <Link
            to={clippedOffers === null ? '/foru/coupons-deals.html' : '/foru/my-list.html'}
            className="hidden items-center gap-1 rounded-lg px-1 font-semibold hover:text-brand sm:inline-flex"
            data-testid="header-coupons"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
              <path d="M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4V7Z" />
              <path d="M13 5v12" strokeDasharray="2 2" />
            </svg>
            <span>Coupons</span>
            {/* A space for text browsers ("Coupons 5 clipped"); flex layout ignores it. */}{' '}
            {clippedOffers !== null ? (
              <span
                className="rounded-full bg-brand-soft px-1.5 text-xs font-bold text-brand-dark"
                data-testid="clip-count"
              >
                {clippedOffers}
                <span className="sr-only"> clipped</span>
              </span>
            ) : null}
          </Link>
          {greeting ? (
            <Link to="/account/overview.html" className="rounded-lg px-1 hover:text-brand">
              <Greeting name={greeting} />
            </Link>
          ) : (
            <Link to={signInHref} className="btn-outline" data-testid="header-sign-in">
              Sign in
            </Link>
          )}
          <CartLink />
        </nav>
      </div>
    </header>
  );
}

/**
 * Without JavaScript "Sign in" opens the sign-in page, returning here afterwards; with it, the same
 * flow opens as a modal over this page (the `ml` link parameter).
 */
function useSignInHref(): string {
  const location = useLocation();
  const hydrated = useHydrated();
  const here = `${location.pathname}${location.search}`;
  if (location.pathname.startsWith('/account/')) return '/account/sign-in.html';
  if (hydrated) return withSignInModal(location.pathname, location.search);
  return `/account/sign-in.html?goto=${encodeURIComponent(here)}`;
}
