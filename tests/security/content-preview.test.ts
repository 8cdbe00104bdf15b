import { execFileSync } from 'node:child_process';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn } from './support/browser';
import { startStack, TEST_SECRET, type Stack } from './support/stack';

/**
 * Content preview and author modes (decision 0093) against a real storefront with both page caches on: only a link
 * signed with the storefront's secret sets the mode; a page in the mode shows drafts, says so, and is never kept by
 * or served from either cache; nobody else ever sees it; a forged mode cookie is an ordinary (cacheable) page.
 * One dialect: what is checked here is the server's caching and cookies, not the database (the offers as of a
 * moment are tested on both databases in tests/integration/content-preview.test.ts).
 */
const DRAFT_HERO = 'Holiday baking,';
const BAR = 'data-testid="preview-bar"';

/** `npm run content:link` as an editor runs it, with the storefront's secret. */
function contentLink(origin: string, mode: 'preview' | 'author', at: Date): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/content-link.ts', '--mode', mode, '--at', at.toISOString(), '--origin', origin],
    { env: { ...process.env, SESSION_SECRET: TEST_SECRET }, encoding: 'utf8' },
  ).trim();
}

async function page(browser: Browser, url: string) {
  const { response } = await browser.navigate(url);
  return { response, html: await response.text(), cache: response.headers.get('x-page-cache') };
}

async function enter(browser: Browser, origin: string, link: string) {
  const opened = await page(browser, link);
  expect(opened.response.status).toBe(200);
  expect(opened.response.headers.getSetCookie()).toEqual([]);
  const token = new URL(link).searchParams.get('token')!;
  const { response, url } = await browser.post(origin, '/content/mode', { intent: 'enter', token });
  expect(new URL(url).pathname).toBe('/');
  await response.arrayBuffer();
}

