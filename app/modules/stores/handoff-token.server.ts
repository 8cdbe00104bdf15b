import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { cookieSecrets } from '~/modules/config/env.server';
import { PREFERENCES } from '~/modules/session/session-schema';

/** A cross-banner hand-off carries the choice to the other banner's host for five minutes. */
const HANDOFF_TTL_SECONDS = 300;
const AUDIENCE = 'pantry-store-handoff';

const handoffSchema = z.object({
  storeId: z.string().regex(/^\d{1,4}$/),
  preference: z.enum(PREFERENCES),
  zipcode: z.string().regex(/^\d{5}(-\d{4})?$/),
  banner: z.string().min(1),
  from: z.string().min(1),
});
export type Handoff = z.infer<typeof handoffSchema>;

const keyFor = (secret: string) => new TextEncoder().encode(secret);

export async function signHandoff(handoff: Handoff): Promise<string> {
  return new SignJWT(handoff)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${HANDOFF_TTL_SECONDS}s`)
    .sign(keyFor(cookieSecrets()[0]!));
}

export async function readHandoff(token: string | null | undefined): Promise<Handoff | null> {
  if (!token || token.length > 2000) return null;
  for (const secret of cookieSecrets()) {
    try {
      const { payload } = await jwtVerify(token, keyFor(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
      const parsed = handoffSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      // try the next (older) secret
    }
  }
  return null;
}
