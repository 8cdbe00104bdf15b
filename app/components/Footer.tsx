import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '~/components/page-essentials';
import type { Language } from '~/modules/i18n/languages';
import { LanguageSwitch } from './LanguageSwitch';

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
  language: Language;
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

function FooterWith({ bannerName, signedIn, language, LinkTo }: FooterProps & { LinkTo: FooterLink }) {
  const t = useT();
  const year = 2026;
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white print:hidden">
      <div className="container-page grid gap-8 py-10 text-sm text-stone-600 grid-cols-2 md:grid-cols-4 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-1">
          <p className="text-base font-bold text-stone-900">{bannerName}</p>
          <p className="mt-2">{t('Groceries delivered, ready for pickup, or waiting in store.')}</p>
        </div>
        <nav aria-label={t('Shop')}>
          <p className="font-semibold text-stone-900">{t('Shop')}</p>
          <ul className="mt-2 space-y-1">
            <li>
              <LinkTo className="hover:text-brand" to="/set-store.html">
                {t('Choose a store')}
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/search-results.html">
                {t('Search')}
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/aisles.html">
                {t('Aisles')}
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/shop/brand-index">
                {t('Brands')}
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/foru/coupons-deals.html">
                {t('Coupons & deals')}
              </LinkTo>
            </li>
            <li>
              <LinkTo className="hover:text-brand" to="/foru/rewards.html">
                {t('Rewards')}
              </LinkTo>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('Services')}>
          <p className="font-semibold text-stone-900">{t('Services')}</p>
          <ul className="mt-2 space-y-1">
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <LinkTo className="hover:text-brand" to={link.to}>
                  {t(link.label)}
                </LinkTo>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('Account links')}>
          <p className="font-semibold text-stone-900">{t('Account')}</p>
          <ul className="mt-2 space-y-1">
            {signedIn ? (
              ACCOUNT_LINKS.map((link) => (
                <li key={link.to}>
                  <LinkTo className="hover:text-brand" to={link.to}>
                    {t(link.label)}
                  </LinkTo>
                </li>
              ))
            ) : (
              <>
                <li>
                  <LinkTo className="hover:text-brand" to="/account/sign-in.html">
                    {t('Sign in')}
                  </LinkTo>
                </li>
                <li>
                  <LinkTo className="hover:text-brand" to="/account/create-account.html">
                    {t('Create an account')}
                  </LinkTo>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="col-span-2 md:col-span-4 lg:col-span-1 lg:text-right">
          {/* No returnTo: the footer's HTML is the same on every page, so /language goes back to the Referer. */}
          <LanguageSwitch language={language} className="mb-2" />
          <p>{t('© {{year}} Pantry demo storefront. Prices are illustrative.', { year })}</p>
        </div>
      </div>
    </footer>
  );
}
