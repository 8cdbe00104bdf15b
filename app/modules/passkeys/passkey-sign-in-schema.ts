import { z } from 'zod';

const base64url = z
  .string()
  .max(8000)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url data.');

/** Page-safe: the browser's assertion (AuthenticationResponseJSON) plus where to go afterwards. */
export const passkeySignInBody = z.object({
  response: z.object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url.min(1),
      authenticatorData: base64url.min(1),
      signature: base64url.min(1),
      userHandle: base64url.optional(),
    }),
    clientExtensionResults: z.object({}).passthrough().default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
  goto: z.string().max(2048).default('/'),
  remember: z.boolean().default(false),
});
