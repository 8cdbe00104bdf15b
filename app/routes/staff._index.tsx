import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
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
  return json({ name: staff.name, stores: staff.stores, i18n: pageStrings(staff.language, ['staff']) }, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your stores'), t('The stores you work at and your roles there.'));
};

export default function StaffHomePage() {
  const { name, stores } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your stores')}</h1>
      <p className="mt-2 text-stone-700">
        {t('Signed in as {{name}}. Open a store’s orders to pick, deliver or hand them over.', { name })}
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label={t('Stores you work at')}>
        {stores.map((store) => (
          <li key={store.storeId} className="card flex flex-col gap-3 p-4" data-testid="staff-store">
            <h2 className="text-lg font-bold">{store.storeName}</h2>
            <p className="text-sm text-stone-700">{t('Store {{id}}', { id: store.storeId })}</p>
            <div>
              <h3 className="text-sm font-semibold text-stone-800">{t('Your roles')}</h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {store.roles.map((role) => (
                  <li key={role} className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-900">
                    {t(STAFF_ROLE_LABELS[role])}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={`/staff/orders?store=${store.storeId}`} className="btn-primary">
                {t('Orders at {{store}}', { store: store.storeName })}
              </Link>
              {store.roles.includes('manager') ? (
                <Link to={`/staff/store?store=${store.storeId}`} className="btn-outline">
                  {t('Manage {{store}}', { store: store.storeName })}
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
