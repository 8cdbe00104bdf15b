import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import { SignOutButton } from './SignOutButton';

/**
 * The staff pages' plain chrome around the page (decision 0079): no store chip, search, cart, offers or modals,
 * which are the shopper's. The link back to the store is there because staff are customers of the same accounts.
 */
export function StaffChrome({
  bannerName,
  signedIn,
  children,
}: {
  bannerName: string;
  signedIn: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <header className="border-b border-stone-200 bg-white">
        <a href="#main" className="skip-link">
          {t('Skip to content')}
        </a>
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <Link to="/staff" className="text-lg font-extrabold text-stone-900 hover:underline">
            {bannerName} <span className="font-semibold text-stone-700">· {t('Store staff')}</span>
          </Link>
          <nav aria-label={t('Staff')} className="flex flex-wrap items-center gap-3">
            <Link to="/" className="text-sm font-semibold text-stone-800 underline">
              {t('Back to the store')}
            </Link>
            {signedIn ? <SignOutButton className="btn-outline text-sm" /> : null}
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <p className="container-page py-4 text-sm text-stone-700">
          {t('{{banner}} store staff pages. Questions about your roles go to your store manager.', {
            banner: bannerName,
          })}
        </p>
      </footer>
    </>
  );
}
