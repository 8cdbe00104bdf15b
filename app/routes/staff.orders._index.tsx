import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/page-essentials';
import { StaffErrorPage } from '~/components/StaffErrorPage';
import { STAFF_ROLES, staffAccess } from '~/modules/access/staff-access';
import { requireStaff, requireStaffAtStore } from '~/modules/access/staff.server';
import { claimOrder, storeQueue } from '~/modules/fulfilment/order-queue.server';
import { FULFILMENT_REFUSALS, statusLabel } from '~/modules/fulfilment/order-states';
import { claimFormSchema, queueQuerySchema } from '~/modules/fulfilment/staff-forms';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';

/** A store's order queue: today's and tomorrow's orders by slot, oldest first; a picker claims one here. */
export const access = staffAccess({ roles: STAFF_ROLES });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, queueQuerySchema);
  const store = requireStaffAtStore(staff, query.store, STAFF_ROLES);
  const queue = await storeQueue({ staffId: staff.customerId, storeId: store.storeId, roles: store.roles }, query);
  const headers = new Headers(staff.headers);
  headers.set('Cache-Control', 'no-store');
  return json({ store, query, queue: queue! }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, access);
  const query = parseSearchParams(request, queueQuerySchema);
  const store = requireStaffAtStore(staff, query.store, STAFF_ROLES);
  const form = await parseForm(request, claimFormSchema);
  if (!form.ok) return json({ error: form.message }, { status: 400, headers: staff.headers });
  const who = { staffId: staff.customerId, storeId: store.storeId, roles: store.roles };
  const claimed = await claimOrder(who, form.data.orderNumber);
  if (!claimed.ok)
    return json(
      { error: FULFILMENT_REFUSALS[claimed.code] },
      { status: claimed.code === 'NOT_FOUND' ? 404 : 409, headers: staff.headers },
    );
  return redirect(`/staff/orders/${form.data.orderNumber}?store=${store.storeId}`, { headers: staff.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Orders at ${data.store.storeName}` : 'Orders', "Today's and tomorrow's orders at the store.");

export default function StaffOrdersPage() {
  const { store, query, queue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const canClaim = store.roles.includes('picker') || store.roles.includes('manager');
  const base = `/staff/orders?store=${store.storeId}`;
  return (
    <div className="container-page py-8">
      <Link to="/staff" className="text-sm font-semibold text-brand-dark hover:underline">
        ← Your stores
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold md:text-3xl">Orders at {store.storeName}</h1>
      <nav className="mt-3 flex gap-2 text-sm" aria-label="Which orders">
        {(['open', 'all'] as const).map((show) => (
          <Link
            key={show}
            to={`${base}&show=${show}`}
            aria-current={query.show === show ? 'page' : undefined}
            className={`rounded-full px-3 py-1 font-semibold ${
              query.show === show ? 'bg-brand text-white' : 'border border-stone-300 text-stone-800'
            }`}
          >
            {show === 'open' ? 'Still to do' : "The day's orders"}
          </Link>
        ))}
        <Link to={`${base}&show=${query.show}&page=${query.page}`} className="ml-auto font-semibold underline">
          Refresh
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
        {queue.total === 1 ? '1 order' : `${queue.total} orders`} today and tomorrow
        {query.show === 'open' ? ' still to pick, pack or hand over' : ''}.
      </p>
      {queue.orders.length === 0 ? (
        <p className="mt-6 text-stone-700">Nothing waiting. New orders appear here when shoppers place them.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Orders">
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
                    {statusLabel(order.status)}
                  </span>
                </p>
                <p className="text-sm text-stone-700">
                  {order.pickup ? 'DriveUp & Go' : 'Delivery'} · {order.slotLabel} ·{' '}
                  {order.units === 1 ? '1 item' : `${order.units} items`}
                  {order.picker ? ` · Picker: ${order.picker.mine ? 'you' : order.picker.name}` : ''}
                </p>
                {order.checkedIn ? (
                  <p className="text-sm font-semibold text-green-900">
                    Shopper is here: parking spot {order.parkingSpot}
                  </p>
                ) : null}
              </div>
              {canClaim && order.status === 'PENDING' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="claim" />
                  <input type="hidden" name="orderNumber" value={order.orderNumber} />
                  <button type="submit" className="btn-primary">
                    Claim<span className="sr-only"> order {order.orderNumber}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {queue.pages > 1 ? (
        <nav className="mt-6 flex items-center gap-3 text-sm" aria-label="Pages">
          {queue.page > 1 ? (
            <Link to={`${base}&show=${query.show}&page=${queue.page - 1}`} className="btn-outline">
              Earlier
            </Link>
          ) : null}
          <span>
            Page {queue.page} of {queue.pages}
          </span>
          {queue.page < queue.pages ? (
            <Link to={`${base}&show=${query.show}&page=${queue.page + 1}`} className="btn-outline">
              Later
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = StaffErrorPage;
