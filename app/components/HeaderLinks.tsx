import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import type { Language } from '~/modules/i18n/languages';
import { LanguageSwitch } from './LanguageSwitch';

// The header's plain links (islands in Header.tsx): no state, no handlers.

// `language` is part of each island's props so that a new language renders it again.
export function HeaderLogo({
  name,
  logoText,
  business,
}: {
  name: string;
  logoText: string;
  business: boolean;
  language: Language;
}) {
  const t = useT();
  return (
    // Named by its content, not an aria-label: the words on screen come first (WCAG 2.5.3), then the banner's full
    // name for a screen reader. The initial is decoration, hidden from the name.
    <Link to="/" className="flex items-center gap-2 rounded-lg">
      <span
        aria-hidden="true"
        className="grid h-9 w-9 place-items-center rounded-xl bg-brand text-lg font-black text-white"
      >
        {logoText.charAt(0).toUpperCase()}
      </span>{' '}
      <span className="text-xl font-extrabold tracking-tight text-brand-dark">
        {logoText}
        {business ? (
          <>
            {' '}
            <span className="text-sm font-semibold text-stone-500">{t('business')}</span>
          </>
        ) : null}
      </span>
      <span className="sr-only">{`, ${t('{{name}} home', { name })}`}</span>
    </Link>
  );
}

export function CouponsLink({ clippedOffers }: { clippedOffers: number | null }) {
  const t = useT();
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
      <span>{t('Coupons')}</span>
      {/* A space for text browsers ("Coupons 5 clipped"); flex layout ignores it. */}{' '}
      {clippedOffers !== null ? (
        <span className="rounded-full bg-brand-soft px-1.5 text-xs font-bold text-brand-dark" data-testid="clip-count">
          {clippedOffers}
          <span className="sr-only">{` ${t('clipped')}`}</span>
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The header's language switch and shopping links (lists, coupons): one island, so they add no code to a page. The
 * switch has no returnTo: /language goes back to the page it was posted from.
 */
export function ShoppingLinks({ clippedOffers, language }: { clippedOffers: number | null; language: Language }) {
  const t = useT();
  return (
    <>
      <LanguageSwitch language={language} />
      <Link
        to="/shop/lists.html"
        className="inline-flex items-center rounded-lg px-1 font-semibold hover:text-brand"
        data-testid="header-lists"
      >
        {t('Lists')}
      </Link>
      <CouponsLink clippedOffers={clippedOffers} />
    </>
  );
}
