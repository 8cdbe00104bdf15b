import { Link } from '@remix-run/react';

// The header's plain links (islands in Header.tsx): no state, no handlers.

export function HeaderLogo({ name, logoText, business }: { name: string; logoText: string; business: boolean }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg"
      // The name starts with the words on screen (WCAG 2.5.3), so "Greenleaf business" can be spoken to follow it.
      aria-label={business ? `${logoText} business, ${name} home` : `${name} home`}
    >
      <span
        aria-hidden="true"
        className="grid h-9 w-9 place-items-center rounded-xl bg-brand text-lg font-black text-white"
      >
        {logoText.charAt(0).toUpperCase()}
      </span>{' '}
      <span className="text-xl font-extrabold tracking-tight text-brand-dark">
        {logoText}
        {business ? <span className="ml-1 text-sm font-semibold text-stone-500">business</span> : null}
      </span>
    </Link>
  );
}

export function CouponsLink({ clippedOffers }: { clippedOffers: number | null }) {
  return (
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
        <span className="rounded-full bg-brand-soft px-1.5 text-xs font-bold text-brand-dark" data-testid="clip-count">
          {clippedOffers}
          <span className="sr-only"> clipped</span>
        </span>
      ) : null}
    </Link>
  );
}

/** The header's shopping links: lists and coupons, one island so the lists link adds no code to a page. */
export function ShoppingLinks({ clippedOffers }: { clippedOffers: number | null }) {
  return (
    <>
      <Link
        to="/shop/lists.html"
        className="inline-flex items-center rounded-lg px-1 font-semibold hover:text-brand"
        data-testid="header-lists"
      >
        Lists
      </Link>
      <CouponsLink clippedOffers={clippedOffers} />
    </>
  );
}
