import { redirectPolicy, type Shopper } from '~/modules/access/shopper.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import { hostForBanner, type BannerId } from '~/modules/banners/hosts';
import { geoAddressCookie } from '~/modules/session/consent.server';
import { offBannerBlock } from '~/modules/session/off-banner';
import { sessionSetCookies } from '~/modules/session/session-cookie.server';
import { applySessionUpdate, type Preference } from '~/modules/session/session-schema';
import { chooseStore } from '~/modules/session/store-choice.server';
import { withNotice } from '~/modules/identity/notices';
import { moveGuestCartToStore } from '~/modules/cart/cart-session.server';
import { postProfileUpdate, updatesProfile } from '~/modules/profile/session-update.server';
import type { ProfileUpdateResult } from '~/modules/profile/profile-update-client';
import { signHandoff } from './handoff-token.server';
import type { StoreChoiceFields } from './store-choice-schema';
import { validateStoreSelection, wineStoreIdOf } from './store-resolver.server';
import { storeById } from './stores.server';

export const DELIVERY_WELCOME_PATH = '/shop/delivery-welcome.html';

export type StoreChoiceOutcome =
  | { ok: true; redirectTo: string; setCookies: string[]; profile?: ProfileUpdateResult }
  | { ok: false; message: string; profile?: ProfileUpdateResult };

/**
 * A registered customer's choice goes to their profile first (spec section 4); the cookies change
 * only once it is saved. 401/403 go to sign-in (keep-me-signed-in) or back to the page; other
 * failures keep everything as it was and say why.
 */
async function profileFirst(
  request: Request,
  shopper: Shopper,
  choice: { storeId: string; preference: Preference; zipcode: string; banner: string },
  returnTo: string,
): Promise<{ proceed: true; profile?: ProfileUpdateResult } | { proceed: false; outcome: StoreChoiceOutcome }> {
  if (!updatesProfile(shopper)) return { proceed: true };
  const profile = await postProfileUpdate(request, shopper, choice, returnTo);
  if (profile.success) return { proceed: true, profile };
  if (profile.action === 'redirect') {
    return { proceed: false, outcome: { ok: true, redirectTo: profile.redirectTo, setCookies: [], profile } };
  }
  if (profile.action === 'reload') {
    return { proceed: false, outcome: { ok: true, redirectTo: returnTo, setCookies: [], profile } };
  }
  return { proceed: false, outcome: { ok: false, message: profile.message, profile } };
}

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
    /** The page the choice was made on: the sign-in goto or the page to reload after a 401/403. */
    returnTo?: string;
  },
): Promise<StoreChoiceOutcome> {
  const returnTo = input.returnTo ?? shopper.url.pathname + shopper.url.search;
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
    const saved = await profileFirst(
      request,
      shopper,
      {
        storeId: String(store.id),
        preference: input.preference,
        zipcode: check.mappedZip ?? zipcode,
        banner: store.banner_id,
      },
      returnTo,
    );
    if (!saved.proceed) return saved.outcome;
    const setCookies: string[] = [];
    const base = shopper.session ?? {
      info: { COMMON: { userType: shopper.userType === 'A' ? 'G' : shopper.userType } },
    };
    const updated = applySessionUpdate(base, { info: { offbanner: off.offbanner } });
    if (updated.ok) setCookies.push(...(await sessionSetCookies(updated.session, shopper.cookie)));
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
    return { ok: true, redirectTo: target.toString(), setCookies, profile: saved.profile };
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
  const saved = await profileFirst(
    request,
    shopper,
    {
      storeId: String(store.id),
      preference: input.preference,
      zipcode: check.mappedZip ?? input.zipcode ?? store.zipcode,
      banner: store.banner_id,
    },
    returnTo,
  );
  if (!saved.proceed) return saved.outcome;
  const chosen = await chooseStore(request, shopper, {
    store,
    preference: input.preference,
    zipcode: check.mappedZip,
    resolvedBy: input.resolvedBy ?? (input.zipcode ? 'zipcode' : 'store'),
    selection: 'user',
    address: input.address,
  });
  if (!chosen.ok) return chosen;
  await moveGuestCartToStore(request, shopper, store.id);
  const setCookies = [...chosen.setCookies];
  if (input.zipcode) {
    const geo = await geoAddressCookie(request, shopper, {
      zipcode: input.zipcode,
      ...(input.address ? { address: input.address } : {}),
    });
    if (geo) setCookies.push(geo);
  }
  const fallback = input.preference === 'Delivery' ? DELIVERY_WELCOME_PATH : '/';
  const target = safeRedirect(input.goto ?? fallback, { ...redirectPolicy(), defaultUrl: fallback });
  return {
    ok: true,
    // The saved profile is announced on the next page (relative targets only keep their host).
    redirectTo: saved.profile?.success && target.startsWith('/') ? withNotice(target, 'profile-updated') : target,
    setCookies,
    profile: saved.profile,
  };
}

/**
 * A parsed store choice (the store finder's form, the session update's body): a field left empty
 * or out is not given. `returnTo` is where sign-in brings a registered customer back.
 */
export function applyStoreChoiceFields(
  request: Request,
  shopper: Shopper,
  fields: StoreChoiceFields,
  returnTo?: string,
): Promise<StoreChoiceOutcome> {
  return applyStoreChoice(request, shopper, {
    storeId: fields.storeId,
    preference: fields.preference,
    zipcode: fields.zipcode || null,
    goto: fields.goto ?? null,
    resolvedBy: fields.resolvedBy ?? null,
    address: fields.address ?? null,
    returnTo,
  });
}