describe('content preview against a real storefront', () => {
  let stack: Stack;
  let origin: string;
  const inElevenDays = new Date(Date.now() + 11 * 86_400_000);
  beforeAll(async () => {
    stack = await startStack('sqlite');
    origin = stack.storefronts[0]!;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lets a signed link set an HttpOnly mode cookie, and marks every page in the mode as preview, uncached and unindexed', async () => {
    const editor = new Browser();
    const link = contentLink(origin, 'preview', inElevenDays);
    const token = new URL(link).searchParams.get('token')!;
    const posted = await editor.send(`${origin}/content/mode`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'enter', token }),
      headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(posted.status).toBe(302);
    const cookie = posted.headers.getSetCookie().find((header) => header.startsWith('PANTRY_CONTENT_MODE='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=7200/);
    expect(cookie).toMatch(/SameSite=Lax/i);

    for (let visit = 0; visit < 3; visit++) {
      const home = await page(editor, `${origin}/`);
      expect(home.html).toContain(BAR);
      expect(home.html).toContain(DRAFT_HERO);
      expect(home.html).toContain('<meta name="robots" content="noindex"/>');
      expect(home.response.headers.get('x-robots-tag')).toBe('noindex');
      expect(home.response.headers.get('cache-control')).toBe('private, no-store');
      expect(home.cache ?? 'rendered').not.toMatch(/hit/);
    }
    const coupons = await page(editor, `${origin}/foru/coupons-deals.html?q=Coming+soon`);
    expect(coupons.html).toContain('Coming soon:');
    expect(coupons.html).toContain('Not yet live');
    expect(coupons.response.headers.get('x-robots-tag')).toBe('noindex');

    // Nobody else gets the preview: not a visitor without cookies, whose home page comes from the anonymous cache.
    const visitor = new Browser();
    await page(visitor, `${origin}/`);
    const anonymous = await page(visitor, `${origin}/`);
    expect(anonymous.html).not.toContain(BAR);
    expect(anonymous.html).not.toContain(DRAFT_HERO);
    expect(anonymous.response.headers.get('x-robots-tag')).toBeNull();
    const gallery = await page(new Browser(), `${origin}/foru/coupons-deals.html?q=Coming+soon`);
    expect(gallery.html).not.toContain('Coming soon:');

    // Leaving clears the cookie, and the next page is the ordinary one.
    const left = await editor.post(origin, '/content/mode', { intent: 'leave' });
    expect(new URL(left.url).pathname).toBe('/');
    expect(editor.cookie('localhost', 'PANTRY_CONTENT_MODE')).toBeUndefined();
    const after = await page(editor, `${origin}/`);
    expect(after.html).not.toContain(BAR);
    expect(after.html).not.toContain(DRAFT_HERO);
  });

  it('never serves a signed-in customer’s preview page from the private cache, nor their cached page in preview', async () => {
    const customer = new Browser();
    await signIn(customer, origin, 'jordan@pantry.test');
    await page(customer, `${origin}/`);
    const cached = await page(customer, `${origin}/`);
    expect(cached.cache).toBe('private-hit');
    expect(cached.html).not.toContain(BAR);

    await enter(customer, origin, contentLink(origin, 'author', inElevenDays));
    for (let visit = 0; visit < 3; visit++) {
      const home = await page(customer, `${origin}/`);
      expect(home.cache).not.toBe('private-hit');
      expect(home.html).toContain(BAR);
      expect(home.html).toContain(DRAFT_HERO);
      expect(home.html).toMatch(/Home hero content #\d+ \(draft\)/);
      expect(home.response.headers.get('cache-control')).toBe('private, no-store');
    }
    const coupons = await page(customer, `${origin}/foru/coupons-deals.html?q=Coming+soon`);
    expect(coupons.html).toMatch(/Offer #\d+ · draft, not yet live/);

    // The same customer's cookies without the mode cookie get their ordinary page again.
    const without = new Browser();
    for (const stored of customer.jar.get('localhost')!.values())
      if (stored.name !== 'PANTRY_CONTENT_MODE') without.setCookie('localhost', stored.name, stored.value, stored.path);
    const ordinary = await page(without, `${origin}/`);
    expect(ordinary.html).not.toContain(BAR);
    expect(ordinary.html).not.toContain(DRAFT_HERO);
  });

  it('treats a forged mode cookie as no mode: an ordinary page, kept by the private cache as usual', async () => {
    const customer = new Browser();
    await signIn(customer, origin, 'sam@pantry.test');
    const unsigned = Buffer.from(
      JSON.stringify({ mode: 'preview', at: inElevenDays.toISOString(), until: Date.now() + 3_600_000 }),
    ).toString('base64');
    customer.setCookie('localhost', 'PANTRY_CONTENT_MODE', encodeURIComponent(`${unsigned}.forged-signature`));
    const first = await page(customer, `${origin}/`);
    expect(first.response.status).toBe(200);
    expect(first.html).not.toContain(BAR);
    expect(first.html).not.toContain(DRAFT_HERO);
    expect(first.response.headers.get('x-robots-tag')).toBeNull();
    expect((await page(customer, `${origin}/`)).cache).toBe('private-hit');

    const visitor = new Browser();
    visitor.setCookie('localhost', 'PANTRY_CONTENT_MODE', encodeURIComponent(unsigned));
    const plain = await page(visitor, `${origin}/foru/coupons-deals.html?q=Coming+soon`);
    expect(plain.response.status).toBe(200);
    expect(plain.html).not.toContain('Coming soon:');
    expect(plain.html).not.toContain(BAR);
  });

  it('refuses a bad, forged or expired link with a clear page and sets nothing', async () => {
    const expired = await new SignJWT({ mode: 'preview', at: inElevenDays.toISOString() })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('pantry-content-mode')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_SECRET));
    const forged = await new SignJWT({ mode: 'preview', at: inElevenDays.toISOString() })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('pantry-content-mode')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-storefront-secret'));
    const cases: [string, number, string][] = [
      ['', 400, 'This page opens a content preview link.'],
      ['?token=garbage', 400, 'This preview link is not valid.'],
      [`?token=${forged}`, 403, 'This preview link was not issued by Pantry.'],
      [`?token=${expired}`, 403, 'This preview link has expired.'],
    ];
    for (const [query, status, message] of cases) {
      const browser = new Browser();
      const { response, html } = await page(browser, `${origin}/content/mode${query}`);
      expect(response.status, query).toBe(status);
      expect(html).toContain(message);
      expect(html).not.toMatch(/at .*\.js:\d+/);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    for (const token of [forged, expired, 'garbage']) {
      const browser = new Browser();
      const { response } = await browser.post(origin, '/content/mode', { intent: 'enter', token });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(browser.cookie('localhost', 'PANTRY_CONTENT_MODE')).toBeUndefined();
    }
  });
});
