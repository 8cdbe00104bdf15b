import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { SiteType } from '~/modules/banners/hosts';
import { cookieSecrets } from '~/modules/config/env.server';
import {
  clearCookie,
  readSignedCookie,
  writeCookie,
  type CookieContext,
} from '~/modules/session/session-cookie.server';
import {
  CONTENT_LINK_LIFETIME_SECONDS,
  CONTENT_MODE_LIFETIME_SECONDS,
  CONTENT_MODES,
  contentModeCookieValue,
  contentModeFromCookie,
  isPreviewableMoment,
  type ContentLinkProblem,
  type ContentMode,
} from './content-mode';

/**
 * The signed link a content editor opens (a JWT, HS256 with the cookie secrets, like the store hand-off) and the
 * signed, HttpOnly mode cookie it sets (decision 0093). Without a valid cookie nothing about a page changes.
 */
const AUDIENCE = 'pantry-content-mode';
const MAX_TOKEN_LENGTH = 2_000;

const linkClaims = z.object({ mode: z.enum(CONTENT_MODES), at: z.string().datetime() });

const keyFor = (secret: string) => new TextEncoder().encode(secret);

export async function signContentLink(
  mode: ContentMode,
  options: { now?: Date; lifetimeSeconds?: number } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  if (!isPreviewableMoment(mode.at, now)) throw new Error('The preview moment must lie within a year of today.');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ mode: mode.mode, at: mode.at })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.lifetimeSeconds ?? CONTENT_LINK_LIFETIME_SECONDS))
    .sign(keyFor(cookieSecrets()[0]!));
}

export type ContentLinkRead = { ok: true; mode: ContentMode } | { ok: false; problem: ContentLinkProblem };

/** Checks a link's token against every current secret (newest first), and says why one is refused. */
export async function readContentLink(token: string | null | undefined, now = new Date()): Promise<ContentLinkRead> {
  if (!token) return { ok: false, problem: 'missing' };
  if (token.length > MAX_TOKEN_LENGTH || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
    return { ok: false, problem: 'malformed' };
  for (const secret of cookieSecrets()) {
    try {
      const { payload } = await jwtVerify(token, keyFor(secret), {
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const claims = linkClaims.safeParse(payload);
      if (!claims.success || !isPreviewableMoment(claims.data.at, now)) return { ok: false, problem: 'malformed' };
      return { ok: true, mode: claims.data };
    } catch (error) {
      // A token signed by this secret but past its time: expired. Anything else: try the next (older) secret.
      if (error instanceof errors.JWTExpired) return { ok: false, problem: 'expired' };
      if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JOSEError) continue;
      throw error;
    }
  }
  return { ok: false, problem: 'forged' };
}

/** The mode a request is in: only from a cookie whose signature, shape and lifetime all check out. */
export async function readContentMode(
  request: Request,
  siteType: SiteType,
  now = new Date(),
): Promise<ContentMode | null> {
  const read = await readSignedCookie(request, 'contentMode', siteType, (value) => contentModeFromCookie(value, now));
  return read.status === 'ok' ? read.value : null;
}

export function enterContentMode(mode: ContentMode, context: CookieContext, now = new Date()): Promise<string> {
  return writeCookie('contentMode', contentModeCookieValue(mode, now), context, {
    maxAgeSeconds: CONTENT_MODE_LIFETIME_SECONDS,
  });
}

export function leaveContentMode(context: CookieContext): Promise<string> {
  return clearCookie('contentMode', context);
}

/** The moment a page shows the storefront as of: the previewed one in a content mode, else now. */
export function storefrontMoment(mode: ContentMode | null, now = new Date()): Date {
  return mode ? new Date(mode.at) : now;
}
