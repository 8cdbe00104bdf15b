import { z } from 'zod';
import { USER_TYPES } from '~/modules/session/session-constants';
import { STAFF_ROLES } from './staff-access';

/** The shape every route's access meta must have (checked for every route by tests/unit/route-access.test.ts). */
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
    /** Staff pages only (staffAccess): the roles that may see the page. */
    staffRoles: z.array(z.enum(STAFF_ROLES)).min(1).optional(),
  })
  .strict();
