import { describe, expect, it } from 'vitest';
import {
  cacheKeyFor,
  documentCacheHeaders,
  hitBody,
  isCacheableResponse,
  nonceOf,
  PageCache,
} from '../../server/page-cache';

const html = (extra: Record<string, string> = {}) =>
  new Headers({ 'Content-Type': 'text/html; charset=utf-8', ...extra });
const anonymous = {
  method: 'GET',
  host: 'localhost:3000',
  url: '/',
  cookie: undefined,
  authorization: undefined,
  bot: false,
  language: 'en',
};

describe('which requests the page cache answers', () => {
  it('looks up anonymous GET and HEAD document requests, per host, URL and bot-ness', () => {
    expect(cacheKeyFor(anonymous)).toBe('human localhost:3000 / en');
    expect(cacheKeyFor({ ...anonymous, method: 'HEAD', url: '/shop?q=1', bot: true })).toBe(
      'bot localhost:3000 /shop?q=1 en',
    );
    expect(cacheKeyFor({ ...anonymous, host: 'Bayside.Local' })).not.toBe(cacheKeyFor(anonymous));
  });

  it('keeps a page per language its Accept-Language asks for', () => {
    expect(cacheKeyFor({ ...anonymous, language: 'es' })).toBe('human localhost:3000 / es');
    expect(cacheKeyFor({ ...anonymous, language: 'es' })).not.toBe(cacheKeyFor(anonymous));
  });

  it('never looks up a request with cookies or credentials, a write, an API, health or data request', () => {
    expect(cacheKeyFor({ ...anonymous, cookie: 'PANTRY_SESSION=x' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, authorization: 'Bearer t' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, method: 'POST' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, url: '/api/offers/gallery' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, url: '/healthz' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, url: '/readyz' })).toBeNull();
    expect(cacheKeyFor({ ...anonymous, url: '/?_data=root' })).toBeNull();
  });

  it('keeps only 200 HTML responses that set no cookie and are not private', () => {
    expect(isCacheableResponse(200, html())).toBe(true);
    expect(isCacheableResponse(302, html())).toBe(false);
    expect(isCacheableResponse(200, html({ 'Set-Cookie': 'a=b' }))).toBe(false);
    expect(isCacheableResponse(200, html({ 'Cache-Control': 'private, no-store' }))).toBe(false);
    expect(isCacheableResponse(200, new Headers({ 'Content-Type': 'application/json' }))).toBe(false);
  });
});

describe('caching headers of pages', () => {
  it('lets anonymous pages be stored only with revalidation, and varies on Cookie and Accept-Language', () => {
    const headers = html();
    documentCacheHeaders(headers, false);
    expect(headers.get('Cache-Control')).toBe('no-cache');
    expect(headers.get('Vary')).toBe('Cookie, Accept-Language');
  });

  it('makes a personal page, or one that sets cookies, private and never stored', () => {
    const personal = html({ Vary: 'Accept-Encoding' });
    documentCacheHeaders(personal, true);
    expect(personal.get('Cache-Control')).toBe('private, no-store');
    expect(personal.get('Vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    const setting = html({ 'Set-Cookie': 'a=b', 'Cache-Control': 'public, max-age=60' });
    documentCacheHeaders(setting, false);
    expect(setting.get('Cache-Control')).toBe('private, no-store');
  });

  it('leaves non-HTML responses alone', () => {
    const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' });
    documentCacheHeaders(headers, true);
    expect(headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(headers.has('Vary')).toBe(false);
  });
});

describe('PageCache', () => {
  it('serves a kept page until its TTL, with an ETag and a gzipped copy', () => {
    let now = 1_000;
    const cache = new PageCache({ ttlMs: 5_000, now: () => now });
    expect(cache.set('k', 200, html(), Buffer.from('<html>hi</html>'))).toBe(true);
    const hit = cache.get('k')!;
    expect(hitBody(hit).toString()).toBe('<html>hi</html>');
    expect(hit.etag).toMatch(/^W\/"/);
    expect(hit.headers).toContainEqual(['ETag', hit.etag]);
    expect(hit.gzip!.length).toBeGreaterThan(0);
    now += 5_000;
    expect(cache.get('k')).toBeNull();
  });

  it('refuses what must not be shared, and keeps nothing when the TTL is 0', () => {
    const cache = new PageCache({ ttlMs: 5_000 });
    expect(cache.set('k', 200, html({ 'Set-Cookie': 'a=b' }), Buffer.from('x'))).toBe(false);
    expect(cache.get('k')).toBeNull();
    const off = new PageCache({ ttlMs: 0 });
    expect(off.set('k', 200, html(), Buffer.from('x'))).toBe(false);
  });

  it('is bounded: the oldest page goes first', () => {
    const cache = new PageCache({ ttlMs: 5_000, maxEntries: 2 });
    cache.set('a', 200, html(), Buffer.from('a'));
    cache.set('b', 200, html(), Buffer.from('b'));
    cache.set('c', 200, html(), Buffer.from('c'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeNull();
    expect(hitBody(cache.get('c')!).toString()).toBe('c');
  });

  it('keeps all pages together under its byte budget, and lets expired pages go before live ones', () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 5_000, maxTotalBytes: 10, now: () => now });
    cache.set('a', 200, html(), Buffer.from('aaaa'));
    cache.set('b', 200, html(), Buffer.from('bbbb'));
    cache.set('c', 200, html(), Buffer.from('cccc'));
    expect(cache.bytes).toBeLessThanOrEqual(10);
    expect(cache.get('a')).toBeNull();
    expect(hitBody(cache.get('c')!).toString()).toBe('cccc');
    now = 6_000;
    cache.set('d', 200, html(), Buffer.from('dd'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(2);
  });

  it('gives every hit of a page with a CSP nonce a fresh nonce, in the header and the body alike', () => {
    const cache = new PageCache({ ttlMs: 5_000 });
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const csp = `script-src 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'`;
    expect(nonceOf(csp)).toBe(nonce);
    cache.set('k', 200, html({ 'Content-Security-Policy': csp }), Buffer.from(`<script nonce="${nonce}">1</script>`));
    const one = cache.get('k')!;
    const two = cache.get('k')!;
    const nonceIn = (hit: typeof one) =>
      nonceOf(hit.headers.find(([name]) => /content-security-policy/i.test(name))![1]);
    expect(nonceIn(one)).not.toBe(nonce);
    expect(nonceIn(one)).not.toBe(nonceIn(two));
    expect(hitBody(one).toString()).toBe(`<script nonce="${nonceIn(one)}">1</script>`);
    // One ETag for the page whatever its nonce, so a browser can revalidate it.
    expect(one.etag).toMatch(/^W\/"/);
    expect(two.etag).toBe(one.etag);
  });

  it('renders a page once for concurrent misses', async () => {
    const cache = new PageCache({ ttlMs: 5_000 });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const outcomes = await Promise.all([cache.once('k', render), cache.once('k', render), cache.once('k', render)]);
    expect(renders).toBe(1);
    expect(outcomes.sort()).toEqual(['rendered', 'waited', 'waited']);
  });

  it('stops waiting for a render that never ends, so later requests can render themselves', async () => {
    const cache = new PageCache({ ttlMs: 5_000, maxWaitMs: 50 });
    void cache.once('stuck', () => new Promise<void>(() => {})); // a client gone mid-page, a loader that hangs
    const started = Date.now();
    const outcome = await Promise.race([
      cache.once('stuck', async () => {}),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
    ]);
    expect(outcome).toBe('waited');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(cache.get('stuck')).toBeNull();
  });
});
