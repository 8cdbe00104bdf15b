/**
 * The wine shop's and the marketplace's product pages (`product-details.{bpn}.html`): shipped goods, so no store id
 * and no location in the path. One module for both pages, which differ only in the product kind (one `.server` module per page keeps empty module files off the browser's download list).
 */
import { json } from '@remix-run/node';
import type { Shopper } from '~/modules/access/shopper.server';
import { addProductsFromPage } from '~/modules/cart/cart-actions.server';
import { AddToCartForm } from '~/modules/catalog/cart-intent';
import { productDetails } from '~/modules/catalog/product-details.server';
import { shippingNote } from '~/modules/catalog/shipping-note';
import { parseShippedProductPage } from '~/modules/catalog/shop-pages';
import { parseForm } from '~/modules/http/forms.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { productArriveBy, shippingZip } from '~/modules/shipping/shipping-estimates.server';
import { currentStore } from '~/modules/stores/current-store.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';

export { requireUserType } from '~/modules/access/shopper.server';

type ShippedKind = 'wine' | 'marketplace';
const NOT_FOUND = 'We could not find that product.';

/** The page's data, for a shopper the route has already let in. */
export async function loadShippedProductPage(
  request: Request,
  shopper: Shopper,
  page: string | undefined,
  kind: ShippedKind,
) {
  const t = serverT(shopper.language, 'shop');
  const bpn = parseShippedProductPage(page ?? '');
  const product =
    bpn === null
      ? null
      : await productDetails(bpn, kind, priceContextFor(null, shopper.host.bannerId), shopper.language);
  if (!product) throw json({ message: t(NOT_FOUND) }, { status: 404, headers: shopper.headers });
  const arriveBy = await productArriveBy(product, {
    zipcode: await shippingZip(request, shopper),
    store: await currentStore(shopper),
    language: shopper.language,
  });
  return json(
    { product, shippingNote: shippingNote(product, t), arriveBy, i18n: pageStrings(shopper.language, ['shop']) },
    { headers: shopper.headers },
  );
}

export async function addFromShippedProductPage(request: Request, shopper: Shopper, page: string | undefined) {
  const t = serverT(shopper.language, 'shop');
  if (parseShippedProductPage(page ?? '') === null) {
    throw json({ message: t(NOT_FOUND) }, { status: 404, headers: shopper.headers });
  }
  const form = await parseForm(request, AddToCartForm);
  // The form's messages (cart-intent.ts) are keys in shop.json; the cart's answers are keys in orders.json.
  if (!form.ok) return json({ message: t(form.message) }, { status: 400, headers: shopper.headers });
  const added = await addProductsFromPage(request, shopper, form.data.productId, form.data.quantity);
  const headers = new Headers(shopper.headers);
  for (const cookie of added.setCookies) headers.append('Set-Cookie', cookie);
  const message = serverT(shopper.language, 'orders')(added.message);
  return json({ message }, { status: added.ok ? 200 : 409, headers });
}
