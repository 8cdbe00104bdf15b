import type { StoreTable } from '~/db/schema';
import type { Shopper } from '~/modules/access/shopper';
import { wineStoreIdOf } from '~/modules/stores/store-resolver.server';
import { ensureVisitorIds } from './session-cookie.server';
import { sessionCookies } from './syndicated-cookie.server';
import { applySessionUpdate, type Preference, type SessionData, type SessionUpdateResult } from './session-schema';

export interface StoreChoice {
  store: StoreTable;
  preference: Preference;
  zipcode?: string | null;
  resolvedBy?: string | null;
  /** 'user' when the shopper chose; 'default' when the site chose for them. */
  selection: 'user' | 'default';
  address?: string | null;
}

/**
 * The session after choosing a store (spec section 4, guest session establishment): Selection,
 * preference, zipcode, storeId, resolvedBy, and the wine store id per the wine program. An
 * anonymous shopper becomes a guest (G); registered customers keep their type.
 */
export function sessionForStoreChoice(shopper: Shopper, choice: StoreChoice, deviceId?: string): SessionUpdateResult {
  const storeId = String(choice.store.id);
  const zipcode = choice.zipcode ?? choice.store.zipcode;
  const current = shopper.session;
  const userType = shopper.userType === 'A' ? 'G' : shopper.userType;
  const part = { storeId, zipcode, ...(choice.address ? { address: choice.address.slice(0, 200) } : {}) };
  return applySessionUpdate(current, {
    info: {
      COMMON: {
        userType,
        preference: choice.preference,
        Selection: choice.selection,
        zipcode,
        storeId,
        // Spec: store the wine store id when wine D2C is on and one exists, otherwise remove it.
        wfcStoreId: wineStoreIdOf(choice.store) ?? undefined,
        resolvedBy: choice.resolvedBy ?? current?.info.COMMON.resolvedBy,
        deviceId: deviceId ?? current?.info.COMMON.deviceId,
      },
      SHOP: part,
      J4U: part,
    },
  });
}

/** Applies a store choice and returns the cookies to set, or the validation message. */
export async function chooseStore(
  request: Request,
  shopper: Shopper,
  choice: StoreChoice,
): Promise<{ ok: true; session: SessionData; setCookies: string[] } | { ok: false; message: string }> {
  const ids = await ensureVisitorIds(request, shopper.cookie);
  const result = sessionForStoreChoice(shopper, choice, ids.visitorId);
  if (!result.ok) return result;
  return {
    ok: true,
    session: result.session,
    setCookies: [...ids.setCookies, ...(await sessionCookies(result.session, shopper.cookie, shopper.url.host))],
  };
}
