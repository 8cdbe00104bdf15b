import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { db } from '~/db/db.server';
import { cookieSecrets } from '~/modules/config/env.server';
import type { HandshakeFailure } from './pharmacy-rules';

/** The storefront hands the shopper to the health area with a token good for one minute, once. */
export const HANDSHAKE_TTL_SECONDS = 60;
/** The health area's own session, set when a handshake is consumed. */
export const HEALTH_SESSION_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'pantry-health-handshake';
const ISSUER = 'pantry-storefront';

const keyFor = (secret: string) => new TextEncoder().encode(`${secret}:health-handshake`);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Issues a signed handshake token for the customer and records its id, so it can be consumed once. */
export async function issueHandshake(customerId: number, now = new Date()): Promise<string> {
  const jti = randomUUID();
  const expiresAt = new Date(now.getTime() + HANDSHAKE_TTL_SECONDS * 1000);
  await db()
    .insertInto('health_handshakes')
    .values({
      jti,
      customer_id: customerId,
      issued_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      consumed_at: null,
    })
    .execute();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(String(customerId))
    .setJti(jti)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(expiresAt))
    .sign(keyFor(cookieSecrets()[0]!));
}

export type HandshakeResult = { ok: true; customerId: number } | { ok: false; reason: HandshakeFailure };

async function verify(token: string, now: Date) {
  let expired = false;
  for (const secret of cookieSecrets()) {
    try {
      const { payload } = await jwtVerify(token, keyFor(secret), {
        audience: AUDIENCE,
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
        clockTolerance: 0,
      });
      return { payload };
    } catch (error) {
      // jose checks the signature before the expiry, so an expired token was genuinely ours.
      if (error instanceof errors.JWTExpired) expired = true;
    }
  }
  return { expired };
}

/**
 * The health area's side: verifies the token and consumes its id with one conditional update, so of
 * two requests carrying the same token exactly one gets through. Never throws for a bad token.
 */
export async function consumeHandshake(token: string | null, now = new Date()): Promise<HandshakeResult> {
  if (!token || token.length > 2000) return { ok: false, reason: 'invalid' };
  const verified = await verify(token, now);
  if (!('payload' in verified) || !verified.payload)
    return { ok: false, reason: verified.expired ? 'expired' : 'invalid' };
  const { jti, sub } = verified.payload;
  const customerId = Number(sub);
  if (!jti || !Number.isInteger(customerId)) return { ok: false, reason: 'invalid' };
  const consumed = await db()
    .updateTable('health_handshakes')
    .set({ consumed_at: now.toISOString() })
    .where('jti', '=', jti)
    .where('customer_id', '=', customerId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) === 1) return { ok: true, customerId };
  const row = await db()
    .selectFrom('health_handshakes')
    .select('consumed_at')
    .where('jti', '=', jti)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid' };
  return { ok: false, reason: row.consumed_at ? 'used' : 'expired' };
}

export interface HealthSession {
  customerId: number;
  expiresAt: string;
}

export function parseHealthSession(value: unknown): HealthSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.customerId !== 'number' || !Number.isInteger(candidate.customerId)) return null;
  if (typeof candidate.expiresAt !== 'string' || Number.isNaN(Date.parse(candidate.expiresAt))) return null;
  return { customerId: candidate.customerId, expiresAt: candidate.expiresAt };
}
