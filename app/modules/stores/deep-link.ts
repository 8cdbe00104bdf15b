import type { Preference } from '~/modules/session/session-schema';

/** Spec sections 4-5: storeId (1-4 digits) and preference required; zipcode optional; ignored with `state`. */
export const DEEP_LINK_PARAMS = ['storeId', 'preference', 'zipcode'] as const;

const PREFERENCE_BY_LINK: Record<string, Preference> = {
  DELIVERY: 'Delivery',
  PICKUP: 'Dug',
  INSTORE: 'J4U',
};

export interface DeepLink {
  storeId: string;
  preference: Preference;
  zipcode: string | null;
}

export function parseDeepLink(params: URLSearchParams): DeepLink | null {
  if (params.has('state')) return null;
  const storeId = params.get('storeId') ?? '';
  const preference = PREFERENCE_BY_LINK[(params.get('preference') ?? '').trim().toUpperCase()];
  if (!/^\d{1,4}$/.test(storeId) || !preference) return null;
  const zipcode = params.get('zipcode') ?? '';
  return { storeId, preference, zipcode: /^\d{5}(-\d{4})?$/.test(zipcode) ? zipcode : null };
}

/** The same URL without the deep-link parameters, keeping every other parameter and the hash. */
export function stripDeepLink(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DEEP_LINK_PARAMS) params.delete(name);
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
