import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadShopper } from '~/modules/access/shopper.server';
import {
  clearSession,
  readSessionCookie,
  rewrittenSessionLayout,
  sessionSetCookies,
  type CookieContext,
} from '~/modules/session/session-cookie.server';
import type { SessionData } from '~/modules/session/session-schema';

/** enableCookieRestructure (decision 0103): one consolidated session cookie, or COMMON plus a cookie per part. */
const consolidated: CookieContext = { siteType: 'C', secure: false };
const split: CookieContext = { siteType: 'C', secure: false, splitSession: true };
const session: SessionData = {
  info: {
    COMMON: { userType: 'G', storeId: '1001', zipcode: '98101', preference: 'Delivery', Selection: 'user' },
    J4U: { storeId: '1002', zipcode: '98101' },
    SHOP: { storeId: '1001', zipcode: '98101' },
  },
};
const names = (setCookies: string[]) => setCookies.map((cookie) => cookie.slice(0, cookie.indexOf('=')));
const cookieHeader = (setCookies: string[]) =>
  setCookies
    .filter((cookie) => !/Max-Age=0/i.test(cookie))
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
const request = (cookie: string) => new Request('http://localhost:3000/', { headers: { Cookie: cookie } });
const read = async (cookie: string) => {
  const result = await readSessionCookie(request(cookie), 'C');
  return result.status === 'ok' ? result.value.info : null;
};

describe('the session cookie layouts', () => {
  it('writes one cookie with every part when the flag is on', async () => {
    const written = await sessionSetCookies(session, consolidated);
    expect(names(written)).toEqual(['PANTRY_SESSION']);
    expect(await read(cookieHeader(written))).toMatchObject({ J4U: { storeId: '1002' }, SHOP: { storeId: '1001' } });
  });

  it('writes COMMON and each part in its own cookie when the flag is off, clearing a part the session lacks', async () => {
    const written = await sessionSetCookies(session, split);
    expect(names(written)).toEqual([
      'PANTRY_SESSION',
      'PANTRY_SESSION_J4U',
      'PANTRY_SESSION_SHOP',
      'PANTRY_SESSION_OFFBANNER',
    ]);
    expect(written[3]).toMatch(/Max-Age=0/);
    const header = cookieHeader(written);
    const main = header.split('; ')[0]!;
    expect(await read(main)).toEqual({ COMMON: expect.objectContaining({ storeId: '1001' }) });
    expect(await read(header)).toMatchObject({ COMMON: { storeId: '1001' }, J4U: { storeId: '1002' }, SHOP: {} });
  });

  it('reads either layout whatever the flag, and rewrites the other one once', async () => {
    const splitHeader = cookieHeader(await sessionSetCookies(session, split));
    const consolidatedHeader = cookieHeader(await sessionSetCookies(session, consolidated));
    // Flag turned on: the split cookies are read, written as one and cleared.
    const toOne = await rewrittenSessionLayout(request(splitHeader), session, consolidated);
    expect(names(toOne)).toEqual([
      'PANTRY_SESSION',
      'PANTRY_SESSION_J4U',
      'PANTRY_SESSION_SHOP',
      'PANTRY_SESSION_OFFBANNER',
    ]);
    expect(toOne.slice(1).every((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    // Flag turned off: the one cookie is written in parts.
    const toParts = await rewrittenSessionLayout(request(consolidatedHeader), session, split);
    expect(names(toParts)).toContain('PANTRY_SESSION_J4U');
    // Already in the flag's layout: nothing to write.
    expect(await rewrittenSessionLayout(request(consolidatedHeader), session, consolidated)).toEqual([]);
    expect(await rewrittenSessionLayout(request(splitHeader), session, split)).toEqual([]);
  });

  it('ignores a forged or ill-shaped part and keeps the rest of the session', async () => {
    const header = cookieHeader(await sessionSetCookies(session, split));
    const forged = header.replace(/PANTRY_SESSION_J4U=[^;]+/, 'PANTRY_SESSION_J4U=eyJzdG9yZUlkIjoiNjY2In0%3D.forged');
    expect(await read(forged)).toEqual(expect.not.objectContaining({ J4U: expect.anything() }));
    expect((await read(forged))?.SHOP).toMatchObject({ storeId: '1001' });
  });

  it('clears every part of a split session, and only the session cookie of a consolidated one', async () => {
    expect(names(await clearSession(split))).toHaveLength(4);
    expect(names(await clearSession(consolidated))).toEqual(['PANTRY_SESSION']);
  });
});

describe('the flag enableCookieRestructure at the shopper', () => {
  afterEach(() => vi.unstubAllEnvs());
  const withJ4U: SessionData = { info: { ...session.info, SHOP: undefined } };
  const pageRequest = (cookie: string) =>
    new Request('http://localhost:3000/', { headers: { Host: 'localhost:3000', Cookie: cookie } });
  const setCookieNames = (headers: Headers) => names(headers.getSetCookie());

  it('on (the default): one cookie; a browser holding the parts gets them joined once', async () => {
    const parts = cookieHeader(await sessionSetCookies(withJ4U, split));
    const shopper = await loadShopper(pageRequest(parts));
    expect(shopper.cookie.splitSession).toBe(false);
    expect(shopper.session?.info.J4U).toMatchObject({ storeId: '1002' });
    expect(setCookieNames(shopper.headers)).toEqual([
      'PANTRY_SESSION',
      'PANTRY_SESSION_J4U',
      'PANTRY_SESSION_SHOP',
      'PANTRY_SESSION_OFFBANNER',
    ]);
    const joined = await loadShopper(pageRequest(cookieHeader(shopper.headers.getSetCookie())));
    expect(joined.session?.info.J4U).toMatchObject({ storeId: '1002' });
    expect(joined.headers.getSetCookie()).toEqual([]);
  });

  it('off: the parts in cookies of their own; a consolidated cookie is split once', async () => {
    vi.stubEnv('FLAG_enableCookieRestructure', 'false');
    const one = cookieHeader(await sessionSetCookies(withJ4U, consolidated));
    const shopper = await loadShopper(pageRequest(one));
    expect(shopper.cookie.splitSession).toBe(true);
    expect(shopper.session?.info.J4U).toMatchObject({ storeId: '1002' });
    const written = shopper.headers.getSetCookie();
    expect(names(written)).toContain('PANTRY_SESSION_J4U');
    const again = await loadShopper(pageRequest(cookieHeader(written)));
    expect(again.session?.info.J4U).toMatchObject({ storeId: '1002' });
    expect(again.headers.getSetCookie()).toEqual([]);
  });
});
