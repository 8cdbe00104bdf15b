import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ShopListing } from '~/components/search/ShopListing';
import { pageAccess, PUBLIC_PAGE, sellerHref, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { translatePriceGroups } from '~/modules/search/facet-labels.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { sellerIn, taxonomy } from '~/modules/catalog/taxonomy.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { searchedText, searchParamsSchema, type SearchParams } from '~/modules/search/query';
import { marketplaceSearch } from '~/modules/search/shops.server';

/** Marketplace search by seller and q; marketplace pages take no location parameter. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const t = serverT(shopper.language, 'shop');
  const params = parseSearchParams(request, searchParamsSchema, shopper.language) as SearchParams;
  const tax = await taxonomy();
  const seller = params.seller ? tax.sellerBySlug.get(params.seller) : undefined;
  if (params.seller && !seller) {
    throw json(
      { message: t("We don't have that seller. Browse the marketplace instead.") },
      { status: 404, headers: shopper.headers },
    );
  }
  const results = await marketplaceSearch({ ...params, seller });
  return json(
    {
      results: { ...results, facets: translatePriceGroups(results.facets, t) },
      i18n: pageStrings(shopper.language, ['shop']),
      seller: seller ? sellerIn(shopper.language, seller) : null,
      sellers: seller ? [] : tax.sellers.slice(0, 12).map((s) => ({ slug: s.slug, name: s.name })),
      params: {
        q: params.q || undefined,
        sort: params.sort,
        seller: params.seller,
        price: params.price,
        spell: params.spell,
      },
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data?.params.q
    ? pageMeta(
        t('{{query}} — marketplace', { query: data.params.q }),
        t('Marketplace products matching “{{query}}”, shipped by their sellers.', { query: data.params.q }),
      )
    : pageMeta(t('Marketplace'), t('Products from marketplace sellers, shipped to your door.'));
};

export default function MarketplaceSearchPage() {
  const { results, params, seller, sellers } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShopListing
      path="/shop/marketplace/search-results.html"
      title={
        seller
          ? `${seller.name}${params.q ? `: “${searchedText(results.query)}”` : ''}`
          : params.q
            ? t('Marketplace: “{{query}}”', { query: searchedText(results.query) })
            : t('Marketplace')
      }
      intro={
        <>
          <p className="mt-1 text-stone-600">{t('Specialty goods sold and shipped by independent sellers.')}</p>
          {sellers.length ? (
            <ul className="mt-3 flex gap-2 overflow-x-auto pb-2" aria-label={t('Sellers')}>
              {sellers.map((s) => (
                <li key={s.slug} className="shrink-0">
                  <Link
                    to={sellerHref(s.slug)}
                    className="block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm hover:border-brand"
                  >
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      }
      results={results}
      params={params}
      searchLabel={seller ? t('Search {{seller}}', { seller: seller.name }) : t('Search the marketplace')}
    />
  );
}
