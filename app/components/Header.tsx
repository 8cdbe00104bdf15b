import { Form, Link, useLocation, useMatches } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { withSignInModal } from '~/modules/identity/sign-in-modal';
import type { StorefrontChrome } from '~/modules/access/chrome.server';
import { CartLink } from './CartLink';
import { Greeting } from './Greeting';
import { StoreChip } from './StoreChip';

export function Header({ chrome, query }: { chrome: StorefrontChrome; query?: string }) {
  const { banner, store, preference, greeting, siteType } = chrome;
  const established = useMatches()
    .map((match) => (match.data as { headerStore?: { name: string; preference: string | null } } | null)?.headerStore)
    .find(Boolean);
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
          </span>
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

        <Form
          method="get"
          action="/shop/search-results.html"
          role="search"
          className="order-4 w-full md:order-none md:w-auto md:flex-1"
        >
          <label htmlFor="site-search" className="sr-only">
            Search products and recipes
          </label>
          <div className="flex items-center rounded-full border border-stone-300 bg-stone-50 focus-within:border-brand focus-within:bg-white">
            <input
              id="site-search"
              name="q"
              type="search"
              defaultValue={query}
              placeholder="Search products, brands and recipes"
              className="min-w-0 flex-1 rounded-full bg-transparent px-4 py-2 text-sm outline-none focus-visible:outline-none"
              autoComplete="off"
            />
            <button
              type="submit"
              className="m-1 rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark"
            >
              Search
            </button>
          </div>
        </Form>

        <nav aria-label="Account" className="ml-auto flex items-center gap-3 text-sm md:ml-0">
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
