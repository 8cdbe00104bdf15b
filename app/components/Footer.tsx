import { Link } from '@remix-run/react';

export function Footer({ bannerName }: { bannerName: string }) {
  const year = 2026;
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="container-page grid gap-8 py-10 text-sm text-stone-600 md:grid-cols-3 lg:grid-cols-4">
        <div>
          <p className="text-base font-bold text-stone-900">{bannerName}</p>
          <p className="mt-2">Groceries delivered, ready for pickup, or waiting in store.</p>
        </div>
        <nav aria-label="Shop">
          <p className="font-semibold text-stone-900">Shop</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="hover:text-brand" to="/set-store.html">
                Choose a store
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand" to="/shop/search-results.html">
                Search
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand" to="/shop/aisles.html">
                Aisles
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand" to="/shop/brand-index">
                Brands
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand" to="/foru/coupons-deals.html">
                Coupons &amp; deals
              </Link>
            </li>
            <li>
              <Link className="hover:text-brand" to="/foru/rewards.html">
                Rewards
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Account links">
          <p className="font-semibold text-stone-900">Account</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="hover:text-brand" to="/account/sign-in.html">
                Sign in
              </Link>
            </li>
          </ul>
        </nav>
        <p className="lg:text-right">© {year} Pantry demo storefront. Prices are illustrative.</p>
      </div>
    </footer>
  );
}
