import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { requireUserType } from '~/modules/access/shopper.server';
import { offerDetailsPage } from '~/modules/offers/offer-details-page.server';
import { OfferDetailsView } from '~/components/OfferDetailsView';

/** Offer details in the 'foru' area: `/foru/offer-details.{offerId}.html`. */
export const access = pageAccess({
  allowedUserTypes: PUBLIC_PAGE,
  allowGuestAuthentication: true,
  escapeSSO: true,
});
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { offer, notice, i18n, headers, headerClippedOffers } = await offerDetailsPage(
    request,
    shopper,
    params.page ?? '',
  );
  return json({ offer, notice, i18n, headerClippedOffers }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(data.offer.title, data.offer.description) : pageMeta(t('Offer'), t('A coupon or deal.'));
};

export default function ForuOfferDetailsPage() {
  const { offer, notice } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <OfferDetailsView
      offer={offer}
      notice={notice}
      returnTo={location.pathname}
      backHref="/foru/coupons-deals.html"
      backLabel="All coupons & deals"
    />
  );
}
