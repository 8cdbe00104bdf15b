import { z } from 'zod';

/** Spec section 3: the session cookie's JSON, and the rules for updating it (section 5). */
import { PREFERENCES, USER_TYPES } from './session-constants';

export { PREFERENCES, USER_TYPES, type Preference, type UserType } from './session-constants';

export const SESSION_MESSAGES = {
  notAnObject: 'Parameter passed is either empty or not an object',
  badFormat: "Parameter passed doesn't match appropriate format",
} as const;

export const storeIdSchema = z.string().regex(/^\d{1,4}$/, 'A store id has 1 to 4 digits');
export const zipcodeSchema = z.string().regex(/^\d{5}(-\d{4})?$/, 'A ZIP code has 5 digits, or 5+4');

const text = (max: number) => z.string().max(max);

export const commonSchema = z
  .object({
    userType: z.enum(USER_TYPES),
    preference: z.enum(PREFERENCES).optional(),
    Selection: z.enum(['user', 'default']).optional(),
    zipcode: zipcodeSchema.optional(),
    storeId: storeIdSchema.optional(),
    wfcStoreId: text(16).optional(),
    resolvedBy: text(40).optional(),
    deviceId: text(64).optional(),
    xDTags: z.array(text(40)).max(20).optional(),
  })
  .strict();

export const storePartSchema = z
  .object({
    storeId: storeIdSchema.optional(),
    zipcode: zipcodeSchema.optional(),
    address: text(200).optional(),
  })
  .strict();

export const offBannerSchema = z
  .object({
    banner: text(40),
    storeId: storeIdSchema,
    preference: z.enum(PREFERENCES),
    zipcode: zipcodeSchema,
    wfcStoreId: text(16).optional(),
  })
  .strict();

export const sessionSchema = z
  .object({
    info: z
      .object({
        COMMON: commonSchema,
        J4U: storePartSchema.optional(),
        SHOP: storePartSchema.optional(),
        offbanner: offBannerSchema.optional(),
      })
      .strict(),
  })
  .strict();

export type SessionData = z.infer<typeof sessionSchema>;
export type CommonInfo = z.infer<typeof commonSchema>;

const SESSION_BLOCKS = ['COMMON', 'J4U', 'SHOP', 'offbanner'] as const;

export type SessionUpdateResult =
  { ok: true; session: SessionData } | { ok: false; message: (typeof SESSION_MESSAGES)[keyof typeof SESSION_MESSAGES] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges an update ({ info: { COMMON?, J4U?, SHOP?, offbanner? } }) into the current session.
 * Blocks merge field by field; the result must be a complete, valid session or nothing changes.
 */
export function applySessionUpdate(current: SessionData | null, update: unknown): SessionUpdateResult {
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    return { ok: false, message: SESSION_MESSAGES.notAnObject };
  }
  const info = update.info;
  if (
    !isPlainObject(info) ||
    Object.keys(update).some((key) => key !== 'info') ||
    !SESSION_BLOCKS.some((block) => block in info) ||
    Object.keys(info).some((key) => !(SESSION_BLOCKS as readonly string[]).includes(key))
  ) {
    return { ok: false, message: SESSION_MESSAGES.badFormat };
  }
  const merged: Record<string, unknown> = { ...(current?.info ?? {}) };
  for (const block of SESSION_BLOCKS) {
    if (!(block in info)) continue;
    const patch = info[block];
    if (patch === null) {
      delete merged[block];
      continue;
    }
    if (!isPlainObject(patch)) return { ok: false, message: SESSION_MESSAGES.badFormat };
    const previous = merged[block];
    merged[block] = { ...(isPlainObject(previous) ? previous : {}), ...patch };
  }
  const parsed = sessionSchema.safeParse({ info: merged });
  if (!parsed.success) return { ok: false, message: SESSION_MESSAGES.badFormat };
  return { ok: true, session: parsed.data };
}

/** Accepts a stored cookie value; anything that is not a valid session is treated as absent. */
export function parseStoredSession(value: unknown): SessionData | null {
  const parsed = sessionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
