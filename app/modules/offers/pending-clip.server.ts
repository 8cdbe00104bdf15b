import { z } from 'zod';
import type { Shopper } from '~/modules/access/shopper.server';
import { clearCookie, readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { clipOffer, clippedOfferCount, type ClipResult } from './clips.server';
import type { OfferViewer } from './offer-viewer.server';

const PENDING_CLIP_SECONDS = 30 * 60;
const pendingSchema = z.object({ offerId: z.number().int().positive() });

/** A guest or lapsed customer asked to clip: remember it, so signing in completes the clip. */
export function rememberPendingClip(offerId: number, shopper: Shopper): Promise<string> {
  return writeCookie('pendingClip', { offerId }, shopper.cookie, { maxAgeSeconds: PENDING_CLIP_SECONDS });
}

/**
 * Back from sign-in: the clip the shopper asked for before signing in is made now (once), and the
 * cookie that remembered it is dropped. Returns what happened, for the page to say.
 */
export async function completePendingClip(
  request: Request,
  shopper: Shopper,
  viewer: OfferViewer,
): Promise<{ result: ClipResult | null; setCookies: string[]; headerClippedOffers: number | null }> {
  const none = { result: null, headerClippedOffers: null };
  if (viewer.customerId === null) return { ...none, setCookies: [] };
  const read = await readSignedCookie(request, 'pendingClip', shopper.cookie.siteType, (value) => {
    const parsed = pendingSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  if (read.status === 'absent') return { ...none, setCookies: [] };
  const setCookies = [await clearCookie('pendingClip', shopper.cookie)];
  if (read.status !== 'ok') return { ...none, setCookies };
  const customer = { ...viewer, customerId: viewer.customerId };
  const result = await clipOffer(customer, read.value.offerId);
  // The header was rendered in parallel from before this clip: give it the new count.
  return { result, setCookies, headerClippedOffers: await clippedOfferCount(customer) };
}
