import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShopListing } from '~/components/search/ShopListing';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { translatePriceGroups } from '~/modules/search/facet-labels.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { searchedText, type SearchParams } from '~/modules/search/query';
import { wineSearchParamsSchema as Params } from '~/modules/search/query-schema';
import { wineSearch } from '~/modules/search/shops.server';

/** Wine shop search by q; wine ships direct, so the page takes no location parameter. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const params = parseSearchParams(request, Params, shopper.language) as SearchParams & {
    varietal?: string;
    region?: string;
  };
  const results = await wineSearch(params);
  const t = serverT(shopper.language, 'shop');
  return json(
    {
      results: { ...results, facets: translatePriceGroups(results.facets, t) },
      i18n: pageStrings(shopper.language, ['shop']),
      params: {
        q: params.q || undefined,
        sort: params.sort,
        varietal: params.varietal,
        region: params.region,
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
        t('{{query}} — wine shop', { query: data.params.q }),
        t('Wines matching “{{query}}”, shipped to your door.', { query: data.params.q }),
      )
    : pageMeta(t('Wine shop'), t('Wines from the wine shop, shipped to your door.'));
};

export default function WineSearchPage() {
  const { results, params } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShopListing
      path="/shop/vineandcellar/search-results.html"
      title={params.q ? t('Wine: “{{query}}”', { query: searchedText(results.query) }) : t('Wine shop')}
      intro={
        <p className="mt-1 text-stone-600">
          {t('Shipped to your door by our wine cellar. An adult (21+) signs for delivery.')}
        </p>
      }
      results={results}
      params={params}
      searchLabel={t('Search wines')}
    />
  );
}
