import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

interface LinkProps {
  to: string;
  className: string;
  children: ReactNode;
}
/** What the footer's links are made with: Remix's `Link` in the browser, a plain anchor on the server. */
type FooterLink = (props: LinkProps) => ReactNode;

const SERVICE_LINKS = [
  { to: '/shop/delivery-subscription.html', label: 'Delivery Pass' },
  { to: '/pharmacy.html', label: 'Pharmacy' },
  { to: '/shop/vineandcellar/search-results.html', label: 'Wine shop' },
  { to: '/shop/marketplace/search-results.html', label: 'Marketplace' },
] as const;

const ACCOUNT_LINKS = [
  { to: '/account/overview.html', label: 'Your account' },
  { to: '/account/orders.html', label: 'Orders' },
  { to: '/foru/my-list.html', label: 'My list' },
] as const;

export interface FooterProps {
  bannerName: string;
  signedIn: boolean;
}

/** Signed-in customers get their account links; everyone else gets the way in. */
export function Footer(props: FooterProps) {
  return <FooterWith {...props} LinkTo={Link} />;
}

/**
 * The server's footer (pages/root.server.ts): its HTML depends on the two props alone, so it is rendered
 * once per banner and shopper state and kept. Plain anchors: the island around it makes their
 * clicks client-side navigations, as it does for any link in its server HTML.
 */
export function PlainFooter(props: FooterProps) {
  return <FooterWith {...props} LinkTo={PlainLink} />;
}

function PlainLink({ to, className, children }: LinkProps) {
  return (
    <a className={className} href={to}>
      {children}
    </a>
  );
}

function FooterWith({ bannerName, signedIn, LinkTo }: FooterProps & { LinkTo: FooterLink }) {
  const year = 2026;
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white print:hidden">
      <div className="container-page grid gap-8 py-10 text-sm text-stone-600 grid-cols-2 md:grid-cols-4 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <p className="text-base font-bold text-stone-900">{bannerName}</p>
          <p className="mt-2">Groceries delivered, ready for pickup, or waiting in store.</p>
        </div>
        <nav aria-label="Shop">
          <p className="font-semibold text-stone-900">Shop</p>
          <ul className="mt-2 space-y-1">
            <li>
              <LinkTo className="hover:text-brand" to="/set-store.html">
                Choose a store
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/search-results.html">
                Search
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/aisles.html">
                Aisles
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/brand-index">
                Brands
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/foru/coupons-deals.html">
                Coupons &amp; deals
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/foru/rewards.html">
                Rewards
              </LinkTo>
            </li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <p className="font-semibold text-stone-900">Services</p>
          <ul className="mt-2 space-y-1">
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <LinkTo className="hover:text-brand" to={link.to}>
                  {link.label}
                </LinkTo>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Account links">
          <p className="font-semibold text-stone-900">Account</p>
          <ul className="mt-2 space-y-1">
            {signedIn ? (
              ACCOUNT_LINKS.map((link) => (
                <li key={link.to}>
                  <LinkTo className="hover:text-brand" to={link.to}>
                    {link.label}
                  </LinkTo>
                </li>
              ))
            ) : (
              <>
                <li>
                  <LinkTo className="hover:text-brand" to="/account/sign-in.html">
                    Sign in
                  </LinkTo>
                </li>
                <li>
                  <LinkTo className="hover:text-brand" to="/account/create-account.html">
                    Create an account
                  </LinkTo>
                </li>
              </>
            )}
          </ul>
        </nav>
        <p className="col-span-2 md:col-span-4 lg:col-span-1 lg:text-right">
          © {year} Pantry demo storefront. Prices are illustrative.
        </p>
      </div>
    </footer>
  );
}
