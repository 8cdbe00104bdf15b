import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/components/page-essentials';
import { StaffErrorPage } from '~/components/StaffErrorPage';
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffAccess } from '~/modules/access/staff-access';
import { requireStaff } from '~/modules/access/staff.server';

/** A staff member's home: the stores they work at, their roles there, and each store's orders. */
export const access = staffAccess({ roles: STAFF_ROLES });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, access);
  const headers = new Headers(staff.headers);
  headers.set('Cache-Control', 'no-store');
  return json({ name: staff.name, stores: staff.stores }, { headers });
}

export const meta: MetaFunction = () => pageMeta('Your stores', 'The stores you work at and your roles there.');

export default function StaffHomePage() {
  const { name, stores } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">Your stores</h1>
      <p className="mt-2 text-stone-700">
        Signed in as {name}. Open a store&rsquo;s orders to pick, deliver or hand them over.
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Stores you work at">
        {stores.map((store) => (
          <li key={store.storeId} className="card flex flex-col gap-3 p-4" data-testid="staff-store">
            <h2 className="text-lg font-bold">{store.storeName}</h2>
            <p className="text-sm text-stone-700">Store {store.storeId}</p>
            <div>
              <h3 className="text-sm font-semibold text-stone-800">Your roles</h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {store.roles.map((role) => (
                  <li key={role} className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-900">
                    {STAFF_ROLE_LABELS[role]}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={`/staff/orders?store=${store.storeId}`} className="btn-primary">
                Orders at {store.storeName}
              </Link>
              {store.roles.includes('manager') ? (
                <Link to={`/staff/store?store=${store.storeId}`} className="btn-outline">
                  Manage {store.storeName}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const ErrorBoundary = StaffErrorPage;
