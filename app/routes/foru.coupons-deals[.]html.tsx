import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH, pageMeta, metaTranslator, useT } from '~/components/page-essentials';
import {
  clipNoticeIn,
  greetingIn,
  json,
  offerGalleryPage,
  offerWordsIn,
  pageStrings,
  requireUserType,
  serverT,
} from '~/pages/coupons-page.server';
import { OfferCard } from '~/components/OfferCard';
import { StatusNotice } from '~/components/Alerts';

/** Coupons & deals: everyone browses the offers of their store's banner; signed-in customers clip. */
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  allowGuestAuthentication: true,
  showZipcodeModal: true,
  escapeSSO: true,
  syndicatedHeader: true,
});
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { data, headers } = await offerGalleryPage(request, shopper);
  const { language } = shopper;
  const t = serverT(language, 'offers');
  return json(
    {
      ...data,
      offers: data.offers.map((offer) => offerWordsIn(language, offer)),
      occasionOffers: data.occasionOffers.map((offer) => offerWordsIn(language, offer)),
      occasionGreeting: greetingIn(language, data.occasionGreeting, shopper.customer?.firstName || null),
      notice: clipNoticeIn(language, data.notice),
      clipError: data.clipError && { ...data.clipError, message: t(data.clipError.message) },
      i18n: pageStrings(language, ['offers']),
    },
    { headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Coupons & deals'), t('Clip digital coupons and deals for your store; they come off at checkout.'));
};

function pageHref(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const key of ['clipError', 'clipOffer']) params.delete(key);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `/foru/coupons-deals.html${query ? `?${query}` : ''}`;
}

export default function CouponsPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = pageHref(location.search, {});
  const { filters } = data;
  const t = useT();
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{t('Coupons & deals')}</h1>
          <p className="mt-1 text-stone-600">
            {data.storeName
              ? t('{{count}} offers at {{store}}. Clipped coupons come off at checkout.', {
                  count: data.total,
                  store: data.storeName,
                })
              : t('{{count}} offers. Clipped coupons come off at checkout.', { count: data.total })}
          </p>
        </div>
        {data.signedIn ? (
          <Link to="/foru/my-list.html" className="btn-outline">
            {t('My list')}
          </Link>
        ) : null}
      </div>

      {data.notice ? <StatusNotice>{data.notice}</StatusNotice> : null}
      {data.signedIn ? null : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-soft p-4">
          <p className="text-sm font-semibold text-brand-dark">
            {t('Sign in to clip coupons and save them to your card.')}
          </p>
          <Link to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(returnTo)}`} className="btn-primary">
            {t('Sign in to clip')}
          </Link>
        </div>
      )}

      {data.occasionOffers.length > 0 ? (
        // The customer's birthday or anniversary offer (decision 0097); plain markup, this page's JavaScript is budgeted.
        <section
          className="card mt-6 border-rose-200 bg-rose-50 p-5"
          aria-label={t('Just for you')}
          data-testid="occasion-offers"
        >
          <h2 className="text-lg font-bold">{data.occasionGreeting}</h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {data.occasionOffers.map((offer) => (
              <li key={offer.id} className="flex">
                <OfferCard offer={offer} returnTo={returnTo} detailsHref={`/foru/offer-details.${offer.id}.html`} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Form
        method="get"
        className="mt-6 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end"
      >
        <label className="text-sm font-semibold">
          {t('Search offers')}
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={80}
            className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          {t('Category')}
          <select
            name="category"
            defaultValue={filters.category ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{t('All categories')}</option>
            {data.categories.map((category) => (
              <option key={category.name} value={category.name}>
                {category.name} ({category.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          {t('Offer type')}
          <select
            name="type"
            defaultValue={filters.type ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{t('All types')}</option>
            {data.types.map((type) => (
              <option key={type.name} value={type.name}>
                {t(type.name)} ({type.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          {t('Sort by')}
          <select
            name="sort"
            defaultValue={filters.sort}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="expiry">{t('Expiring soonest')}</option>
            <option value="value">{t('Biggest saving')}</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          {t('Show offers')}
        </button>
      </Form>

      {data.offers.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{t('No offers match.')}</p>
          <Link to="/foru/coupons-deals.html" className="mt-2 inline-block font-semibold text-brand underline">
            {t('Show all offers')}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{t('Offers')}</h2>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {data.offers.map((offer) => (
              <li key={offer.id} className="flex">
                <OfferCard
                  offer={offer}
                  returnTo={returnTo}
                  detailsHref={`/foru/offer-details.${offer.id}.html`}
                  serverError={data.clipError?.offerId === offer.id ? data.clipError.message : null}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {data.pageCount > 1 ? (
        <nav aria-label={t('Pages')} className="mt-8 flex items-center justify-center gap-3 text-sm">
          {data.page > 1 ? (
            <Link to={pageHref(location.search, { page: String(data.page - 1) })} className="btn-outline">
              {t('Previous')}
            </Link>
          ) : null}
          <span aria-current="page">{t('Page {{page}} of {{pages}}', { page: data.page, pages: data.pageCount })}</span>
          {data.page < data.pageCount ? (
            <Link to={pageHref(location.search, { page: String(data.page + 1) })} className="btn-outline">
              {t('Next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
