import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import type { DepartmentAisles } from '~/modules/catalog/aisles.server';

/** The aisles page: links only (an island on the shop page). */
export function AislesView({
  store,
  departments,
}: {
  store: { id: number; name: string; city: string };
  departments: DepartmentAisles[];
}) {
  const t = useT();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Aisles at {{store}}', { store: store.name })}</h1>
      <p className="mt-1 text-stone-600">
        {t('Store {{id}}, {{city}}.', { id: store.id, city: store.city })}{' '}
        <Link to="/set-store.html" className="font-semibold text-brand underline">
          {t('Change store')}
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
                  {t(department.name)}
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
                    <span>{t(aisle.name)}</span>
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">
                      {t('{{count}} items', { count: aisle.productCount })}
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
