import type { StoreTable } from '~/db/schema';
import { bannerById } from '~/modules/banners/banners.server';
import { BANNERS } from '~/modules/banners/banner-catalog';
import type { BannerId } from '~/modules/banners/hosts';
import { log } from '~/modules/config/logger.server';
import type { Preference } from '~/modules/session/session-schema';
import { distanceMiles, normalizeZip } from './geo';
import { allStores } from './stores.server';
import { lookupZip, type ZipPlace } from './zip-codes.server';

/** Spec section 9: resolver radius 50, size 10. */
export const RESOLVER_RADIUS_MILES = 50;
export const RESOLVER_SIZE = 10;

export const STORE_RESOLVER_FAILURE = 'Error in store resolver';

export type ResolverErrorCode = 'ZIP_INVALID' | 'ZIP_UNKNOWN' | 'NO_STORES_IN_RANGE' | 'RESOLVER_UNAVAILABLE';
export interface ResolverError {
  code: ResolverErrorCode;
  message: string;
}

export interface StoreSummary {
  storeId: string;
  bannerId: string;
  bannerName: string;
  name: string;
  address: { line1: string; city: string; state: string; zipcode: string };
  phone: string;
  hours: string;
  timezone: string;
  distanceMiles: number | null;
  capabilities: { delivery: boolean; driveUp: boolean; rushDelivery: boolean; inStore: true; wine: boolean };
  wfcStoreId: string | null;
}

/** Resolver failures reach callers as the spec's 'Error in store resolver'; the cause is logged. */
async function guarded<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    log.error('store resolver failed', { operation, error });
    throw new Error(STORE_RESOLVER_FAILURE, { cause: error });
  }
}

export function supportsPreference(store: StoreTable, preference: Preference): boolean {
  if (preference === 'Delivery') return store.has_grocery_delivery === 1;
  if (preference === 'Dug') return store.has_dug === 1;
  return true;
}

/** Spec section 4, wine program: the wine store id only when wine D2C is on and an id exists. */
export function wineStoreIdOf(store: Pick<StoreTable, 'is_wine_d2c_enabled' | 'wfc_store_id'>): string | null {
  return store.is_wine_d2c_enabled === 1 && store.wfc_store_id ? store.wfc_store_id : null;
}

function bannerName(id: string): string {
  return BANNERS.find((banner) => banner.id === id)?.name ?? id;
}

export function summarizeStore(store: StoreTable, distance: number | null = null): StoreSummary {
  return {
    storeId: String(store.id),
    bannerId: store.banner_id,
    bannerName: bannerName(store.banner_id),
    name: store.name,
    address: { line1: store.address1, city: store.city, state: store.state, zipcode: store.zipcode },
    phone: store.phone,
    hours: store.hours,
    timezone: store.timezone,
    distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
    capabilities: {
      delivery: store.has_grocery_delivery === 1,
      driveUp: store.has_dug === 1,
      rushDelivery: store.has_rush_delivery === 1,
      inStore: true,
      wine: wineStoreIdOf(store) !== null,
    },
    wfcStoreId: wineStoreIdOf(store),
  };
}

function placeFor(
  zipcode: string | null | undefined,
): { ok: true; place: ZipPlace } | { ok: false; error: ResolverError } {
  const normalized = normalizeZip(zipcode);
  if (!normalized) {
    return { ok: false, error: { code: 'ZIP_INVALID', message: 'Enter a 5-digit ZIP code, like 98101.' } };
  }
  const place = lookupZip(normalized);
  if (!place) {
    return {
      ok: false,
      error: { code: 'ZIP_UNKNOWN', message: `We don't recognize the ZIP code ${normalized}. Check it and try again.` },
    };
  }
  return { ok: true, place };
}

function deliversTo(store: StoreTable, place: ZipPlace, radius = RESOLVER_RADIUS_MILES): number | null {
  if (store.has_grocery_delivery !== 1) return null;
  const distance = distanceMiles(store, place);
  return distance <= Math.min(radius, store.delivery_radius_miles) ? distance : null;
}

export interface ValidateInput {
  banner: string;
  storeId: string;
  preference: Preference;
  zipcode?: string | null;
}

export interface ValidateResponse {
  validRequest: { isValid: boolean; message?: string };
  store: StoreSummary | null;
  mappedZip: string | null;
  ecomStore: {
    defaultStore: boolean;
    wfcStoreId: string | null;
    storeFeatures: { isWineD2CEnabled: boolean };
    timezone: string;
  } | null;
}

