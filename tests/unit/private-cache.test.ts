import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hitBody, isPrivatelyCacheable, PageCache } from '../../server/page-cache';
import { privateEntryKey, privateKeyFor, privatePageHooks } from '../../server/private-cache';
import { changesState } from '~/modules/http/private-pages.server';

/** The private page cache's rules (decision 0027): which requests, which keys, which pages, how long. */
const base = {
  method: 'GET',
  host: 'localhost:3000',
  url: '/',
  cookie: 'PANTRY_USER=abc; PANTRY_SESSION=def',
  authorization: undefined,
  bot: false,
  language: 'en',
};
const html = (extra: Record<string, string> = {}) =>
  new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store', ...extra });

describe('private cache keys', () => {
  it('takes only GET/HEAD browsing pages and staff queues and pick lists, with cookies and no Authorization header', () => {
    for (const url of [
      '/',
      '/?q=1',
      '/shop/search-results.html?q=milk',
      '/shop/product-details.960000001.html',
      '/shop/product-details.1234.960000001.html',
      '/staff/orders?store=1001',
      '/staff/orders?store=1001&show=all&page=2',
      '/staff/orders/C70000001?store=1001',
      '/shop/lists/12.html',
      '/shop/lists/12.html?added=3',
      '/shop/lists/store/12.html',
    ])
      expect(privateKeyFor({ ...base, url }), url).not.toBeNull();
    expect(privateKeyFor({ ...base, method: 'HEAD' })).not.toBeNull();
    for (const url of [
      '/account/overview.html',
      '/shop/cart.html',
      '/shop/checkout.html',
      '/foru/my-list.html',
      '/shop/lists.html',
      '/shop/lists/add.html?productId=1',
      '/?_data=root',
      '/shop/search-results.html?q=milk&_data=routes%2Fshop.search-results%5B.%5Dhtml',
      '/api/userinfo',
      '/healthz',
      '/staff',
      '/staff/store?store=1001',
      '/staff/orders/not-an-order?store=1001',
      '/staff/orders?store=1001&_data=routes%2Fstaff.orders._index',
    ])
      expect(privateKeyFor({ ...base, url }), url).toBeNull();
    expect(privateKeyFor({ ...base, method: 'POST' })).toBeNull();
    expect(privateKeyFor({ ...base, cookie: undefined })).toBeNull();
    expect(privateKeyFor({ ...base, authorization: 'Bearer x' })).toBeNull();
  });

  it('gives different cookies, hosts, URLs, bots, shoppers and versions different keys', () => {
    const key = privateKeyFor(base)!;
    expect(privateKeyFor({ ...base })).toBe(key);
    expect(privateKeyFor({ ...base, cookie: 'PANTRY_USER=abc; PANTRY_SESSION=deg' })).not.toBe(key);
    expect(privateKeyFor({ ...base, cookie: 'PANTRY_USER=abc' })).not.toBe(key);
    expect(privateKeyFor({ ...base, host: 'www.example.test' })).not.toBe(key);
    expect(privateKeyFor({ ...base, url: '/?x=1' })).not.toBe(key);
    expect(privateKeyFor({ ...base, bot: true })).not.toBe(key);
    expect(privateKeyFor({ ...base, language: 'es' })).not.toBe(key);
    // The Cookie header is hashed, never kept in clear in the key.
    expect(key).not.toContain('abc');
    const entry = privateEntryKey(key, { subject: 'c:1', version: 3 });
    expect(privateEntryKey(key, { subject: 'c:1', version: 4 })).not.toBe(entry);
    expect(privateEntryKey(key, { subject: 'c:2', version: 3 })).not.toBe(entry);
  });

  it('finds the hooks only in a build whose entry module exports both', () => {
    const hooks = { privatePageGrant: async () => null, noteStateChange: async () => {} };
    expect(privatePageHooks(hooks)).toBe(hooks);
    expect(privatePageHooks({ privatePageGrant: hooks.privatePageGrant })).toBeNull();
    expect(privatePageHooks({})).toBeNull();
  });
});

