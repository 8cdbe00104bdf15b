import { z } from 'zod';
import type { Shopper } from '~/modules/access/shopper.server';
import { GEO_ADDRESS_COOKIE_LIFETIME_MS, lifetimeSeconds } from './cookie-policy';
import { allowsGeoAddress, normalizeConsent, type ConsentCategory } from './consent';
import { readSignedCookie, writeCookie } from './session-cookie.server';

const CONSENT_LIFETIME_SECONDS = 365 * 24 * 3600;
const consentSchema = z.object({ categories: z.array(z.string().max(8)).max(8) });
const geoSchema = z.object({ zipcode: z.string().regex(/^\d{5}(-\d{4})?$/), address: z.string().max(200).optional() });
export type GeoAddress = z.infer<typeof geoSchema>;

export async function readConsent(request: Request, shopper: Shopper): Promise<ConsentCategory[] | null> {
  const read = await readSignedCookie(request, 'consent', shopper.cookie.siteType, (value) => {
    const parsed = consentSchema.safeParse(value);
    return parsed.success ? normalizeConsent(parsed.data.categories) : null;
  });
  return read.status === 'ok' ? read.value : null;
}

export async function consentCookie(shopper: Shopper, categories: readonly string[]): Promise<string> {
  return writeCookie('consent', { categories: normalizeConsent(categories) }, shopper.cookie, {
    maxAgeSeconds: CONSENT_LIFETIME_SECONDS,
  });
}

/** The geo delivery address cookie (45 minutes), only when consent grants C0003; otherwise nothing. */
export async function geoAddressCookie(request: Request, shopper: Shopper, geo: GeoAddress): Promise<string | null> {
  if (!allowsGeoAddress(await readConsent(request, shopper))) return null;
  return writeCookie('geoAddress', geoSchema.parse(geo), shopper.cookie, {
    maxAgeSeconds: lifetimeSeconds(GEO_ADDRESS_COOKIE_LIFETIME_MS),
  });
}

export async function readGeoAddress(request: Request, shopper: Shopper): Promise<GeoAddress | null> {
  const read = await readSignedCookie(request, 'geoAddress', shopper.cookie.siteType, (value) => {
    const parsed = geoSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  return read.status === 'ok' ? read.value : null;
}
