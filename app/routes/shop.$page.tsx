import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { ProductDetailsView } from '~/components/catalog/ProductDetailsView';
import { deferred, island, pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { AddToCartForm } from '~/modules/catalog/cart-intent';
import { Location } from '~/modules/catalog/shop-page-schema';
import { parseShopPage } from '~/modules/catalog/shop-pages';
import { parseOfferDetailsPage } from '~/modules/offers/offer-pages';
import {
  json,
  AislesViewOnServer,
  OfferDetailsViewOnServer,
  requireUserType,
  aislesForStore,
  addProductsFromPage,
  pageStore,
  productDetails,
  parseForm,
  parseSearchParams,
  offerDetailsPage,
  priceContextFor,
  readContentMode,
  storefrontMoment,
  allergyWarnings,
  pageStrings,
  serverT,
} from '~/pages/shop-page.server';

// Offer pages are few: product and aisle pages do not load the offer view's code.
const OfferDetailsView = deferred(
  OfferDetailsViewOnServer,
  async () => (await import('~/components/OfferDetailsView')).OfferDetailsView,
);

// The aisles page is links only: product pages do not load its code, and an aisles page loads it when it changes.
const AislesPage = island(AislesViewOnServer, async () => (await import('~/components/catalog/AislesView')).AislesView);

/**
 * Dotted shop pages whose name carries ids (`aisles.1234.html`, `product-details.960000001.html`,
 * `product-details.1234.960000001.html`): React Router matches whole path segments only, so one
 * route reads the segment and serves the page it names.
 */
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  storeIdSelector: true,
  allowGuestAuthentication: true,
  showZipcodeModal: true,
  escapeSSO: true,
  syndicatedHeader: true,
});
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (parseOfferDetailsPage(params.page ?? '')) {
    const { offer, notice, headers, headerClippedOffers } = await offerDetailsPage(request, shopper, params.page ?? '');
    // The offer's products are cards: the shop's strings too.
    const i18n = pageStrings(shopper.language, ['shop', 'offers']);
    return json({ page: 'offer' as const, offer, notice, i18n, headerClippedOffers }, { headers });
  }
  const page = parseShopPage(params.page ?? '');
  if (!page) throw json({ message: 'No such page' }, { status: 404, headers: shopper.headers });
  if (page.kind === 'aisles') {
    const { store, headerStore } = await pageStore(shopper);
    const departments = await aislesForStore(store);
    return json(
      {
        page: 'aisles' as const,
        store: { id: store.id, name: store.name, city: store.city },
        departments,
        headerStore,
        i18n: pageStrings(shopper.language, ['shop']),
      },
      { headers: shopper.headers },
    );
  }
  const { loc } = parseSearchParams(request, Location, shopper.language);
  const { store, headerStore } = await pageStore(shopper, loc);
  const moment = storefrontMoment(await readContentMode(request, shopper.host.siteType));
  const product = await productDetails(
    page.bpn,
    'grocery',
    priceContextFor(store, store.banner_id, moment),
    shopper.language,
  );
  if (!product) throw json({ message: 'We could not find that product.' }, { status: 404, headers: shopper.headers });
  const warnings = await allergyWarnings(shopper, [product.id, ...product.related.map((card) => card.id)]);
  return json(
    {
      page: 'product' as const,
      store: { id: store.id, name: store.name, city: store.city },
      product: {
        ...product,
        allergyWarning: warnings[product.id] ?? null,
        related: product.related.map((card) => ({ ...card, allergyWarning: warnings[card.id] })),
      },
      headerStore,
      i18n: pageStrings(shopper.language, ['shop']),
    },
    { headers: shopper.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (parseShopPage(params.page ?? '')?.kind !== 'product') {
    throw json({ message: 'This page has no form.' }, { status: 405, headers: shopper.headers });
  }
  const form = await parseForm(request, AddToCartForm);
  // The form's messages (cart-intent.ts) are keys in shop.json.
  if (!form.ok)
    return json(
      { message: serverT(shopper.language, 'shop')(form.message) },
      { status: 400, headers: shopper.headers },
    );
  const added = await addProductsFromPage(request, shopper, form.data.productId, form.data.quantity);
  const headers = new Headers(shopper.headers);
  for (const cookie of added.setCookies) headers.append('Set-Cookie', cookie);
  return json({ message: added.message }, { status: added.ok ? 200 : 409, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  if (!data) return pageMeta(t('Not found'), t('We could not find that page in the store.'));
  if (data.page === 'offer') return pageMeta(data.offer.title, data.offer.description);
  if (data.page === 'product') return pageMeta(`${data.product.name} — ${data.store.name}`, data.product.description);
  return pageMeta(
    t('Aisles at {{store}}', { store: data.store.name }),
    t('Browse every aisle and department at {{store}}.', { store: data.store.name }),
  );
};

export default function ShopPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const t = useT();
  if (data.page === 'offer')
    return (
      <OfferDetailsView
        offer={data.offer}
        notice={data.notice}
        returnTo={location.pathname}
        backHref="/foru/coupons-deals.html"
        backLabel={t('All coupons & deals')}
      />
    );
  if (data.page === 'product')
    return <ProductDetailsView product={data.product} storeName={data.store.name} shippingNote={null} />;
  return <AislesPage store={data.store} departments={data.departments} />;
}
