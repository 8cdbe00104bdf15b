import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { statusLabel } from '~/modules/fulfilment/order-states';
import { fulfillmentLabel } from '~/modules/orders/order-rules';
import { orderCustomer } from '~/modules/orders/order-session.server';
import { orderHistory } from '~/modules/orders/order-history.server';

/** Order history: the customer's orders on this banner and site, newest first. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return json(
    {
      orders: await orderHistory(orderCustomer(shopper)!, new Date(), shopper.language),
      i18n: pageStrings(shopper.language, ['orders']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your orders'), t('Your past and upcoming orders, with their status and totals.'));
};

const STATUS_STYLES: Record<string, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  CANCELLED: 'bg-stone-200 text-stone-700',
  DELIVERED: 'bg-green-100 text-green-900',
  PICKED_UP: 'bg-green-100 text-green-900',
};

export default function OrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your orders')}</h1>
        <Link to="/shop/buy-it-again.html" className="btn-outline">
          {t('Buy it again')}
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-6 text-stone-600">{t('No orders yet.')}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {orders.map((order) => (
            <li
              key={order.orderNumber}
              className="card flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="order-row"
            >
              <div>
                <p className="font-bold">
                  <Link
                    to={`/account/order-summary.html?orderNumber=${order.orderNumber}`}
                    className="hover:text-brand hover:underline"
                  >
                    {t('Order {{orderNumber}}', { orderNumber: order.orderNumber })}
                  </Link>
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[order.status] ?? 'bg-stone-100'}`}
                  >
                    {t(statusLabel(order.status))}
                  </span>
                </p>
                <p className="text-sm text-stone-600">
                  {t(fulfillmentLabel(order.fulfillment, order.slotKind))} · {order.slotLabel}
                </p>
                <p className="text-sm text-stone-600">
                  {t('{{count}} items', { count: order.itemCount })} · {formatCents(order.totalCents)}
                </p>
              </div>
              {order.editable ? (
                <Link to={`/erums?orderNumber=${order.orderNumber}`} className="btn-outline text-sm">
                  {t('Edit order')}
                </Link>
              ) : order.hasReceipt ? (
                <Link to={`/account/receipt.html?orderNumber=${order.orderNumber}`} className="btn-outline text-sm">
                  {t('Receipt')}
                  <span className="sr-only"> {t('for order {{orderNumber}}', { orderNumber: order.orderNumber })}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
