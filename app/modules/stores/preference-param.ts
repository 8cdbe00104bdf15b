import { z } from 'zod';
import type { Preference } from '~/modules/session/session-schema';

const BY_PARAM: Record<string, Preference> = {
  DELIVERY: 'Delivery',
  PICKUP: 'Dug',
  DUG: 'Dug',
  INSTORE: 'J4U',
  J4U: 'J4U',
};

/** A preference as the resolver's callers send it (INSTORE, DELIVERY, PICKUP, any case, or Delivery/Dug/J4U). */
export const preferenceParam = z.string().transform((value, ctx) => {
  const preference = BY_PARAM[value.trim().toUpperCase()];
  if (!preference) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'preference is INSTORE, DELIVERY or PICKUP' });
    return z.NEVER;
  }
  return preference;
});
