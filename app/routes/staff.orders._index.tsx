import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { StaffErrorPage } from '~/components/StaffErrorPage';
import { STAFF_ROLES, staffAccess } from '~/modules/access/staff-access';
import { requireStaff, requireStaffAtStore } from '~/modules/access/staff.server';
import { claimOrder, storeQueue } from '~/modules/fulfilment/order-queue.server';
import { FULFILMENT_REFUSALS, statusLabel } from '~/modules/fulfilment/order-states';
import { claimFormSchema, queueQuerySchema } from '~/modules/fulfilment/staff-forms';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';

/** A store's order queue: today's and tomorrow's orders by slot, oldest first; a picker claims one here. */
export const access = staffAccess({ roles: STAFF_ROLES });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, queueQuerySchema, staff.language);
  const store = requireStaffAtStore(staff, query.store, STAFF_ROLES);
  const who = { staffId: staff.customerId, storeId: store.storeId, roles: store.roles };
  const queue = await storeQueue(who, query, new Date(), staff.language);
  const headers = new Headers(staff.headers);
  headers.set('Cache-Control', 'no-store');
  return json({ store, query, queue: queue!, i18n: pageStrings(staff.language, ['staff']) }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, queueQuerySchema, staff.language);
  const store = requireStaffAtStore(staff, query.store, STAFF_ROLES);
  const form = await parseForm(request, claimFormSchema);
  const t = serverT(staff.language, 'staff');
  if (!form.ok) return json({ error: t(form.message) }, { status: 400, headers: staff.headers });
  const who = { staffId: staff.customerId, storeId: store.storeId, roles: store.roles };
  const claimed = await claimOrder(who, form.data.orderNumber);
  if (!claimed.ok)
    return json(
      { error: t(FULFILMENT_REFUSALS[claimed.code]) },
      { status: claimed.code === 'NOT_FOUND' ? 404 : 409, headers: staff.headers },
    );
  return redirect(`/staff/orders/${form.data.orderNumber}?store=${store.storeId}`, { headers: staff.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('Orders at {{store}}', { store: data.store.storeName }) : t('Orders'),
    t("Today's and tomorrow's orders at the store."),
  );
};

export default function StaffOrdersPage() {
  const { store, query, queue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const canClaim = store.roles.includes('picker') || store.roles.includes('manager');
  const base = `/staff/orders?store=${store.storeId}`;
  return (
    <div className="container-page py-8">
      <Link to="/staff" className="text-sm font-semibold text-brand-dark hover:underline">
        ← {t('Your stores')}
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold md:text-3xl">
        {t('Orders at {{store}}', { store: store.storeName })}
      </h1>
      <nav className="mt-3 flex gap-2 text-sm" aria-label={t('Which orders')}>
        {(['open', 'all'] as const).map((show) => (
          <Link
            key={show}
            to={`${base}&show=${show}`}
            aria-current={query.show === show ? 'page' : undefined}
            className={`rounded-full px-3 py-1 font-semibold ${
              query.show === show ? 'bg-brand text-white' : 'border border-stone-300 text-stone-800'
            }`}
          >
            {show === 'open' ? t('Still to do') : t("The day's orders")}
          </Link>
        ))}
        <Link to={`${base}&show=${query.show}&page=${query.page}`} className="ml-auto font-semibold underline">
          {t('Refresh')}
        </Link>
      </nav>
      {answer?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {answer.error}
        </p>
      ) : null}
      <p className="mt-4 text-sm text-stone-700" data-testid="queue-count">
        {query.show === 'open'
          ? t('{{count}} orders today and tomorrow still to pick, pack or hand over.', { count: queue.total })
          : t('{{count}} orders today and tomorrow.', { count: queue.total })}
      </p>
      {queue.orders.length === 0 ? (
        <p className="mt-6 text-stone-700">{t('Nothing waiting. New orders appear here when shoppers place them.')}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={t('Orders')}>
          {queue.orders.map((order) => (
            <li
              key={order.orderNumber}
              className="card flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="queue-order"
              data-order={order.orderNumber}
            >
              <div>
                <p className="font-bold">
                  <Link to={`/staff/orders/${order.orderNumber}?store=${store.storeId}`} className="underline">
                    {order.orderNumber}
                  </Link>{' '}
                  <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-900">
                    {t(statusLabel(order.status))}
                  </span>
                </p>
                <p className="text-sm text-stone-700">
                  {order.pickup ? 'DriveUp & Go' : t('Delivery')} · {order.slotLabel} ·{' '}
                  {t('{{count}} items', { count: order.units })}
                  {order.picker
                    ? ` · ${order.picker.mine ? t('Picker: you') : t('Picker: {{name}}', { name: order.picker.name })}`
                    : ''}
                </p>
                {order.checkedIn ? (
                  <p className="text-sm font-semibold text-green-900">
                    {t('Shopper is here: parking spot {{spot}}', { spot: order.parkingSpot ?? '' })}
                  </p>
                ) : null}
              </div>
              {canClaim && order.status === 'PENDING' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="claim" />
                  <input type="hidden" name="orderNumber" value={order.orderNumber} />
                  <button type="submit" className="btn-primary">
                    {t('Claim')}
                    <span className="sr-only"> {t('order {{number}}', { number: order.orderNumber })}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {queue.pages > 1 ? (
        <nav className="mt-6 flex items-center gap-3 text-sm" aria-label={t('Pages')}>
          {queue.page > 1 ? (
            <Link to={`${base}&show=${query.show}&page=${queue.page - 1}`} className="btn-outline">
              {t('Earlier')}
            </Link>
          ) : null}
          <span>{t('Page {{page}} of {{pages}}', { page: queue.page, pages: queue.pages })}</span>
          {queue.page < queue.pages ? (
            <Link to={`${base}&show=${query.show}&page=${queue.page + 1}`} className="btn-outline">
              {t('Later')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = StaffErrorPage;
