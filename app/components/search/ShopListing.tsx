import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ProductCard, cardPriority, useT } from '~/components/page-essentials';
import { searchHref } from '~/modules/search/query';
import type { ShopResults } from '~/modules/search/shops.server';
import { FacetGroup } from './Facets';
import { Pagination } from './Pagination';
import { ResultsToolbar } from './ResultsToolbar';
import { ShowingResultsFor } from './ShowingResultsFor';

/** A wine-shop, marketplace or seller listing: search box, facets, sort, grid and pages. */
export function ShopListing({
  path,
  title,
  intro,
  results,
  params,
  searchLabel,
}: {
  path: string;
  title: string;
  intro?: ReactNode;
  results: ShopResults;
  params: Record<string, string | undefined>;
  searchLabel: string;
}) {
  const t = useT();
  const hrefWith = (changes: Record<string, string | null>) =>
    searchHref(path, {
      ...params,
      page: undefined,
      ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? undefined])),
    });
  const facets = results.facets.map((group) => (
    <FacetGroup key={group.param} title={group.name} options={group.options} param={group.param} hrefWith={hrefWith} />
  ));
  const { q: _q, sort: _sort, page: _page, ...filters } = params;
  void _q;
  void _sort;
  void _page;
  return (
    <div className="container-page py-6 md:py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{title}</h1>
      {intro}
      <ShowingResultsFor
        query={results.query}
        exactHref={searchHref(path, { ...params, spell: 'off', page: undefined })}
      />
      <Form method="get" action={path} role="search" aria-label={searchLabel} className="mt-4 flex max-w-xl gap-2">
        {Object.entries(filters).map(([name, value]) =>
          value && name !== 'spell' ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <label htmlFor="shop-search" className="sr-only">
          {searchLabel}
        </label>
        <input
          id="shop-search"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder={searchLabel}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
        />
        <button type="submit" className="btn-primary">
          {t('Search')}
        </button>
      </Form>
      <div className="mt-6 grid gap-x-6 gap-y-4 lg:grid-cols-[15rem_1fr]">
        {/* Rendered once: a disclosure below lg, an open sidebar from lg (`.filters`). */}
        <aside aria-label={t('Filters')}>
          <details className="filters">
            <summary>{t('Filters')}</summary>
            <div>{facets}</div>
          </details>
        </aside>
        <div className="min-w-0">
          <ResultsToolbar
            action={path}
            total={results.total}
            noun={['item', 'items']}
            sort={results.sort}
            hidden={{ ...filters, q: params.q }}
          />
          <h2 className="sr-only">{t('Products')}</h2>
          {results.items.length ? (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={t('Products')}>
              {results.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={cardPriority(index)} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="card mt-4 p-6 text-center">
              <h2 className="text-lg font-bold">
                {params.q ? t('Nothing matches “{{query}}”', { query: params.q }) : t('Nothing matches these filters')}
              </h2>
              <p className="mt-2 text-stone-600">{t('Check the spelling, use fewer words, or remove a filter.')}</p>
            </div>
          )}
          <Pagination
            page={results.page}
            pageCount={results.pageCount}
            hrefFor={(page) => hrefWith({ page: String(page) })}
          />
        </div>
      </div>
    </div>
  );
}
