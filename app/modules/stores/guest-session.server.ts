import { z } from 'zod';
import { SET_STORE_PATH, type PageAccess } from '~/modules/access/page-access';
import type { Shopper } from '~/modules/access/shopper';
import { bannerById } from '~/modules/banners/banners.server';
import { log } from '~/modules/config/logger.server';
import { readSignedCookie, writeCookie } from '~/modules/session/session-cookie.server';
import { PREFERENCES, type SessionData } from '~/modules/session/session-schema';
import { chooseStore } from '~/modules/session/store-choice.server';
import { parseDeepLink, stripDeepLink } from './deep-link';
import { nextMidnight } from './delivery-check';
import {
  deliveryStoresV2,
  RESOLVER_RADIUS_MILES,
  RESOLVER_SIZE,
  validateStoreSelection,
} from './store-resolver.server';
import { storeById } from './stores.server';

const isReadOnly = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

export type EstablishOutcome =
  | { kind: 'unchanged' }
  | { kind: 'redirect'; to: string; setCookies: string[] }
  | { kind: 'session'; session: SessionData; setCookies: string[] };

const previousStoreSchema = z.object({
  storeId: z.string().regex(/^\d{1,4}$/),
  preference: z.enum(PREFERENCES),
  zipcode: z.string().regex(/^\d{5}(-\d{4})?$/),
  /** The household of the customer who signed out: an anonymous visitor with one may be signed in silently. */
  hhid: z.string().max(40).optional(),
});
export type PreviousStore = z.infer<typeof previousStoreSchema>;
const parsePreviousStore = (value: unknown) => {
  const parsed = previousStoreSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The store (and household) remembered at the last sign-out, if any. */
export async function readPreviousStore(request: Request, shopper: Shopper): Promise<PreviousStore | null> {
  const read = await readSignedCookie(request, 'previousStore', shopper.cookie.siteType, parsePreviousStore);
  return read.status === 'ok' ? read.value : null;
}

/** Stores that must never be reused from a previous sign-in (closed, remodelling…): EXCLUDED_STORE_IDS. */
export function excludedStoreIds(): Set<string> {
  return new Set(
    (process.env.EXCLUDED_STORE_IDS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
}

/**
 * Spec section 4, guest session establishment, in the spec's order:
 * 1. a deep link (any page; the URL is then stripped by a redirect);
 * 2. on pages that allow guest authentication, for an anonymous shopper: the previously signed-in
 *    store unless excluded, else a valid store id from the URL path (preference in-store), else the
 *    banner default;
 * 3. for a guest with delivery preference (resolver-v2 toggle on): once a day, check that the store
 *    still delivers to the ZIP (radius 50, size 10), else fall back to the banner default store and ZIP.
 */
export async function establishGuestSession(
  request: Request,
  shopper: Shopper,
  access: PageAccess,
  pathStoreId: string | null,
): Promise<EstablishOutcome> {
  const registered = shopper.userType === 'R' || shopper.userType === 'C';
  if (registered && shopper.url.pathname !== SET_STORE_PATH) {
    const confirm = await deepLinkConfirmation(shopper);
    if (confirm) return { kind: 'redirect', to: confirm, setCookies: [] };
  }
  const link = registered ? null : parseDeepLink(shopper.url.searchParams);
  if (link) {
    const check = await validateStoreSelection({ banner: shopper.host.bannerId, ...link });
    const store = check.validRequest.isValid ? await storeById(link.storeId) : undefined;
    if (store) {
      const chosen = await chooseStore(request, shopper, {
        store,
        preference: link.preference,
        zipcode: check.mappedZip,
        resolvedBy: 'deeplink',
        selection: 'user',
      });
      if (chosen.ok) return { kind: 'redirect', to: stripDeepLink(shopper.url), setCookies: chosen.setCookies };
    }
    log.info('deep link not applied', { storeId: link.storeId, reason: check.validRequest.message });
  }

  if (!access.allowGuestAuthentication) return { kind: 'unchanged' };

  if (shopper.userType === 'A') {
    const previous = await readPreviousStore(request, shopper);
    if (previous && !excludedStoreIds().has(previous.storeId)) {
      const outcome = await establishWith(
        request,
        shopper,
        previous.storeId,
        previous.preference,
        previous.zipcode,
        'previous-store',
        'user',
      );
      if (outcome) return outcome;
    }
    if (pathStoreId) {
      const outcome = await establishWith(request, shopper, pathStoreId, 'J4U', null, 'url', 'user');
      if (outcome) return outcome;
    }
    // The banner-default guest session holds nothing but the banner's defaults, which the page shows to
    // A anyway: a page A may see leaves it to the first state-changing request (adding to the cart,
    // clipping, choosing a store), so reading a page sets no cookie and can come from the anonymous
    // page cache (decision 0027).
    if (isReadOnly(request) && access.allowedUserTypes.includes('A')) return { kind: 'unchanged' };
    const banner = await bannerById(shopper.host.bannerId);
    const outcome = await establishWith(
      request,
      shopper,
      String(banner.default_store_id),
      'J4U',
      banner.default_zipcode,
      'default',
      'default',
    );
    return outcome ?? { kind: 'unchanged' };
  }

  const common = shopper.session?.info.COMMON;
  if (
    shopper.userType === 'G' &&
    common?.preference === 'Delivery' &&
    common.storeId &&
    common.zipcode &&
    shopper.flags.enableResolverV2
  ) {
    return dailyDeliveryCheck(request, shopper, common.storeId, common.zipcode);
  }
  return { kind: 'unchanged' };
}

/**
 * A registered customer's store is their profile's (spec section 6), and a GET must not change it (any
 * site could link to it). A valid deep link therefore opens the store finder with the linked store
 * first; one click there (a POST) saves it to the profile. The link parameters are stripped from goto.
 */
async function deepLinkConfirmation(shopper: Shopper): Promise<string | null> {
  const link = parseDeepLink(shopper.url.searchParams);
  if (!link) return null;
  const check = await validateStoreSelection({ banner: shopper.host.bannerId, ...link });
  if (!check.validRequest.isValid || !check.mappedZip) {
    log.info('deep link not applied', { storeId: link.storeId, reason: check.validRequest.message });
    return null;
  }
  const params = new URLSearchParams({
    zipcode: link.zipcode ?? check.mappedZip,
    preference: link.preference,
    store: link.storeId,
    goto: stripDeepLink(shopper.url),
  });
  return `${SET_STORE_PATH}?${params.toString()}`;
}

async function establishWith(
  request: Request,
  shopper: Shopper,
  storeId: string,
  preference: (typeof PREFERENCES)[number],
  zipcode: string | null,
  resolvedBy: string,
  selection: 'user' | 'default',
): Promise<EstablishOutcome | null> {
  const check = await validateStoreSelection({ banner: shopper.host.bannerId, storeId, preference, zipcode });
  const store = check.validRequest.isValid ? await storeById(storeId) : undefined;
  if (!store) return null;
  const chosen = await chooseStore(request, shopper, {
    store,
    preference,
    zipcode: check.mappedZip,
    resolvedBy,
    selection,
  });
  return chosen.ok ? { kind: 'session', session: chosen.session, setCookies: chosen.setCookies } : null;
}

const deliveryCheckSchema = z.object({ storeId: z.string(), zipcode: z.string() });

async function dailyDeliveryCheck(
  request: Request,
  shopper: Shopper,
  storeId: string,
  zipcode: string,
): Promise<EstablishOutcome> {
  const checked = await readSignedCookie(request, 'deliveryCheck', shopper.cookie.siteType, (value) => {
    const parsed = deliveryCheckSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
  if (checked.status === 'ok' && checked.value.storeId === storeId && checked.value.zipcode === zipcode) {
    return { kind: 'unchanged' };
  }
  const store = await storeById(storeId);
  const result = await deliveryStoresV2({ zipcode, radius: RESOLVER_RADIUS_MILES, size: RESOLVER_SIZE });
  const stillDelivers = result.ok && result.delivery.stores.some((candidate) => candidate.storeId === storeId);
  const timezone = store?.timezone ?? 'America/Los_Angeles';
  if (stillDelivers) {
    const cookie = await writeCookie('deliveryCheck', { storeId, zipcode }, shopper.cookie, {
      expires: nextMidnight(timezone),
    });
    return { kind: 'session', session: shopper.session!, setCookies: [cookie] };
  }
  log.info('store no longer delivers; falling back to the banner default', { storeId, zipcode });
  const banner = await bannerById(shopper.host.bannerId);
  const fallback = await establishWith(
    request,
    shopper,
    String(banner.default_store_id),
    'Delivery',
    banner.default_zipcode,
    'default',
    'default',
  );
  if (!fallback || fallback.kind !== 'session') return { kind: 'unchanged' };
  const cookie = await writeCookie(
    'deliveryCheck',
    { storeId: String(banner.default_store_id), zipcode: banner.default_zipcode },
    shopper.cookie,
    { expires: nextMidnight(timezone) },
  );
  return { ...fallback, setCookies: [...fallback.setCookies, cookie] };
}
