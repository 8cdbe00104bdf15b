import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { loadShopper } from '~/modules/access/shopper.server';
import { serializeSession } from '~/modules/session/session-cookie.server';
import type { SessionData } from '~/modules/session/session-schema';
import { reconcileSyndicatedCookie } from '~/modules/session/syndicated-cookie.server';
import { parseSyndicatedUser, syndicatedCookieValue } from '~/modules/session/syndicated-user';
import { applyStoreChoice } from '~/modules/stores/store-choice-flow.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { loader as headerLoader } from '~/routes/syndication.header[.]html';
import { loader as stylesheetLoader } from '~/routes/syndication.header[.]css';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { insertBanner, insertStore } from './support/fixtures';

const pair = (header: string) => header.split(';')[0]!;

function request(path: string, cookies: string[] = [], init: { host?: string; headers?: Record<string, string> } = {}) {
  const host = init.host ?? 'localhost:3000';
  return new Request(`http://${host}${path}`, {
    headers: { Host: host, ...(cookies.length ? { Cookie: cookies.join('; ') } : {}), ...init.headers },
  });
}

function syndicatedSetCookie(setCookies: string[], name = 'PANTRY_SYND_USER'): string | undefined {
  return setCookies.find((cookie) => cookie.startsWith(`${name}=`));
}

function valueOf(setCookie: string) {
  return parseSyndicatedUser(pair(setCookie).slice(pair(setCookie).indexOf('=') + 1));
}

const guestAt = (storeId: string, preference: 'Delivery' | 'Dug' | 'J4U' = 'Dug'): SessionData => ({
  info: { COMMON: { userType: 'G', storeId, zipcode: '98101', preference, Selection: 'user' } },
});

async function sessionPair(session: SessionData, siteType: 'C' | 'B' = 'C') {
  return pair(await serializeSession(session, { siteType, secure: false }));
}

const callHeader = async (req: Request) => (await headerLoader({ request: req, params: {}, context: {} })) as Response;

