import type { UserType } from '~/modules/session/session-constants';

/** Spec section 2 "page meta settings", declared by every page route. */
export interface PageAccess {
  allowedUserTypes: readonly UserType[];
  /** Where each disallowed user type goes; DEFAULT is the fallback. */
  redirections: Partial<Record<UserType, string>> & { DEFAULT: string };
  showZipcodeModal: boolean;
  allowGuestAuthentication: boolean;
  escapeSSO: boolean;
  syndicatedHeader: boolean;
  /** Whether a 2-4 digit store id after the first dot of the path is read (enableStoreIdSelector). */
  storeIdSelector: boolean;
}

export const SIGN_IN_PATH = '/account/sign-in.html';
export const SET_STORE_PATH = '/set-store.html';

/**
 * Defaults: a public page that never forces sign-on. Every page states its own allowed types.
 * No zod here: every route module (and so every page's browser bundle) calls this, and zod alone
 * is 14 KB gzipped; tests/unit/route-access.test.ts checks every route's meta against the schema.
 */
export function pageAccess(
  meta: Pick<PageAccess, 'allowedUserTypes'> & Partial<Omit<PageAccess, 'allowedUserTypes'>>,
): PageAccess {
  return {
    redirections: { DEFAULT: '/' },
    showZipcodeModal: false,
    allowGuestAuthentication: false,
    escapeSSO: false,
    syndicatedHeader: false,
    storeIdSelector: false,
    ...meta,
  };
}

export const PUBLIC_PAGE = ['A', 'G', 'R', 'C'] as const satisfies readonly UserType[];
export const CUSTOMER_ONLY = ['C'] as const satisfies readonly UserType[];
