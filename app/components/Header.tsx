import { Link, useLocation, useMatches } from '@remix-run/react';
import { withSignInModal } from '~/modules/identity/sign-in-modal';
import type { StorefrontChrome } from '~/modules/access/chrome.server';
import { CartLink } from './CartLink';
import { Greeting } from './Greeting';
import { SearchBox } from './SearchBox';
import { StoreChip } from './StoreChip';
import { island, useHydrated, useT } from '~/components/page-essentials';
import { HeaderLogoOnServer, ShoppingLinksOnServer } from '~/pages/root.server';

// Plain links: the browser keeps their HTML and loads their code when they change.
const HeaderLogo = island(HeaderLogoOnServer, async () => (await import('./HeaderLinks')).HeaderLogo);
const ShoppingLinks = island(ShoppingLinksOnServer, async () => (await import('./HeaderLinks')).ShoppingLinks);

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
  const t = useT();
  const language = chrome.language;
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <HeaderLogo name={banner.name} logoText={banner.logoText} business={siteType === 'B'} language={language} />

        <StoreChip
          store={established?.name ? { name: established.name } : store}
          preference={established?.preference ?? preference}
          zipcode={chrome.zipcode}
        />

        <SearchBox />

        <nav
          aria-label={t('Account')}
          className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm md:ml-0"
        >
          <ShoppingLinks clippedOffers={clippedOffers} language={language} />
          {greeting ? (
            <Link to="/account/overview.html" className="rounded-lg px-1 hover:text-brand">
              <Greeting name={greeting} />
            </Link>
          ) : (
            <Link to={signInHref} className="btn-outline" data-testid="header-sign-in">
              {t('Sign in')}
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
