import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { requireUserType } from '~/modules/access/shopper.server';
import { myList } from '~/modules/offers/offers.server';
import { offerViewer } from '~/modules/offers/offer-viewer.server';
import { offerWordsIn } from '~/modules/offers/offer-language.server';
import { pageStrings } from '~/modules/i18n/translations.server';
import { ClipButton } from '~/components/OfferCard';

/** My list: the customer's clipped offers and the products they apply to. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const viewer = await offerViewer(request, shopper);
  const offers = viewer.customerId === null ? [] : await myList({ ...viewer, customerId: viewer.customerId });
  return json(
    {
      offers: offers.map((offer) => offerWordsIn(shopper.language, offer)),
      i18n: pageStrings(shopper.language, ['offers']),
    },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('My list'), t('The coupons you clipped; they come off at checkout.'));
};

export default function MyListPage() {
  const { offers } = useLoaderData<typeof loader>();
  const t = useT();
  // An unclipped offer's card (and its status region) leaves the list when the list reloads: the page's own
  // region, in the page from the start, says which offers went (WCAG 4.1.3).
  const [said, setSaid] = useState('');
  const shown = useRef(offers);
  useEffect(() => {
    const gone = shown.current.filter((offer) => !offers.some((still) => still.id === offer.id));
    shown.current = offers;
    if (gone.length > 0)
      setSaid(gone.map((offer) => t('Removed from your list: {{title}}', { title: offer.title })).join(' '));
  }, [offers, t]);
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('My list')}</h1>
      <p role="status" className="sr-only" data-testid="my-list-status">
        {said}
      </p>
      <p className="mt-1 text-stone-600" data-testid="my-list-count">
        {t('{{count}} clipped offers', { count: offers.length })}
      </p>
      {offers.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{t('Nothing clipped yet.')}</p>
          <Link to="/foru/coupons-deals.html" className="btn-primary mt-4">
            {t('Browse coupons & deals')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {offers.map((offer) => (
            <li
              key={offer.id}
              id={`offer-${offer.id}`}
              className="card flex min-w-0 flex-col gap-3 p-4"
              data-testid="my-list-offer"
            >
              <div className="flex gap-4">
                <img
                  src={`/images/products/${offer.imageKey}.svg`}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="h-16 w-16 shrink-0 rounded-xl bg-stone-50 p-1"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-extrabold text-brand-dark">{offer.valueLabel}</p>
                  <h2 className="font-semibold leading-snug">
                    <Link to={`/foru/offer-details.${offer.id}.html`} className="hover:text-brand hover:underline">
                      {offer.title}
                    </Link>
                  </h2>
                  <p className="text-xs text-stone-500">{offer.expires}</p>
                </div>
                <div className="w-32 shrink-0">
                  <ClipButton offerId={offer.id} clipped returnTo="/foru/my-list.html" label={offer.title} />
                </div>
              </div>
              {offer.products.length > 0 ? (
                <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('Products this offer applies to')}>
                  {offer.products.map((product) => (
                    <li key={product.id}>
                      <Link
                        to={`/shop/product-details.${product.id}.html`}
                        className="inline-flex rounded-full bg-stone-100 px-3 py-1 hover:bg-brand-soft"
                      >
                        {product.name} · {formatCents(product.priceCents)}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
