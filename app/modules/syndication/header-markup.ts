import type { Preference } from '~/modules/session/session-constants';

/**
 * The syndicated header (spec section 2 `syndicatedHeader`, decision 0087): the storefront's header as one HTML
 * fragment and one stylesheet that another site of the company frames or inserts. Every link is absolute and opens
 * in the top window, and every class starts with `pantry-synd`, so nothing leaks into the host page.
 */

/** The storefront pages the header links to; each declares `syndicatedHeader: true` in its access meta. */
export const SYNDICATED_LINKS = {
  home: '/',
  search: '/shop/search-results.html',
  aisles: '/shop/aisles.html',
  coupons: '/foru/coupons-deals.html',
  setStore: '/set-store.html',
  signIn: '/account/sign-in.html',
  account: '/account/overview.html',
} as const;

export const SYNDICATED_HEADER_CSS_PATH = '/syndication/header.css';

const PREFERENCE_LABELS: Record<Preference, string> = {
  Delivery: 'Delivery',
  Dug: 'DriveUp & Go',
  J4U: 'In-store',
};

export interface SyndicatedHeaderView {
  /** The storefront's origin (`https://shop.pantry.example`): the header is shown on another origin. */
  origin: string;
  bannerName: string;
  store: { name: string; address: string; preference: Preference } | null;
  /** A signed-in customer gets "Your account" where everyone else gets "Sign in". */
  signedIn: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export function syndicatedHeaderHtml(view: SyndicatedHeaderView): string {
  const href = (path: string) => escapeHtml(new URL(path, view.origin).href);
  const link = (path: string, text: string, extra = '') =>
    `<a class="pantry-synd__link${extra}" href="${href(path)}" target="_top">${escapeHtml(text)}</a>`;
  const store = view.store
    ? `<p class="pantry-synd__store" data-pantry-store>Your store: <strong>${escapeHtml(view.store.name)}</strong>` +
      ` <span class="pantry-synd__address">${escapeHtml(view.store.address)}</span>` +
      ` <span class="pantry-synd__preference">${escapeHtml(PREFERENCE_LABELS[view.store.preference])}</span> ` +
      `${link(SYNDICATED_LINKS.setStore, 'Change store')}</p>`
    : `<p class="pantry-synd__store" data-pantry-store>${link(SYNDICATED_LINKS.setStore, 'Choose your store')} to see its prices and times.</p>`;
  return [
    `<link rel="stylesheet" href="${href(SYNDICATED_HEADER_CSS_PATH)}">`,
    `<header class="pantry-synd" data-pantry-syndicated-header>`,
    `<div class="pantry-synd__bar">`,
    link(SYNDICATED_LINKS.home, view.bannerName, ' pantry-synd__brand'),
    `<form class="pantry-synd__search" role="search" method="get" action="${href(SYNDICATED_LINKS.search)}" target="_top">`,
    `<label class="pantry-synd__label" for="pantry-synd-q">Search ${escapeHtml(view.bannerName)}</label>`,
    `<input class="pantry-synd__input" id="pantry-synd-q" name="q" type="search" maxlength="200" autocomplete="off">`,
    `<button class="pantry-synd__button" type="submit">Search</button>`,
    `</form>`,
    `<nav class="pantry-synd__nav" aria-label="${escapeHtml(view.bannerName)}">`,
    link(SYNDICATED_LINKS.aisles, 'Shop aisles'),
    link(SYNDICATED_LINKS.coupons, 'Coupons & deals'),
    view.signedIn ? link(SYNDICATED_LINKS.account, 'Your account') : link(SYNDICATED_LINKS.signIn, 'Sign in'),
    `</nav>`,
    `</div>`,
    store,
    `</header>`,
  ].join('');
}

/**
 * The header's stylesheet. The banner's colours come in as `r g b` components (the storefront's own CSS variables),
 * checked before they reach the text; everything else is fixed.
 */
export function syndicatedHeaderCss(colours: { brand: string; brandDark: string; brandSoft: string }): string {
  const component = /^\d{1,3} \d{1,3} \d{1,3}$/;
  const rgb = (value: string, fallback: string) => `rgb(${component.test(value) ? value : fallback})`;
  const brand = rgb(colours.brand, '22 128 60');
  const dark = rgb(colours.brandDark, '20 83 45');
  const soft = rgb(colours.brandSoft, '220 252 231');
  return `.pantry-synd{all:initial;display:block;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fff;border-bottom:1px solid #e7e5e4}
.pantry-synd *{box-sizing:border-box;font:inherit}
.pantry-synd__bar{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.25rem;padding:.75rem 1rem;background:${brand};color:#fff}
.pantry-synd__link{color:inherit;text-decoration:underline;text-underline-offset:2px}
.pantry-synd__link:focus-visible,.pantry-synd__input:focus-visible,.pantry-synd__button:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
.pantry-synd__brand{font-weight:800;font-size:1.25rem;text-decoration:none}
.pantry-synd__search{display:flex;flex:1 1 16rem;gap:.5rem}
.pantry-synd__label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pantry-synd__input{flex:1;min-width:0;padding:.5rem .75rem;border:0;border-radius:.5rem;color:#1c1917;background:#fff}
.pantry-synd__button{padding:.5rem 1rem;border:0;border-radius:.5rem;font-weight:700;color:#fff;background:${dark};cursor:pointer}
.pantry-synd__nav{display:flex;gap:1rem;font-weight:600}
.pantry-synd__store{margin:0;padding:.5rem 1rem;background:${soft};color:${dark};font-size:.875rem}
.pantry-synd__store .pantry-synd__link{color:${dark};font-weight:700}
.pantry-synd__address,.pantry-synd__preference{margin-left:.25rem}
.pantry-synd__preference{font-weight:700}
`;
}
