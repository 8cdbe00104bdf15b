import { Link } from '@remix-run/react';
import type { DepartmentAisles } from '~/modules/catalog/aisles.server';

/** The aisles page: links only (an island on the shop page). */
export function AislesView({
  store,
  departments,
}: {
  store: { id: number; name: string; city: string };
  departments: DepartmentAisles[];
}) {
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
                <Link
                  to={`/shop/search-results.html?department=${department.slug}`}
                  className="hover:text-brand hover:underline"
                >
                  {department.name}
                </Link>
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
