import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ProductCard, pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { pageStore } from '~/modules/catalog/page-store.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { ShowingResultsFor } from '~/components/search/ShowingResultsFor';
import { searchedText, searchHref } from '~/modules/search/query';
import { countLabel } from '~/modules/search/search-options';
import { crossSellerParamsSchema as Params } from '~/modules/search/query-schema';
import { crossSellerSearch } from '~/modules/search/shops.server';

const PATH = '/shop/cross-seller-search-results.html';

/** One search across the grocery shop, marketplace sellers and the wine shop: a section per source. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, showZipcodeModal: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { q, spell } = parseSearchParams(request, Params);
  const { store, headerStore } = await pageStore(shopper);
  return json({ ...(await crossSellerSearch(store, q, spell === 'off')), headerStore }, { headers: shopper.headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.query.text
    ? pageMeta(
        `${data.query.text} — everywhere`,
        `“${data.query.text}” in the grocery aisles, the wine shop and the marketplace at once.`,
      )
    : pageMeta('Search every shop', 'Search the grocery aisles, the wine shop and the marketplace at once.');

export default function CrossSellerSearchPage() {
  const { query, sections } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 md:py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">
        {query.text ? `Everything for “${searchedText(query)}”` : 'Search every shop'}
      </h1>
      <p className="mt-1 text-stone-600">Groceries, marketplace sellers and the wine shop in one search.</p>
      <ShowingResultsFor query={query} exactHref={searchHref(PATH, { q: query.text, spell: 'off' })} />
      <Form method="get" role="search" aria-label="Search every shop" className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="cross-search" className="sr-only">
          Search every shop
        </label>
        <input
          id="cross-search"
          name="q"
          type="search"
          defaultValue={query.text}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {query.text && sections.length === 0 ? (
        <p className="mt-6 text-stone-700">That search has no letters or numbers. Type a product, brand or seller.</p>
      ) : null}
      {sections.map((section) => (
        <section key={section.source} aria-labelledby={`section-${section.source}`} className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id={`section-${section.source}`} className="text-xl font-bold">
              {section.title}{' '}
              <span className="text-base font-semibold text-stone-600">({countLabel(section.total)})</span>
            </h2>
            {section.total > section.items.length ? (
              <Link to={section.moreHref} className="text-sm font-semibold text-brand-dark underline">
                See all {countLabel(section.total)}
              </Link>
            ) : null}
          </div>
          {section.items.length ? (
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
              {section.items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-stone-600">Nothing here matches.</p>
          )}
        </section>
      ))}
    </div>
  );
}