describe.each(DIALECTS)('the syndicated header and cookie on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await insertBanner(test.db, 'greenleaf', 1001, '98101');
    await insertStore(test.db, { id: 1001, banner_id: 'greenleaf', zipcode: '98101', name: 'Greenleaf Pine Street' });
    await insertStore(test.db, { id: 1002, banner_id: 'greenleaf', zipcode: '98033', name: 'Greenleaf Kirkland' });
    useDatabaseForTests(test);
  });
  beforeEach(() => forgetCachedStores());
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  describe('the cookie follows the store and the fulfilment preference', () => {
    async function choose(cookies: string[], storeId: string, preference: 'Dug' | 'J4U', host?: string) {
      const req = request('/set-store.html', cookies, { host });
      const outcome = await applyStoreChoice(req, await loadShopper(req), {
        storeId,
        preference,
        zipcode: null,
        goto: '/',
      });
      expect(outcome.ok).toBe(true);
      return outcome.ok ? outcome.setCookies : [];
    }

    it('is written, readable by other sites, when a guest chooses a store', async () => {
      const setCookie = syndicatedSetCookie(await choose([], '1001', 'Dug'));
      expect(setCookie).toBeDefined();
      expect(setCookie).not.toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/; Max-Age=7776000(;|$)/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).toMatch(/; SameSite=Lax/);
      expect(valueOf(setCookie!)).toEqual({
        storeId: '1001',
        storeZip: '98101',
        storeAddress: expect.stringMatching(/^1 Test St, Seattle, WA 98101$/),
        preference: 'Dug',
        xDTags: ['site:consumer', 'fulfilment:pickup', 'store:chosen', 'shopper:guest'],
      });
    });

    it('is written again when the store or the preference changes', async () => {
      const first = await choose([], '1001', 'Dug');
      const session = first.find((cookie) => cookie.startsWith('PANTRY_SESSION='))!;
      const changedPreference = syndicatedSetCookie(await choose([pair(session)], '1001', 'J4U'));
      expect(valueOf(changedPreference!)).toMatchObject({ storeId: '1001', preference: 'J4U' });
      expect(valueOf(changedPreference!)?.xDTags).toContain('fulfilment:instore');
      const changedStore = syndicatedSetCookie(await choose([pair(session)], '1002', 'Dug'));
      expect(valueOf(changedStore!)).toMatchObject({ storeId: '1002', storeZip: '98033', preference: 'Dug' });
    });

    it('carries the B_ prefix on the business site', async () => {
      const setCookies = await choose([], '1001', 'Dug', 'business.localhost:3000');
      expect(syndicatedSetCookie(setCookies, 'PANTRY_SYND_USER')).toBeUndefined();
      const business = syndicatedSetCookie(setCookies, 'B_PANTRY_SYND_USER');
      expect(valueOf(business!)?.xDTags).toContain('site:business');
    });

    it('writes the same tags into the session cookie (COMMON.xDTags), derived and never taken from input', async () => {
      const session: SessionData = {
        info: { COMMON: { ...guestAt('1001').info.COMMON, xDTags: ['planted:by-someone'] } },
      };
      const req = request('/', [await sessionPair(session)]);
      const shopper = await loadShopper(req);
      expect(shopper.session?.info.COMMON.xDTags).toEqual([
        'site:consumer',
        'fulfilment:pickup',
        'store:chosen',
        'shopper:guest',
      ]);
    });
  });

  describe('every page keeps it in step', () => {
    async function reconcile(cookies: string[]) {
      const req = request('/', cookies);
      const shopper = await loadShopper(req);
      return reconcileSyndicatedCookie(req, shopper.session, shopper.cookie);
    }
    const cookieFor = (value: Parameters<typeof syndicatedCookieValue>[0]) =>
      `PANTRY_SYND_USER=${syndicatedCookieValue(value)}`;
    const written = {
      storeId: '1001',
      storeZip: '98101',
      storeAddress: '1 Test St, Seattle, WA 98101',
      preference: 'Dug' as const,
      xDTags: ['site:consumer', 'fulfilment:pickup', 'store:chosen', 'shopper:guest'],
    };

    it('leaves a cookie that matches the session alone', async () => {
      const result = await reconcile([await sessionPair(guestAt('1001')), cookieFor(written)]);
      expect(result.setCookie).toBeNull();
    });

    it('rewrites a stale cookie from the session', async () => {
      const result = await reconcile([await sessionPair(guestAt('1002')), cookieFor(written)]);
      expect(valueOf(result.setCookie!)).toMatchObject({ storeId: '1002' });
    });

    it('writes a missing cookie for a shopper who has a store', async () => {
      const result = await reconcile([await sessionPair(guestAt('1001'))]);
      expect(valueOf(result.setCookie!)).toEqual(written);
    });

    it('keeps a valid cookie after the guest session is gone (it lives as long as the identity session)', async () => {
      const result = await reconcile([cookieFor(written)]);
      expect(result).toEqual({ setCookie: null, value: written });
    });
  });

  describe('GET /syndication/header.html', () => {
    const syndicated = (storeId: string) =>
      `PANTRY_SYND_USER=${syndicatedCookieValue({
        storeId,
        storeZip: '98101',
        storeAddress: 'anything the cookie says',
        preference: 'J4U',
        xDTags: ['site:consumer'],
      })}`;

    it("shows the store of the shopper's syndicated cookie, from the storefront's own data", async () => {
      const response = await callHeader(request('/syndication/header.html', [syndicated('1002')]));
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('Your store: <strong>Greenleaf Kirkland</strong>');
      expect(html).toContain('In-store');
      expect(html).not.toContain('anything the cookie says');
      expect(html).toContain('href="http://localhost:3000/syndication/header.css"');
    });

    it('is cacheable: private for a minute or five, with an ETag that answers 304', async () => {
      const response = await callHeader(request('/syndication/header.html', [syndicated('1001')]));
      expect(response.headers.get('Cache-Control')).toBe('private, max-age=300');
      expect(response.headers.get('Vary')).toBe('Cookie, Origin');
      const etag = response.headers.get('ETag')!;
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await callHeader(
        request('/syndication/header.html', [syndicated('1001')], { headers: { 'If-None-Match': etag } }),
      );
      expect(again.status).toBe(304);
      const otherStore = await callHeader(
        request('/syndication/header.html', [syndicated('1002')], { headers: { 'If-None-Match': etag } }),
      );
      expect(otherStore.status).toBe(200);
    });

    it('asks for a store when there is no cookie', async () => {
      const response = await callHeader(request('/syndication/header.html'));
      expect(await response.text()).toContain('Choose your store');
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('ignores a cookie holding HTML and rewrites it from the session', async () => {
      const html = `PANTRY_SYND_USER=${encodeURIComponent('{"storeId":"<script>alert(1)</script>"}')}`;
      const response = await callHeader(
        request('/syndication/header.html', [await sessionPair(guestAt('1001')), html]),
      );
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toContain('<script>');
      expect(body).toContain('Greenleaf Pine Street');
      const rewritten = syndicatedSetCookie(response.headers.getSetCookie());
      expect(valueOf(rewritten!)).toMatchObject({ storeId: '1001', preference: 'Dug' });
      expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    });

    it('ignores 10 KB of data and deletes it when there is no session to rewrite it from', async () => {
      const response = await callHeader(
        request('/syndication/header.html', [`PANTRY_SYND_USER=${'x'.repeat(10_240)}`]),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Choose your store');
      expect(syndicatedSetCookie(response.headers.getSetCookie())).toMatch(/^PANTRY_SYND_USER=; Path=\/; Max-Age=0/);
    });

    it("lets the company's sites fetch it with the shopper's cookies, and no one else", async () => {
      const sibling = await callHeader(
        request('/syndication/header.html', [], { headers: { Origin: 'http://localhost:4555' } }),
      );
      expect(sibling.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:4555');
      expect(sibling.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      expect(sibling.headers.get('Content-Security-Policy')).toContain('frame-ancestors http://localhost:3000');
      const stranger = await callHeader(
        request('/syndication/header.html', [], { headers: { Origin: 'https://evil.example' } }),
      );
      expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(stranger.headers.get('Content-Security-Policy')).not.toContain('evil.example');
    });
  });

  describe('GET /syndication/header.css', () => {
    it("is public, cacheable with an ETag, in the banner's colours", async () => {
      const response = (await stylesheetLoader({
        request: request('/syndication/header.css'),
        params: {},
        context: {},
      })) as Response;
      expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
      const css = await response.text();
      // insertBanner's primary colour, #16803c.
      expect(css).toContain('rgb(22 128 60)');
      const etag = response.headers.get('ETag')!;
      const again = (await stylesheetLoader({
        request: request('/syndication/header.css', [], { headers: { 'If-None-Match': etag } }),
        params: {},
        context: {},
      })) as Response;
      expect(again.status).toBe(304);
    });
  });
});