/** The resolver's validate call: is this store of this banner right for this preference (and ZIP)? */
export async function validateStoreSelection(input: ValidateInput): Promise<ValidateResponse> {
  return guarded('validate', async () => {
    const stores = await allStores();
    const store = stores.find((candidate) => String(candidate.id) === String(Number(input.storeId)));
    const invalid = (message: string): ValidateResponse => ({
      validRequest: { isValid: false, message },
      store: store ? summarizeStore(store) : null,
      mappedZip: null,
      ecomStore: null,
    });
    if (!store) return invalid(`Store ${input.storeId} does not exist.`);
    if (store.banner_id !== input.banner) return invalid(`Store ${input.storeId} belongs to another banner.`);
    if (!supportsPreference(store, input.preference))
      return invalid(`Store ${input.storeId} does not offer that service.`);
    let mappedZip = store.zipcode;
    if (input.zipcode) {
      const located = placeFor(input.zipcode);
      if (!located.ok) return invalid(located.error.message);
      if (input.preference === 'Delivery' && deliversTo(store, located.place) === null) {
        return invalid(`Store ${input.storeId} does not deliver to ${located.place.zip}.`);
      }
      mappedZip = located.place.zip;
    }
    const banner = await bannerById(store.banner_id as BannerId);
    return {
      validRequest: { isValid: true },
      store: summarizeStore(store),
      mappedZip,
      ecomStore: {
        defaultStore: banner.default_store_id === store.id,
        wfcStoreId: wineStoreIdOf(store),
        storeFeatures: { isWineD2CEnabled: store.is_wine_d2c_enabled === 1 },
        timezone: store.timezone,
      },
    };
  });
}

export type ResolveResult =
  { ok: true; zipcode: string; place: ZipPlace; stores: StoreSummary[] } | { ok: false; error: ResolverError };

/** Stores of a banner near a ZIP code, nearest first, optionally only those offering a preference. */
export async function resolveStoresByZip(input: {
  banner: string;
  zipcode: string | null | undefined;
  preference?: Preference | null;
  radius?: number;
  size?: number;
}): Promise<ResolveResult> {
  const located = placeFor(input.zipcode);
  if (!located.ok) return located;
  const { place } = located;
  return guarded('resolve', async () => {
    const radius = input.radius ?? RESOLVER_RADIUS_MILES;
    const ranked = (await allStores())
      .filter((store) => store.banner_id === input.banner)
      .filter((store) => !input.preference || supportsPreference(store, input.preference))
      .map((store) => ({ store, distance: distanceMiles(store, place) }))
      .filter(({ store, distance }) =>
        input.preference === 'Delivery' ? deliversTo(store, place, radius) !== null : distance <= radius,
      )
      .sort((a, b) => a.distance - b.distance || a.store.id - b.store.id)
      .slice(0, input.size ?? RESOLVER_SIZE);
    if (ranked.length === 0) {
      return {
        ok: false as const,
        error: {
          code: 'NO_STORES_IN_RANGE' as const,
          message: `${bannerName(input.banner)} has no stores ${
            input.preference === 'Delivery' ? 'delivering to' : `within ${radius} miles of`
          } ${place.zip} yet.`,
        },
      };
    }
    return {
      ok: true as const,
      zipcode: place.zip,
      place,
      stores: ranked.map(({ store, distance }) => summarizeStore(store, distance)),
    };
  });
}

export interface DeliveryStoreV2 extends StoreSummary {
  locationId: string;
  polarisBannerName: string;
}

export type DeliveryV2Result =
  { ok: true; delivery: { count: number; stores: DeliveryStoreV2[] } } | { ok: false; error: ResolverError };

/** Resolver delivery v2: stores of every banner that deliver to the ZIP, nearest first. */
export async function deliveryStoresV2(input: {
  zipcode: string | null | undefined;
  radius?: number;
  size?: number;
}): Promise<DeliveryV2Result> {
  const located = placeFor(input.zipcode);
  if (!located.ok) return located;
  const { place } = located;
  return guarded('delivery-v2', async () => {
    const radius = input.radius ?? RESOLVER_RADIUS_MILES;
    const matches = (await allStores())
      .map((store) => ({ store, distance: deliversTo(store, place, radius) }))
      .filter((entry): entry is { store: StoreTable; distance: number } => entry.distance !== null)
      .sort((a, b) => a.distance - b.distance || a.store.id - b.store.id);
    const stores = matches.slice(0, input.size ?? RESOLVER_SIZE).map(({ store, distance }) => ({
      ...summarizeStore(store, distance),
      locationId: String(store.id),
      polarisBannerName: store.banner_id,
    }));
    return { ok: true as const, delivery: { count: stores.length, stores } };
  });
}
