import { Link, useFetchers, useRouteLoaderData } from '@remix-run/react';
import { CART_ACTION, CART_PAGE, useT } from '~/components/page-essentials';

/** The header's cart button with the item count; adds in flight count at once (optimistic). */
export function CartLink() {
  const t = useT();
  const root = useRouteLoaderData<{ cartCount?: number }>('root');
  const pending = useFetchers()
    .filter((fetcher) => fetcher.formAction === CART_ACTION && fetcher.formData?.get('intent') === 'add')
    .reduce((sum, fetcher) => sum + (Number(fetcher.formData?.get('quantity')) || 1), 0);
  const count = (root?.cartCount ?? 0) + pending;
  return (
    // A live region (WCAG 4.1.3): an add from a product card, an island's navigation, is read out as the new count.
    <Link
      to={CART_PAGE}
      className="btn-primary"
      aria-label={t('Cart, {{count}} items', { count })}
      aria-live="polite"
      aria-atomic
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span className="hidden sm:inline">{t('Cart')}</span>
      {/* A space for text browsers ("Cart 2", not "Cart2"); flex layout ignores it. */}{' '}
      <span data-testid="cart-count" className="cart-count">
        {count}
      </span>
    </Link>
  );
}
