import type { Shopper } from '~/modules/access/shopper.server';
import { BANNERS } from '~/modules/banners/banner-catalog';
import { chooseStore } from '~/modules/session/store-choice.server';
import { readHandoff } from './handoff-token.server';
import { validateStoreSelection } from './store-resolver.server';
import { storeById } from './stores.server';

const nameOf = (banner: string) => BANNERS.find((b) => b.id === banner)?.name ?? banner;

/** What the hand-off page shows, when the token is valid and meant for this banner. */
export async function describeHandoff(shopper: Shopper, token: string | null) {
  const handoff = await readHandoff(token);
  if (!handoff || handoff.banner !== shopper.host.bannerId) return null;
  const store = await storeById(handoff.storeId);
  if (!store) return null;
  return {
    bannerName: nameOf(handoff.banner),
    fromBannerName: nameOf(handoff.from),
    storeName: store.name,
    zipcode: handoff.zipcode,
    preference: handoff.preference,
  };
}

/** Writes this host's guest session for the store chosen on another banner's host. */
export async function acceptHandoff(request: Request, shopper: Shopper, token: string) {
  const handoff = await readHandoff(token);
  if (!handoff || handoff.banner !== shopper.host.bannerId) {
    return { ok: false as const, message: 'This link has expired. Choose your store again.' };
  }
  const check = await validateStoreSelection({
    banner: handoff.banner,
    storeId: handoff.storeId,
    preference: handoff.preference,
    zipcode: handoff.zipcode,
  });
  const store = await storeById(handoff.storeId);
  if (!check.validRequest.isValid || !store) {
    return { ok: false as const, message: check.validRequest.message ?? 'That store is no longer available.' };
  }
  return chooseStore(request, shopper, {
    store,
    preference: handoff.preference,
    zipcode: check.mappedZip,
    resolvedBy: 'handoff',
    selection: 'user',
  });
}
