import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE } from '~/modules/access/page-access';
import { requireUserType } from '~/modules/access/shopper.server';
import { aislesForStore } from '~/modules/catalog/aisles.server';
import { parseShopPage } from '~/modules/catalog/shop-pages';
import { currentStore } from '~/modules/stores/current-store.server';

/**
 * Dotted shop pages whose name carries ids (`aisles.1234.html`): React Router matches whole path
 * segments only, so one route reads the segment and serves the page it names.
 */
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  storeIdSelector: true,
  allowGuestAuthentication: true,
  showZipcodeModal: true,
  escapeSSO: true,
});
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const page = parseShopPage(params.page ?? '');
  if (!page) throw json({ message: 'No such page' }, { status: 404, headers: shopper.headers });
  const store = await currentStore(shopper, shopper.pathStoreId);
  const departments = await aislesForStore(store);
  return json(
    {
      store: { id: store.id, name: store.name, city: store.city },
      departments,
      // The header is rendered from the cookie the request arrived with; show the store just set.
      headerStore: shopper.establishedSession
        ? { name: store.name, preference: shopper.session?.info.COMMON.preference ?? null }
        : null,
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Aisles at ${data.store.name}` : 'Aisles' },
];

export default function AislesPage() {
  const { store, departments } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">Aisles at {store.name}</h1>
      <p className="mt-1 text-stone-600">
        Store {store.id}, {store.city}.{' '}
        <Link to="/set-store.html" className="font-semibold text-brand underline">
          Change store
        </Link>
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {departments.map((department) => (
          <section key={department.slug} aria-labelledby={`dept-${department.slug}`} className="card p-4">
            <div className="flex items-center gap-3">
              <img
                src={`/images/products/${department.imageKey}.svg`}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12"
                loading="lazy"
              />
              <h2 id={`dept-${department.slug}`} className="text-lg font-bold">
                {department.name}
              </h2>
            </div>
            <ul className="mt-3 divide-y divide-stone-100">
              {department.aisles.map((aisle) => (
                <li key={aisle.slug}>
                  <Link
                    to={`/shop/search-results.html?aisle=${aisle.slug}`}
                    className="flex items-center justify-between py-2 text-sm hover:text-brand"
                  >
                    <span>{aisle.name}</span>
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
                      {aisle.productCount} {aisle.productCount === 1 ? 'item' : 'items'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
