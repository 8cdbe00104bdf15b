import { z } from 'zod';
import type { AuthorizedShopper } from '~/modules/access/shopper.server';
import { parseSearchParams } from '~/modules/http/forms.server';
import { readContentMode, storefrontMoment } from '~/modules/content/content-mode.server';
import { storeById } from '~/modules/stores/stores.server';
import { galleryFiltersSchema } from './gallery-filters';
import { contentNoteFor } from '~/modules/content/content-mode';
import { wordsIn } from '~/modules/i18n/translations.server';
import { offerGallery, offersNotYetStarted } from './offers.server';
import { offerViewer } from './offer-viewer.server';
import { occasionGreeting, occasionOffers, type OccasionOffer } from './occasion-offers.server';
import { completePendingClip } from './pending-clip.server';
import { CLIP_REFUSALS } from './refusals';

const GalleryQuery = galleryFiltersSchema.extend({
  clipError: z.enum(Object.keys(CLIP_REFUSALS) as [keyof typeof CLIP_REFUSALS]).optional(),
  clipOffer: z.coerce.number().int().positive().optional(),
});

/**
 * What the coupons & deals page shows: the filtered gallery of the banner's offers, the store's name and, for a
 * customer back from sign-in or from a refused clip without JavaScript, what became of that clip. Here rather
 * than in the route, so the query schema (zod) stays out of the page's JavaScript.
 */
export async function offerGalleryPage(request: Request, shopper: AuthorizedShopper) {
  const { clipError, clipOffer, ...filters } = parseSearchParams(request, GalleryQuery, shopper.language);
  const viewer = await offerViewer(request, shopper);
  const pending = await completePendingClip(request, shopper, viewer);
  // A content editor sees the gallery as of the moment their link names, drafts included (decision 0093).
  const contentMode = await readContentMode(request, shopper.host.siteType);
  const [gallery, store, personal] = await Promise.all([
    offerGallery(viewer, filters, storefrontMoment(contentMode)),
    storeById(viewer.storeId),
    // The customer's birthday or anniversary offer, above everyone's (flag enableSpecialOccasion, decision 0097).
    viewer.customerId !== null && !contentMode
      ? occasionOffers(viewer.customerId, {
          enabled: shopper.flags.enableSpecialOccasion,
          bannerId: viewer.bannerId,
          language: shopper.language,
        })
      : ([] as OccasionOffer[]),
  ]);
  if (contentMode) {
    const drafts = await offersNotYetStarted(gallery.offers.map((offer) => offer.id));
    const t = wordsIn(shopper.language, 'offers');
    gallery.offers = gallery.offers.map((offer) => ({
      ...offer,
      contentNote: contentNoteFor(contentMode.mode, offer.id, drafts.has(offer.id), t),
    }));
  }
  const headers = new Headers(shopper.headers);
  for (const cookie of pending.setCookies) headers.append('Set-Cookie', cookie);
  const data = {
    ...gallery,
    occasionOffers: personal,
    occasionGreeting: occasionGreeting(personal, shopper.customer?.firstName || null),
    filters,
    signedIn: viewer.customerId !== null,
    storeName: store?.name ?? null,
    notice: pending.result ? (pending.result.ok ? `Clipped: ${pending.result.title}` : pending.result.message) : null,
    clipError: clipError && clipOffer ? { offerId: clipOffer, message: CLIP_REFUSALS[clipError] } : null,
    headerClippedOffers: pending.headerClippedOffers,
  };
  return { data, headers };
}
