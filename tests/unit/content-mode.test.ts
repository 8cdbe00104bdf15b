import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_LINK_LIFETIME_SECONDS,
  CONTENT_LINK_STATUS,
  CONTENT_MODE_LIFETIME_SECONDS,
  contentModeCookieValue,
  contentModeFromCookie,
  contentNoteFor,
  previewMomentFromInput,
} from '~/modules/content/content-mode';
import {
  enterContentMode,
  leaveContentMode,
  readContentLink,
  readContentMode,
  signContentLink,
  storefrontMoment,
} from '~/modules/content/content-mode.server';

/** The editor's link and the mode cookie it sets (decision 0093): only what we signed, in its time, does anything. */
const now = new Date('2026-11-28T12:00:00.000Z');
const at = '2026-12-05T12:00:00.000Z';
const context = { siteType: 'C' as const, secure: false };
const pair = (header: string) => header.split(';')[0]!;
const request = (cookie: string, host = 'localhost:3000') =>
  new Request(`http://${host}/`, { headers: { Cookie: cookie, Host: host } });

const signWith = (secret: string, claims: Record<string, unknown>, audience = 'pantry-content-mode') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + 600)
    .sign(new TextEncoder().encode(secret));

describe('content links', () => {
  it('carry the mode and moment they were signed with', async () => {
    const token = await signContentLink({ mode: 'preview', at }, { now });
    expect(await readContentLink(token, now)).toEqual({ ok: true, mode: { mode: 'preview', at } });
    const author = await signContentLink({ mode: 'author', at }, { now });
    expect(await readContentLink(author, now)).toEqual({ ok: true, mode: { mode: 'author', at } });
  });

  it('expire an hour after they are printed', async () => {
    const token = await signContentLink({ mode: 'preview', at }, { now });
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect((await readContentLink(token, later(CONTENT_LINK_LIFETIME_SECONDS - 5))).ok).toBe(true);
    expect(await readContentLink(token, later(CONTENT_LINK_LIFETIME_SECONDS + 5))).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  it('refuse a link signed with another secret, for another purpose, or altered', async () => {
    expect(await readContentLink(await signWith('someone-elses-secret', { mode: 'preview', at }), now)).toEqual({
      ok: false,
      problem: 'forged',
    });
    expect(
      await readContentLink(
        await signWith('test-secret-not-for-production', { mode: 'preview', at }, 'pantry-store-handoff'),
        now,
      ),
    ).toEqual({ ok: false, problem: 'forged' });
    const token = await signContentLink({ mode: 'preview', at }, { now });
    const [header, , signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ mode: 'author', at, aud: 'pantry-content-mode' })).toString(
      'base64url',
    );
    expect(await readContentLink(`${header}.${widened}.${signature}`, now)).toEqual({ ok: false, problem: 'forged' });
  });

  it('refuse a wrong mode, a moment out of range, and what is not a token at all', async () => {
    const secret = 'test-secret-not-for-production';
    expect(await readContentLink(await signWith(secret, { mode: 'publish', at }), now)).toEqual({
      ok: false,
      problem: 'malformed',
    });
    expect(await readContentLink(await signWith(secret, { mode: 'preview', at: '2029-01-01T00:00:00Z' }), now)).toEqual(
      { ok: false, problem: 'malformed' },
    );
    expect(await readContentLink('not-a-token', now)).toEqual({ ok: false, problem: 'malformed' });
    expect(await readContentLink(`a.b.${'c'.repeat(3000)}`, now)).toEqual({ ok: false, problem: 'malformed' });
    expect(await readContentLink(null, now)).toEqual({ ok: false, problem: 'missing' });
    expect(CONTENT_LINK_STATUS).toEqual({ missing: 400, malformed: 400, forged: 403, expired: 403 });
  });

  it('are never printed for a moment more than a year away', async () => {
    await expect(signContentLink({ mode: 'preview', at: '2028-06-01T00:00:00.000Z' }, { now })).rejects.toThrow(
      /within a year/,
    );
  });
});

