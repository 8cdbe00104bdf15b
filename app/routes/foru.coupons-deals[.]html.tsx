import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, SIGN_IN_PATH, pageMeta } from '~/components/page-essentials';
import { json, offerGalleryPage, requireUserType } from '~/pages/coupons-page.server';
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
  return json(data, { headers });
}

export const meta: MetaFunction = () =>
  pageMeta('Coupons & deals', 'Clip digital coupons and deals for your store; they come off at checkout.');

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
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">Coupons &amp; deals</h1>
          <p className="mt-1 text-stone-600">
            {data.total} offers{data.storeName ? ` at ${data.storeName}` : ''}. Clipped coupons come off at checkout.
          </p>
        </div>
        {data.signedIn ? (
          <Link to="/foru/my-list.html" className="btn-outline">
            My list
          </Link>
        ) : null}
      </div>

      {data.notice ? <StatusNotice>{data.notice}</StatusNotice> : null}
      {data.signedIn ? null : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-soft p-4">
          <p className="text-sm font-semibold text-brand-dark">Sign in to clip coupons and save them to your card.</p>
          <Link to={`${SIGN_IN_PATH}?goto=${encodeURIComponent(returnTo)}`} className="btn-primary">
            Sign in to clip
          </Link>
        </div>
      )}

      {data.occasionOffers.length > 0 ? (
        // The customer's birthday or anniversary offer (decision 0097); plain markup, this page's JavaScript is budgeted.
        <section
          className="card mt-6 border-rose-200 bg-rose-50 p-5"
          aria-label="Just for you"
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
          Search offers
          <input
            type="search"
            name="q"
            defaultValue={filters.q ?? ''}
            maxLength={80}
            className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 font-normal"
          />
        </label>
        <label className="text-sm font-semibold">
          Category
          <select
            name="category"
            defaultValue={filters.category ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">All categories</option>
            {data.categories.map((category) => (
              <option key={category.name} value={category.name}>
                {category.name} ({category.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Offer type
          <select
            name="type"
            defaultValue={filters.type ?? ''}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="">All types</option>
            {data.types.map((type) => (
              <option key={type.name} value={type.name}>
                {type.name} ({type.count})
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Sort by
          <select
            name="sort"
            defaultValue={filters.sort}
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
          >
            <option value="expiry">Expiring soonest</option>
            <option value="value">Biggest saving</option>
          </select>
        </label>
        <button type="submit" className="btn-primary">
          Show offers
        </button>
      </Form>

      {data.offers.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
          <p className="font-semibold">No offers match.</p>
          <Link to="/foru/coupons-deals.html" className="mt-2 inline-block font-semibold text-brand underline">
            Show all offers
          </Link>
        </div>
      ) : (
        <>
          <h2 className="sr-only">Offers</h2>
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
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3 text-sm">
          {data.page > 1 ? (
            <Link to={pageHref(location.search, { page: String(data.page - 1) })} className="btn-outline">
              Previous
            </Link>
          ) : null}
          <span aria-current="page">
            Page {data.page} of {data.pageCount}
          </span>
          {data.page < data.pageCount ? (
            <Link to={pageHref(location.search, { page: String(data.page + 1) })} className="btn-outline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
