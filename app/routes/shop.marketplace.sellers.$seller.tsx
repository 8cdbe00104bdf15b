import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShopListing } from '~/components/search/ShopListing';
import { pageAccess, PUBLIC_PAGE, sellerHref, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { taxonomy } from '~/modules/catalog/taxonomy.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { marketplaceSearch } from '~/modules/search/shops.server';

/** A marketplace seller's page: who they are, how they ship, and their products (searchable). */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const params = asSearchParams(parseSearchParams(request, searchParamsSchema));
  const slug = /^([a-z0-9-]{1,80})\.html$/.exec(route.seller ?? '')?.[1];
  const seller = slug ? (await taxonomy()).sellerBySlug.get(slug) : undefined;
  if (!seller) throw json({ message: "We don't have that seller." }, { status: 404, headers: shopper.headers });
  const results = await marketplaceSearch({ ...params, seller });
  return json(
    {
      seller,
      results: { ...results, facets: results.facets.filter((f) => f.param !== 'seller') },
      params: { q: params.q || undefined, sort: params.sort, price: params.price, spell: params.spell },
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        `${data.seller.name} — marketplace`,
        `Products sold and shipped by ${data.seller.name}, a marketplace seller: how they ship and what they sell.`,
      )
    : pageMeta('Seller', 'A marketplace seller: how they ship and what they sell.');

export default function SellerPage() {
  const { seller, results, params } = useLoaderData<typeof loader>();
  return (
    <ShopListing
      path={sellerHref(seller.slug)}
      title={seller.name}
      intro={
        <div className="mt-2 text-stone-700">
          <p>{seller.tagline}</p>
          <p className="mt-1 text-sm text-stone-600">
            Ships from {seller.originZip} by {seller.carrier} shipping, handed to the carrier within{' '}
            {seller.handlingDays} business {seller.handlingDays === 1 ? 'day' : 'days'}.
          </p>
        </div>
      }
      results={results}
      params={params}
      searchLabel={`Search ${seller.name}`}
    />
  );
}
