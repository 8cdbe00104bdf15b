import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShopListing } from '~/components/search/ShopListing';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
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
  const params = parseSearchParams(request, Params) as SearchParams & { varietal?: string; region?: string };
  const results = await wineSearch(params);
  return json(
    {
      results,
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

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.params.q
    ? pageMeta(`${data.params.q} — wine shop`, `Wines matching “${data.params.q}”, shipped to your door.`)
    : pageMeta('Wine shop', 'Wines from the wine shop, shipped to your door.');

export default function WineSearchPage() {
  const { results, params } = useLoaderData<typeof loader>();
  return (
    <ShopListing
      path="/shop/vineandcellar/search-results.html"
      title={params.q ? `Wine: “${searchedText(results.query)}”` : 'Wine shop'}
      intro={
        <p className="mt-1 text-stone-600">
          Shipped to your door by our wine cellar. An adult (21+) signs for delivery.
        </p>
      }
      results={results}
      params={params}
      searchLabel="Search wines"
    />
  );
}
