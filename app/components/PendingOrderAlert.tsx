import { Link, useLocation, useRouteLoaderData } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

interface PendingOrder {
  orderNumber: string;
  slotLabel: string;
}

/** The pending-order alert under the header while the customer's order can still be changed. */
export function PendingOrderAlert() {
  const t = useT();
  const root = useRouteLoaderData<{ pendingOrder?: PendingOrder | null }>('root');
  const { pathname } = useLocation();
  const order = root?.pendingOrder;
  if (!order || pathname === '/erums') return null;
  return (
    // A landmark of its own: it sits above the page's main content, and axe wants every part of a page in one.
    <aside
      aria-label={t('Your upcoming order')}
      className="border-b border-amber-200 bg-amber-50"
      data-testid="pending-order-alert"
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2 text-sm text-amber-950">
        <p>
          {t('Order')} <span className="font-semibold">{order.orderNumber}</span>{' '}
          {t('is scheduled for {{slot}}. You can still change it.', { slot: order.slotLabel })}
        </p>
        <div className="flex gap-3">
          <Link to={`/erums?orderNumber=${order.orderNumber}`} className="font-semibold underline">
            {t('Edit order')}
          </Link>
          <Link to={`/account/order-summary.html?orderNumber=${order.orderNumber}`} className="underline">
            {t('View order')}
          </Link>
        </div>
      </div>
    </aside>
  );
}
