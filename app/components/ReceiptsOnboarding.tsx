import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/**
 * The receipts onboarding event (flag isReceiptsOnboardEventEnabled), on the page after a customer's first order:
 * a note beside the order rather than a modal over it, since the page shows the order just placed.
 */
export function ReceiptsOnboarding() {
  const t = useT();
  return (
    <div className="container-page pt-4">
      <section
        aria-labelledby="receipts-onboarding-title"
        className="rounded-xl border border-brand/30 bg-brand-soft p-4 text-sm"
        data-testid="receipts-onboarding"
      >
        <h2 id="receipts-onboarding-title" className="font-bold text-brand-dark">
          {t('Your first order is in')}
        </h2>
        <p className="mt-1 text-stone-800">
          {t(
            'Follow it here while it is picked. Once it is handed over, its itemised receipt (what you ordered and what was picked, substitutions, weights and savings) is in',
          )}{' '}
          <Link to="/account/orders.html" className="font-semibold underline">
            {t('your orders')}
          </Link>{' '}
          {t('and in your email.')}
        </p>
      </section>
    </div>
  );
}
