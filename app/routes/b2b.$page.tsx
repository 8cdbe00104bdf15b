import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { requireUserType } from '~/modules/access/shopper.server';
import { offerDetailsPage } from '~/modules/offers/offer-details-page.server';
import { OfferDetailsView } from '~/components/OfferDetailsView';

/** Offer details in the business (b2b) area: `/b2b/offer-details.{offerId}.html`, on the business site only. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (shopper.host.siteType !== 'B') {
    throw json({ message: 'Business offers are on our business site.' }, { status: 404, headers: shopper.headers });
  }
  const { offer, notice, i18n, headers, headerClippedOffers } = await offerDetailsPage(
    request,
    shopper,
    params.page ?? '',
  );
  return json({ offer, notice, i18n, headerClippedOffers }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data ? pageMeta(data.offer.title, data.offer.description) : pageMeta(t('Offer'), t('A business offer.'));
};

export default function B2bOfferDetailsPage() {
  const { offer, notice } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <OfferDetailsView
      offer={offer}
      notice={notice}
      returnTo={location.pathname}
      backHref="/foru/coupons-deals.html"
      backLabel="All business offers"
    />
  );
}
