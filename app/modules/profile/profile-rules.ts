import { z } from 'zod';

/** emailPrompt180 / phonePrompt180: a verification prompt at most every 180 days. */
export const PROMPT_INTERVAL_MS = 180 * 86_400_000;
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_MAX_ATTEMPTS = 5;

/** Due when the email (or phone) is unverified and the prompt was never shown, or 180 days ago or more. */
export function promptDue(verified: boolean, lastShownAt: string | null | undefined, now: Date): boolean {
  if (verified) return false;
  if (!lastShownAt) return true;
  const shown = Date.parse(lastShownAt);
  return Number.isNaN(shown) || now.getTime() - shown >= PROMPT_INTERVAL_MS;
}

const namePart = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(40, `Your ${label} can be at most 40 characters.`)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, `Your ${label} can use letters, spaces, hyphens and apostrophes.`);

/** The profile page's name form (page-safe: no server imports). */
export const nameFormSchema = z.object({
  intent: z.literal('name'),
  firstName: namePart('first name'),
  lastName: namePart('last name'),
});

export const VERIFY_CHANNELS = ['email', 'phone'] as const;
export type VerifyChannel = (typeof VERIFY_CHANNELS)[number];

export const METHOD_LABELS = { DELIVERY: 'Delivery', DUG: 'DriveUp & Go', J4U: 'In-store' } as const;
