import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProductDetailsView } from '~/components/catalog/ProductDetailsView';
import { ArriveByPanel } from '~/components/ShippingEstimate';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import {
  addFromShippedProductPage,
  loadShippedProductPage,
  requireUserType,
} from '~/pages/shipped-product-page.server';

/** wine shop product details: `product-details.{bpn}.html`, no store id and no location (shipped goods). */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return loadShippedProductPage(request, shopper, params.page, 'wine');
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return addFromShippedProductPage(request, shopper, params.page);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data
    ? pageMeta(t('{{name}} — wine shop', { name: data.product.name }), data.product.description)
    : pageMeta(t('Not found'), t('We could not find that wine.'));
};

export default function ProductPage() {
  const { product, shippingNote, arriveBy } = useLoaderData<typeof loader>();
  return (
    <ProductDetailsView
      product={product}
      storeName={null}
      shippingNote={shippingNote}
      arriveBy={arriveBy ? <ArriveByPanel arrive={arriveBy} /> : null}
    />
  );
}
