import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ProductCard, pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
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
  const { q, spell } = parseSearchParams(request, Params, shopper.language);
  const { store, headerStore } = await pageStore(shopper);
  return json(
    {
      ...(await crossSellerSearch(store, q, spell === 'off')),
      headerStore,
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data?.query.text
    ? pageMeta(
        t('{{query}} — everywhere', { query: data.query.text }),
        t('“{{query}}” in the grocery aisles, the wine shop and the marketplace at once.', { query: data.query.text }),
      )
    : pageMeta(t('Search every shop'), t('Search the grocery aisles, the wine shop and the marketplace at once.'));
};

/** The sections' titles are fixed wording, the grocery one with the store's name in it. */
function sectionTitle(title: string, t: ReturnType<typeof useT>): string {
  const groceries = /^Groceries at (.+)$/.exec(title);
  return groceries ? t('Groceries at {{store}}', { store: groceries[1]! }) : t(title);
}

export default function CrossSellerSearchPage() {
  const { query, sections } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page py-6 md:py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">
        {query.text ? t('Everything for “{{query}}”', { query: searchedText(query) }) : t('Search every shop')}
      </h1>
      <p className="mt-1 text-stone-600">{t('Groceries, marketplace sellers and the wine shop in one search.')}</p>
      <ShowingResultsFor query={query} exactHref={searchHref(PATH, { q: query.text, spell: 'off' })} />
      <Form method="get" role="search" aria-label={t('Search every shop')} className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="cross-search" className="sr-only">
          {t('Search every shop')}
        </label>
        <input
          id="cross-search"
          name="q"
          type="search"
          defaultValue={query.text}
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm"
        />
        <button type="submit" className="btn-primary">
          {t('Search')}
        </button>
      </Form>
      {query.text && sections.length === 0 ? (
        <p className="mt-6 text-stone-700">
          {t('That search has no letters or numbers. Type a product, brand or seller.')}
        </p>
      ) : null}
      {sections.map((section) => (
        <section key={section.source} aria-labelledby={`section-${section.source}`} className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id={`section-${section.source}`} className="text-xl font-bold">
              {sectionTitle(section.title, t)}{' '}
              <span className="text-base font-semibold text-stone-600">({countLabel(section.total)})</span>
            </h2>
            {section.total > section.items.length ? (
              <Link to={section.moreHref} className="text-sm font-semibold text-brand-dark underline">
                {t('See all {{total}}', { total: countLabel(section.total) })}
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
            <p className="mt-2 text-sm text-stone-600">{t('Nothing here matches.')}</p>
          )}
        </section>
      ))}
    </div>
  );
}
