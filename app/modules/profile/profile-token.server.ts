import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { json } from '@remix-run/node';
import { z } from 'zod';
import { requireCustomerCaller } from '~/modules/access/customer-caller.server';
import { cookieSecrets } from '~/modules/config/env.server';
import { statusTextOf } from '~/modules/http/api.server';
import { PROFILE_CALLER } from './customer-calls.server';

/**
 * Spec section 7, customer service "profile token" (decision 0100): the owner of an account gets a short-lived,
 * read-only token for their profile, to hand to another of the company's sites or an embedded page so it can read
 * the profile (`GET /api/customers/{customerId}/profile`) without holding the shopping token. It reads nothing else
 * and changes nothing; it names its customer and lapses after five minutes.
 */
export const PROFILE_TOKEN_SECONDS = 300;
export const PROFILE_TOKEN_SCOPE = 'profile:read';
const PREFIX = 'pt1';

const payloadSchema = z.object({
  sub: z.string().regex(/^\d{1,12}$/),
  scope: z.literal(PROFILE_TOKEN_SCOPE),
  exp: z.number().int(),
  jti: z.string().uuid(),
});

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`profile-token:${body}`).digest('base64url');
}

export function issueProfileToken(customerId: number, nowMs = Date.now()) {
  const exp = Math.floor(nowMs / 1000) + PROFILE_TOKEN_SECONDS;
  const body = Buffer.from(
    JSON.stringify({ sub: String(customerId), scope: PROFILE_TOKEN_SCOPE, exp, jti: randomUUID() }),
  ).toString('base64url');
  return {
    token: `${PREFIX}.${body}.${sign(cookieSecrets()[0]!, body)}`,
    tokenType: 'Bearer' as const,
    scope: PROFILE_TOKEN_SCOPE,
    expiresIn: PROFILE_TOKEN_SECONDS,
  };
}

/** The customer a profile token names while it is valid, else null (bad form or signature, lapsed). */
export function customerOfProfileToken(token: string, nowMs = Date.now()): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || parts[1]!.length > 400) return null;
  const [, body, signature] = parts as [string, string, string];
  const given = Buffer.from(signature);
  const signed = cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, body));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success || parsed.data.exp * 1000 <= nowMs) return null;
  return Number(parsed.data.sub);
}

export function isProfileToken(request: Request): boolean {
  return /^Bearer\s+pt1\./i.test((request.headers.get('Authorization') ?? '').trim());
}

/**
 * Who may read a profile: a valid profile token for that very customer (another customer's id is 404, a bad or
 * lapsed token 401), or the owner as every customer-service call (bearer or signed-in cookie).
 */
export async function requireProfileReader(request: Request, pathSegment: string | undefined) {
  if (!isProfileToken(request)) {
    const caller = await requireCustomerCaller(request, pathSegment, PROFILE_CALLER);
    return { customerId: caller.customerId, headers: caller.headers };
  }
  const token = (request.headers.get('Authorization') ?? '').trim().replace(/^Bearer\s+/i, '');
  const customerId = customerOfProfileToken(token);
  const refuse = (status: 401 | 404, code: string, message: string) =>
    json(
      { error: { code, message } },
      { status, statusText: statusTextOf(status), headers: { 'Cache-Control': 'no-store' } },
    );
  if (customerId === null) throw refuse(401, 'UNAUTHORIZED', 'This profile token is not valid or has expired.');
  if (pathSegment !== String(customerId)) throw refuse(404, 'NOT_FOUND', 'We could not find that customer.');
  return { customerId, headers: new Headers({ 'Cache-Control': 'no-store' }) };
}
