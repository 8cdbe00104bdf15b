import { json } from '@remix-run/node';
import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import { readContentMode, storefrontMoment } from '~/modules/content/content-mode.server';
import { offerDetails } from './offers.server';
import { offerViewer } from './offer-viewer.server';
import { parseOfferDetailsPage } from './offer-pages';
import { completePendingClip } from './pending-clip.server';
import { offerPageIn } from './offer-language.server';

/**
 * What an offer details page shows, under any of its three areas: the offer of this banner, its
 * products at the shopper's store and, for a customer back from sign-in, the clip they asked for.
 * An unknown page name or offer is a 404.
 */
export async function offerDetailsPage(request: Request, shopper: AuthorizedShopper, segment: string) {
  const page = parseOfferDetailsPage(segment);
  if (!page) throw json({ message: 'No such page' }, { status: 404, headers: shopper.headers });
  const viewer = await offerViewer(request, shopper);
  const pending = await completePendingClip(request, shopper, viewer);
  const contentMode = await readContentMode(request, shopper.host.siteType);
  const offer = await offerDetails(viewer, page.offerId, storefrontMoment(contentMode));
  if (!offer) {
    throw json(
      { message: "We couldn't find that offer. It may have ended." },
      { status: 404, headers: shopper.headers },
    );
  }
  const headers = new Headers(shopper.headers);
  for (const cookie of pending.setCookies) headers.append('Set-Cookie', cookie);
  const notice = pending.result
    ? pending.result.ok
      ? `Clipped: ${pending.result.title}`
      : pending.result.message
    : null;
  // In the page's language, with the strings its view reads (decision 0116).
  const shown = offerPageIn(shopper.language, { offer, notice });
  return { ...shown, headers, headerClippedOffers: pending.headerClippedOffers };
}
