import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShopListing } from '~/components/search/ShopListing';
import { pageAccess, PUBLIC_PAGE, sellerHref, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { translatePriceGroups } from '~/modules/search/facet-labels.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { sellerIn, taxonomy } from '~/modules/catalog/taxonomy.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { asSearchParams, searchParamsSchema } from '~/modules/search/query';
import { marketplaceSearch } from '~/modules/search/shops.server';
import { shippingService } from '~/modules/catalog/shipping-note';

/** A marketplace seller's page: who they are, how they ship, and their products (searchable). */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params: route }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const t = serverT(shopper.language, 'shop');
  const params = asSearchParams(parseSearchParams(request, searchParamsSchema, shopper.language));
  const slug = /^([a-z0-9-]{1,80})\.html$/.exec(route.seller ?? '')?.[1];
  const seller = slug ? (await taxonomy()).sellerBySlug.get(slug) : undefined;
  if (!seller) throw json({ message: t("We don't have that seller.") }, { status: 404, headers: shopper.headers });
  const results = await marketplaceSearch({ ...params, seller });
  return json(
    {
      seller: sellerIn(shopper.language, seller),
      results: {
        ...results,
        facets: translatePriceGroups(
          results.facets.filter((f) => f.param !== 'seller'),
          t,
        ),
      },
      i18n: pageStrings(shopper.language, ['shop']),
      params: { q: params.q || undefined, sort: params.sort, price: params.price, spell: params.spell },
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data
    ? pageMeta(
        t('{{seller}} — marketplace', { seller: data.seller.name }),
        t('Products sold and shipped by {{seller}}, a marketplace seller: how they ship and what they sell.', {
          seller: data.seller.name,
        }),
      )
    : pageMeta(t('Seller'), t('A marketplace seller: how they ship and what they sell.'));
};

export default function SellerPage() {
  const { seller, results, params } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShopListing
      path={sellerHref(seller.slug)}
      title={seller.name}
      intro={
        <div className="mt-2 text-stone-700">
          <p>{seller.tagline}</p>
          <p className="mt-1 text-sm text-stone-600">
            {t('Ships from {{zip}} by {{shipping}}, handed to the carrier within {{count}} business days.', {
              zip: seller.originZip,
              shipping: shippingService(seller.carrier, t),
              count: seller.handlingDays,
            })}
          </p>
        </div>
      }
      results={results}
      params={params}
      searchLabel={t('Search {{seller}}', { seller: seller.name })}
    />
  );
}
