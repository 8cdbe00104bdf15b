import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH, pageMeta } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
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
      types: data.types.map((type) => ({ ...type, label: t(type.name) })),
      // The filter keeps the category's English name; the option shows it in the page's language.
      categories: data.categories.map((category) => ({ ...category, label: t(category.name) })),
      words: {
        heading: t('Coupons & deals'),
        myList: t('My list'),
        signInNote: t('Sign in to clip coupons and save them to your card.'),
        signIn: t('Sign in to clip'),
        justForYou: t('Just for you'),
        search: t('Search offers'),
        category: t('Category'),
        allCategories: t('All categories'),
        offerType: t('Offer type'),
        allTypes: t('All types'),
        sortBy: t('Sort by'),
        expiring: t('Expiring soonest'),
        biggest: t('Biggest saving'),
        show: t('Show offers'),
        noMatch: t('No offers match.'),
        showAll: t('Show all offers'),
        offers: t('Offers'),
        pages: t('Pages'),
        previous: t('Previous'),
        next: t('Next'),
        summary: data.storeName
          ? t('{{count}} offers at {{store}}. Clipped coupons come off at checkout.', {
              count: data.total,
              store: data.storeName,
            })
          : t('{{count}} offers. Clipped coupons come off at checkout.', { count: data.total }),
        pageOf: t('Page {{page}} of {{pages}}', { page: data.page, pages: data.pageCount }),
      },
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
  // The page's words come translated in its data: this page's JavaScript is at its budget (decision 0116).
  const { filters, words: w } = data;
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">{w.heading}</h1>
          <p className="mt-1 text-stone-600">{w.summary}</p>
        </div>
        {data.signedIn ? (
          <Link to="/foru/my-list.html" className="btn-outline">
            {w.myList}
          </Link>
        ) : null}
      </div>

      {data.notice ? <StatusNotice>{data.notice}</StatusNotice> : null}
      {data.signedIn ? null : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-soft p-4">
          <p className="text-sm font-semibold text-brand-dark">{w.signInNote}</p>
          <Link to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(returnTo)}`} className="btn-primary">
            {w.signIn}
          </Link>
        </div>
      )}

      {data.occasionOffers.length > 0 ? (
        // The customer's birthday or anniversary offer (decision 0097); plain markup, this page's JavaScript is budgeted.
        <section
          className="card mt-6 border-rose-200 bg-rose-50 p-5"
          aria-label={w.justForYou}
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
          {w.search}
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={80}
            className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          {w.category}
          <select
            name="category"
            defaultValue={filters.category ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{w.allCategories}</option>
            {data.categories.map((category) => (
              <option key={category.name} value={category.name}>
                {category.label} ({category.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          {w.offerType}
          <select
            name="type"
            defaultValue={filters.type ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">{w.allTypes}</option>
            {data.types.map((type) => (
              <option key={type.name} value={type.name}>
                {type.label} ({type.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          {w.sortBy}
          <select
            name="sort"
            defaultValue={filters.sort}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="expiry">{w.expiring}</option>
            <option value="value">{w.biggest}</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          {w.show}
        </button>
      </Form>

      {data.offers.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">{w.noMatch}</p>
          <Link to="/foru/coupons-deals.html" className="mt-2 inline-block font-semibold text-brand underline">
            {w.showAll}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">{w.offers}</h2>
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
        <nav aria-label={w.pages} className="mt-8 flex items-center justify-center gap-3 text-sm">
          {data.page > 1 ? (
            <Link to={pageHref(location.search, { page: String(data.page - 1) })} className="btn-outline">
              {w.previous}
            </Link>
          ) : null}
          <span aria-current="page">{w.pageOf}</span>
          {data.page < data.pageCount ? (
            <Link to={pageHref(location.search, { page: String(data.page + 1) })} className="btn-outline">
              {w.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
