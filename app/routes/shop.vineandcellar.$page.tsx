import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProductDetailsView } from '~/components/catalog/ProductDetailsView';
import { ArriveByPanel } from '~/components/ShippingEstimate';
import { pageAccess, PUBLIC_PAGE } from '~/components/common-chunk';
import { requireUserType } from '~/modules/access/shopper.server';
import { addProductsFromPage } from '~/modules/cart/cart-actions.server';
import { AddToCartForm } from '~/modules/catalog/cart-intent';
import { productDetails } from '~/modules/catalog/product-details.server';
import { shippingNote } from '~/modules/catalog/shipping-note';
import { parseShippedProductPage } from '~/modules/catalog/shop-pages';
import { parseForm } from '~/modules/http/forms.server';
import { priceContextFor } from '~/modules/search/product-search.server';
import { productArriveBy, shippingZip } from '~/modules/shipping/shipping-estimates.server';
import { currentStore } from '~/modules/stores/current-store.server';

/** wine shop product details: `product-details.{bpn}.html`, no store id and no location (shipped goods). */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const bpn = parseShippedProductPage(params.page ?? '');
  const product = bpn === null ? null : await productDetails(bpn, 'wine', priceContextFor(null, shopper.host.bannerId));
  if (!product) throw json({ message: 'We could not find that product.' }, { status: 404, headers: shopper.headers });
  const arriveBy = await productArriveBy(product, {
    zipcode: await shippingZip(request, shopper),
    store: await currentStore(shopper),
  });
  return json({ product, shippingNote: shippingNote(product), arriveBy }, { headers: shopper.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (parseShippedProductPage(params.page ?? '') === null) {
    throw json({ message: 'We could not find that product.' }, { status: 404, headers: shopper.headers });
  }
  const form = await parseForm(request, AddToCartForm);
  if (!form.ok) return json({ message: form.message }, { status: 400, headers: shopper.headers });
  const added = await addProductsFromPage(request, shopper, form.data.productId, form.data.quantity);
  const headers = new Headers(shopper.headers);
  for (const cookie of added.setCookies) headers.append('Set-Cookie', cookie);
  return json({ message: added.message }, { status: added.ok ? 200 : 409, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.product.name} — wine shop` }, { name: 'description', content: data.product.description }]
    : [{ title: 'Not found' }];

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
