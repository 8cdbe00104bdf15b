import { NavLink } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/** The account area's pages; each page of the area renders this list so a customer can move between them. */
export const ACCOUNT_PAGES = [
  { to: '/account/overview.html', label: 'Overview' },
  { to: '/account/profile.html', label: 'Profile' },
  { to: '/account/addresses.html', label: 'Addresses' },
  { to: '/account/orders.html', label: 'Orders' },
  { to: '/shop/lists.html', label: 'Lists' },
  { to: '/account/pet.html', label: 'Pets' },
  { to: '/account/allergies.html', label: 'Household allergies' },
  { to: '/account/security.html', label: 'Sign-in & security' },
  { to: '/account/delivery-subscription.html', label: 'Delivery subscription' },
] as const;

export function AccountNav() {
  const t = useT();
  return (
    <nav aria-label={t('Your account')} className="mt-4 overflow-x-auto">
      <ul className="flex gap-2 text-sm">
        {ACCOUNT_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              className={({ isActive }) =>
                `inline-block whitespace-nowrap rounded-full border px-3 py-1.5 font-semibold ${
                  isActive ? 'border-brand bg-brand text-white' : 'border-stone-300 text-stone-700 hover:bg-stone-100'
                }`
              }
            >
              {t(page.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
