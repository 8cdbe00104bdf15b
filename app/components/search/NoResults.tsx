import { Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/** Where to go from a search that found nothing: popular searches and the departments. */
export interface NoResultsHelp {
  departments: { slug: string; name: string }[];
  searches: string[];
}

/** What a listing shows when a page has nothing: links only (an island on the search page). */
export function NoResults({
  text,
  page,
  firstPage,
  noun = 'products',
  help = null,
  searchHref,
}: {
  text: string;
  page: number;
  firstPage: string;
  noun?: string;
  help?: NoResultsHelp | null;
  /** The search page's links (modules/search/query), passed in to keep query.ts out of this file. */
  searchHref?: (params: { q?: string; department?: string }) => string;
}) {
  const t = useT();
  if (page > 1) {
    return (
      <div className="card mt-4 p-6 text-center">
        <p className="font-semibold">{t(`There are no more ${noun} on this page.`)}</p>
        <Link to={firstPage} className="btn-primary mt-4">
          {t('Back to the first page')}
        </Link>
      </div>
    );
  }
  return (
    <div className="card mt-4 p-6">
      <div className="text-center">
        <h2 className="text-lg font-bold">
          {text ? t(`No ${noun} match “{{text}}”`, { text }) : t(`No ${noun} match these filters`)}
        </h2>
        <p className="mt-2 text-stone-600">{t('Check the spelling, use fewer words, or remove a filter.')}</p>
        <Link to="/shop/aisles.html" className="btn-outline mt-4">
          {t('Browse the aisles')}
        </Link>
      </div>
      {help && searchHref ? (
        <div className="mt-6 grid gap-6 border-t border-stone-200 pt-5 md:grid-cols-2">
          {help.searches.length ? (
            <section aria-labelledby="popular-searches">
              <h3 id="popular-searches" className="font-bold">
                {t('Popular searches')}
              </h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {help.searches.map((search) => (
                  <li key={search}>
                    <Link
                      to={searchHref({ q: search })}
                      className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm hover:border-brand"
                    >
                      {search}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="no-results-departments">
            <h3 id="no-results-departments" className="font-bold">
              {t('Shop by department')}
            </h3>
            <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {help.departments.map((department) => (
                <li key={department.slug}>
                  <Link
                    to={searchHref({ department: department.slug })}
                    className="inline-block py-1 font-semibold text-brand-dark underline"
                  >
                    {department.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </div>
  );
}