describe('which pages are kept for their customer', () => {
  it('keeps a 200 HTML page that sets no cookie and whose route did not say no-store', () => {
    expect(isPrivatelyCacheable(200, html(), null)).toBe(true);
    expect(isPrivatelyCacheable(200, html(), 'private, max-age=0')).toBe(true);
    expect(isPrivatelyCacheable(200, html(), 'private, no-store')).toBe(false);
    expect(isPrivatelyCacheable(200, html({ 'Set-Cookie': 'a=b' }), null)).toBe(false);
    expect(isPrivatelyCacheable(302, html(), null)).toBe(false);
    expect(isPrivatelyCacheable(200, new Headers({ 'Content-Type': 'application/json' }), null)).toBe(false);
  });

  it('treats any non-GET, and any response that sets a cookie, as a possible change of state', () => {
    expect(changesState('GET', [])).toBe(false);
    expect(changesState('HEAD', [])).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(changesState(method, [])).toBe(true);
    expect(changesState('GET', ['PANTRY_USER=x; Path=/'])).toBe(true);
  });
});

describe('personal entries', () => {
  it('end at the token expiry when that comes before the TTL, and are not kept past it', () => {
    let now = 1_000_000;
    const cache = new PageCache({ ttlMs: 10_000, now: () => now });
    expect(cache.set('k', 200, html(), Buffer.from('<p>mine</p>'), { personal: true, expiresAt: now + 3_000 })).toBe(
      true,
    );
    expect(hitBody(cache.get('k')!).toString()).toBe('<p>mine</p>');
    now += 2_999;
    expect(cache.get('k')).not.toBeNull();
    now += 1;
    expect(cache.get('k')).toBeNull();
    // A token that has already expired keeps nothing.
    expect(cache.set('k', 200, html(), Buffer.from('x'), { personal: true, expiresAt: now })).toBe(false);
    // Without an earlier expiry, the TTL.
    cache.set('t', 200, html(), Buffer.from('x'), { personal: true, expiresAt: now + 60_000 });
    now += 10_000;
    expect(cache.get('t')).toBeNull();
  });

  it('carry no ETag, keep their private headers, and get a fresh nonce on every hit', () => {
    const cache = new PageCache({ ttlMs: 10_000 });
    const headers = html({ 'Content-Security-Policy': "script-src 'nonce-AAAAAAAAAAAAAAAA'" });
    cache.set('k', 200, headers, Buffer.from('<script nonce="AAAAAAAAAAAAAAAA">1</script>'), { personal: true });
    const one = cache.get('k')!;
    const two = cache.get('k')!;
    expect(one.etag).toBeNull();
    expect(one.headers.find(([name]) => name.toLowerCase() === 'etag')).toBeUndefined();
    expect(one.headers).toContainEqual(['cache-control', 'private, no-store']);
    const nonce = (body: string) => /nonce="([^"]+)"/.exec(body)![1];
    expect(nonce(hitBody(one).toString())).not.toBe(nonce(hitBody(two).toString()));
    expect(nonce(hitBody(one).toString())).not.toBe('AAAAAAAAAAAAAAAA');
    expect(one.length).toBe(hitBody(one).length);
  });

  it('an anonymous set still refuses private pages', () => {
    const cache = new PageCache({ ttlMs: 10_000 });
    expect(cache.set('k', 200, html(), Buffer.from('x'))).toBe(false);
  });
});

describe('gzipped hits with a fresh nonce', () => {
  it('are a valid gzip of the page with that hit’s nonce, for pages with one nonce, several, or at the edges', () => {
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA==';
    for (const page of [
      `<html><script nonce="${nonce}">1</script><p>${'milk '.repeat(5000)}</p></html>`,
      `${nonce}<a>${'é'.repeat(3000)}</a><style nonce="${nonce}"></style><script nonce="${nonce}">2</script>${nonce}`,
    ]) {
      const cache = new PageCache({ ttlMs: 10_000 });
      const headers = html({ 'Content-Security-Policy': `script-src 'nonce-${nonce}'` });
      cache.set('k', 200, headers, Buffer.from(page), { personal: true });
      const hit = cache.get('k')!;
      const plain = hitBody(hit).toString();
      const fresh = /nonce="([^"]+)"/.exec(plain)?.[1] ?? plain.slice(0, 24);
      expect(fresh).not.toBe(nonce);
      const gzipped = Buffer.concat(hit.gzipped());
      expect(gunzipSync(gzipped).toString()).toBe(plain);
      expect(gzipped.length).toBeLessThan(plain.length);
      expect(plain).toBe(page.split(nonce).join(fresh));
    }
  });
});
