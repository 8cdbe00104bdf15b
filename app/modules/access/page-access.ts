import { z } from 'zod';
import { USER_TYPES, type UserType } from '~/modules/session/session-schema';

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

export const pageAccessSchema = z
  .object({
    allowedUserTypes: z.array(z.enum(USER_TYPES)).min(1),
    redirections: z
      .object({ DEFAULT: z.string().startsWith('/') })
      .catchall(z.string().startsWith('/'))
      .refine(
        (r) => Object.keys(r).every((key) => key === 'DEFAULT' || (USER_TYPES as readonly string[]).includes(key)),
        {
          message: 'redirections keys are user types or DEFAULT',
        },
      ),
    showZipcodeModal: z.boolean(),
    allowGuestAuthentication: z.boolean(),
    escapeSSO: z.boolean(),
    syndicatedHeader: z.boolean(),
    storeIdSelector: z.boolean(),
  })
  .strict();

export const SIGN_IN_PATH = '/account/sign-in.html';
export const SET_STORE_PATH = '/set-store.html';

/** Defaults: a public page that never forces sign-on. Every page states its own allowed types. */
export function pageAccess(
  meta: Pick<PageAccess, 'allowedUserTypes'> & Partial<Omit<PageAccess, 'allowedUserTypes'>>,
): PageAccess {
  return pageAccessSchema.parse({
    redirections: { DEFAULT: '/' },
    showZipcodeModal: false,
    allowGuestAuthentication: false,
    escapeSSO: false,
    syndicatedHeader: false,
    storeIdSelector: false,
    ...meta,
  }) as PageAccess;
}

export const PUBLIC_PAGE = ['A', 'G', 'R', 'C'] as const satisfies readonly UserType[];
export const CUSTOMER_ONLY = ['C'] as const satisfies readonly UserType[];
