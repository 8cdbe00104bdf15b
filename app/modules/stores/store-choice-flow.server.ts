import { redirectPolicy, type Shopper } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { hostForBanner, type BannerId } from '~/modules/banners/hosts';
import { geoAddressCookie } from '~/modules/session/consent.server';
import { offBannerBlock } from '~/modules/session/off-banner';
import { serializeSession } from '~/modules/session/session-cookie.server';
import { applySessionUpdate, type Preference } from '~/modules/session/session-schema';
import { chooseStore } from '~/modules/session/store-choice.server';
import { signHandoff } from './handoff-token.server';
import { validateStoreSelection, wineStoreIdOf } from './store-resolver.server';
import { storeById } from './stores.server';

export const DELIVERY_WELCOME_PATH = '/shop/delivery-welcome.html';

export type StoreChoiceOutcome =
  { ok: true; redirectTo: string; setCookies: string[] } | { ok: false; message: string };

/**
 * The shopper picked a store on the store finder. Same banner: validate with the resolver, write the
 * session, go back to goto. Another banner: remember it in the off-banner block here and hand the
 * choice to that banner's host with a short-lived signed token.
 */
export async function applyStoreChoice(
  request: Request,
  shopper: Shopper,
  input: {
    storeId: string;
    preference: Preference;
    zipcode: string | null;
    goto: string | null;
    resolvedBy?: string | null;
    address?: string | null;
  },
): Promise<StoreChoiceOutcome> {
  const store = await storeById(input.storeId);
  if (!store) return { ok: false, message: 'That store is not available. Please choose another one.' };

  if (store.banner_id !== shopper.host.bannerId) {
    const zipcode = input.zipcode ?? store.zipcode;
    const off = offBannerBlock({
      preference: input.preference,
      storeId: String(store.id),
      banner: store.banner_id,
      zipcode,
      wfcStoreId: wineStoreIdOf(store),
    });
    if (!off.ok) return off;
    const check = await validateStoreSelection({
      banner: store.banner_id,
      storeId: String(store.id),
      preference: input.preference,
      zipcode,
    });
    if (!check.validRequest.isValid)
      return { ok: false, message: check.validRequest.message ?? 'That store cannot serve this address.' };
    const setCookies: string[] = [];
    const base = shopper.session ?? {
      info: { COMMON: { userType: shopper.userType === 'A' ? 'G' : shopper.userType } },
    };
    const updated = applySessionUpdate(base, { info: { offbanner: off.offbanner } });
    if (updated.ok) setCookies.push(await serializeSession(updated.session, shopper.cookie));
    const token = await signHandoff({
      storeId: String(store.id),
      preference: input.preference,
      zipcode,
      banner: store.banner_id,
      from: shopper.host.bannerId,
    });
    const url = new URL(request.url);
    const target = new URL(
      `${url.protocol}//${hostForBanner(shopper.host, store.banner_id as BannerId, url.port || null)}/set-store/handoff`,
    );
    target.searchParams.set('token', token);
    return { ok: true, redirectTo: target.toString(), setCookies };
  }

  const check = await validateStoreSelection({
    banner: shopper.host.bannerId,
    storeId: String(store.id),
    preference: input.preference,
    zipcode: input.zipcode,
  });
  if (!check.validRequest.isValid) {
    return { ok: false, message: check.validRequest.message ?? 'That store cannot serve this choice.' };
  }
  const chosen = await chooseStore(request, shopper, {
    store,
    preference: input.preference,
    zipcode: check.mappedZip,
    resolvedBy: input.resolvedBy ?? (input.zipcode ? 'zipcode' : 'store'),
    selection: 'user',
    address: input.address,
  });
  if (!chosen.ok) return chosen;
  const setCookies = [...chosen.setCookies];
  if (input.zipcode) {
    const geo = await geoAddressCookie(request, shopper, {
      zipcode: input.zipcode,
      ...(input.address ? { address: input.address } : {}),
    });
    if (geo) setCookies.push(geo);
  }
  const fallback = input.preference === 'Delivery' ? DELIVERY_WELCOME_PATH : '/';
  return {
    ok: true,
    redirectTo: safeRedirect(input.goto ?? fallback, { ...redirectPolicy(), defaultUrl: fallback }),
    setCookies,
  };
}