describe('the content mode cookie', () => {
  it('is read back only while its own end has not passed', async () => {
    const value = contentModeCookieValue({ mode: 'preview', at }, now);
    expect(value.until).toBe(now.getTime() + CONTENT_MODE_LIFETIME_SECONDS * 1000);
    expect(contentModeFromCookie(value, now)).toEqual({ mode: 'preview', at });
    expect(contentModeFromCookie(value, new Date(value.until))).toBeNull();
    expect(contentModeFromCookie({ ...value, mode: 'publish' }, now)).toBeNull();
    expect(contentModeFromCookie({ ...value, extra: 1 }, now)).toBeNull();
    expect(contentModeFromCookie('preview', now)).toBeNull();
  });

  it('is signed, HttpOnly, short-lived and B_ prefixed on the business site', async () => {
    const cookie = await enterContentMode({ mode: 'author', at }, context);
    expect(cookie).toMatch(/^PANTRY_CONTENT_MODE=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(new RegExp(`Max-Age=${CONTENT_MODE_LIFETIME_SECONDS}`));
    const business = await enterContentMode({ mode: 'author', at }, { siteType: 'B', secure: true });
    expect(business).toMatch(/^B_PANTRY_CONTENT_MODE=.*Secure/);
    expect(await readContentMode(request(pair(cookie)), 'C')).toEqual({ mode: 'author', at });
    // The consumer site's cookie means nothing on the business site.
    expect(await readContentMode(request(pair(cookie)), 'B')).toBeNull();
    expect(await leaveContentMode(context)).toMatch(/^PANTRY_CONTENT_MODE=;.*Max-Age=0/);
  });

  it('is ignored when forged: an unsigned value or an altered signature', async () => {
    const genuine = pair(await enterContentMode({ mode: 'preview', at }, context));
    const value = genuine.slice(genuine.indexOf('=') + 1);
    const unsigned = Buffer.from(JSON.stringify({ mode: 'preview', at, until: Date.now() + 60_000 })).toString(
      'base64',
    );
    expect(await readContentMode(request(`PANTRY_CONTENT_MODE=${encodeURIComponent(unsigned)}`), 'C')).toBeNull();
    const altered = value.slice(0, -3) + (value.endsWith('abc') ? 'xyz' : 'abc');
    expect(await readContentMode(request(`PANTRY_CONTENT_MODE=${altered}`), 'C')).toBeNull();
    expect(await readContentMode(request('PANTRY_CONTENT_MODE=preview'), 'C')).toBeNull();
    expect(await readContentMode(request(''), 'C')).toBeNull();
  });
});

describe('the previewed moment', () => {
  it('is now without a mode, and the link’s moment with one', () => {
    expect(storefrontMoment(null, now)).toEqual(now);
    expect(storefrontMoment({ mode: 'preview', at }, now).toISOString()).toBe(at);
  });

  it('reads a date as noon UTC, keeps a full time, and refuses anything else', () => {
    expect(previewMomentFromInput('2026-12-05')).toBe('2026-12-05T12:00:00.000Z');
    expect(previewMomentFromInput('2026-12-05T08:30:00-05:00')).toBe('2026-12-05T13:30:00.000Z');
    expect(previewMomentFromInput('next tuesday')).toBeNull();
    expect(previewMomentFromInput('2026-13-45')).toBeNull();
  });

  it('marks drafts for the editor, and names the offer in author mode', () => {
    expect(contentNoteFor('preview', 7, true)).toBe('Not yet live');
    expect(contentNoteFor('preview', 7, false)).toBeNull();
    expect(contentNoteFor('author', 7, false)).toBe('Offer #7 · live');
    expect(contentNoteFor('author', 7, true)).toBe('Offer #7 · draft, not yet live');
  });
});
