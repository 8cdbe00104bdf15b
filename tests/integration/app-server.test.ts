import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { freePort } from '../../scripts/free-port';
import { STOREFRONT } from '../../scripts/server-commands';

/**
 * The production server (server/serve.ts, decision 0019) over the real build and a real database:
 * static files and their caching, gzip, and the anonymous page cache that must never serve a
 * shopper with cookies, nor keep a page that sets cookies.
 */
if (!existsSync('build/index.js')) throw new Error('app-server.test.ts needs the production build: run npm run build');

async function startServer(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, STOREFRONT, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'local-origin',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PAGE_CACHE_TTL_MS: '60000',
      SESSION_SECRET: 'test-secret-not-for-production',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /\[pantry\] http:\/\/localhost:(\d+)/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
  return { origin, child };
}

describe.each(DIALECTS)('production server on %s', (dialect) => {
  let test: TestDatabase;
  let origin: string;
  let child: ChildProcess;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    ({ origin, child } = await startServer(test.url));
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await test?.drop();
  });

  it('serves an anonymous page from the cache the second time, with an ETag that answers 304', async () => {
    const first = await fetch(`${origin}/?cache-test=${dialect}`);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(first.headers.get('set-cookie')).toBeNull();

    const second = await fetch(`${origin}/?cache-test=${dialect}`);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    // The same page, but every hit carries a fresh CSP nonce, in the header and on every inline tag.
    const secondBody = await second.text();
    const nonces = (body: string) => [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
    const headerNonce = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    const withoutNonces = (body: string) => body.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(secondBody)).toBe(withoutNonces(firstBody));
    expect(nonces(firstBody).length).toBeGreaterThan(0);
    expect(new Set(nonces(firstBody))).toEqual(new Set([headerNonce(first)]));
    expect(new Set(nonces(secondBody))).toEqual(new Set([headerNonce(second)]));
    expect(headerNonce(second)).not.toBe(headerNonce(first));
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(second.headers.get('vary')).toMatch(/\bCookie\b/);

    const revalidated = await fetch(`${origin}/?cache-test=${dialect}`, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
    // The browser keeps the policy that came with its copy; a fresh nonce would not match that body.
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it('never keeps a page whose route says no-store (the outbox shows what was just sent)', async () => {
    for (let i = 0; i < 2; i++) {
      const outbox = await fetch(`${origin}/dev/outbox`);
      await outbox.text();
      expect(outbox.status).toBe(200);
      expect(outbox.headers.get('x-page-cache')).not.toBe('hit');
      expect(outbox.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('never serves a cached page to a shopper with cookies, and marks theirs private', async () => {
    await fetch(`${origin}/`);
    await fetch(`${origin}/`);
    const personal = await fetch(`${origin}/`, { headers: { Cookie: 'PANTRY_CONSENT=x' } });
    await personal.text();
    expect(personal.headers.get('x-page-cache')).toBeNull();
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
    expect(personal.headers.get('vary')).toMatch(/\bCookie\b/);
  });

  it('does not keep a page that sets cookies (a store id in the product page path makes the visitor a guest)', async () => {
    const search = await (await fetch(`${origin}/shop/search-results.html?q=milk`)).text();
    const id = /href="\/shop\/product-details\.(\d+)\.html"/.exec(search)?.[1];
    expect(id).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/shop/product-details.1001.${id}.html`, { redirect: 'manual' });
      await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().length).toBeGreaterThan(0);
      expect(response.headers.get('x-page-cache')).toBe('miss');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('serves a plain product page to anonymous visitors from the cache: reading it makes no guest (decision 0027)', async () => {
    const search = await (await fetch(`${origin}/shop/search-results.html?q=milk`)).text();
    const product = /href="(\/shop\/product-details\.\d+\.html)"/.exec(search)?.[1];
    expect(product).toBeDefined();
    const first = await fetch(`${origin}${product}?anon=${dialect}`, { redirect: 'manual' });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect(await first.text()).toContain('Add to cart');
    const second = await fetch(`${origin}${product}?anon=${dialect}`, { redirect: 'manual' });
    await second.text();
    expect(second.headers.get('x-page-cache')).toBe('hit');
  });

  it('gzips pages for clients that accept it', async () => {
    const response = await fetch(`${origin}/shop/search-results.html?q=cheese`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    // fetch decompresses transparently; the header tells that the wire form was gzip.
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('</html>');
  });

  it('serves build assets as immutable, other public files for an hour, both gzipped when accepted', async () => {
    const html = await (await fetch(`${origin}/`)).text();
    // The root route's module: large enough to be worth gzipping (tiny files are sent as they are).
    const script = /<link rel="(?:pantry-)?modulepreload"[^>]*\bhref="(\/build\/root-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect((await asset.text()).length).toBeGreaterThan(0);

    const raw = await new Promise<Buffer>((resolve, reject) => {
      // node:http, not fetch, to see the gzipped bytes themselves.
      import('node:http').then(({ get }) =>
        get(`${origin}/favicon.svg`, { headers: { 'Accept-Encoding': 'identity' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (chunk: Buffer) => parts.push(chunk)).on('end', () => resolve(Buffer.concat(parts)));
          expect(res.headers['cache-control']).toBe('public, max-age=3600');
          expect(res.headers['content-type']).toBe('image/svg+xml');
        }).on('error', reject),
      );
    });
    expect(raw.toString()).toContain('<svg');
    expect(() => gunzipSync(raw)).toThrow();
  });

  it('serves the strings files a Spanish page preloads as immutable JSON, gzipped (decision 0120)', async () => {
    const html = await (await fetch(`${origin}/`, { headers: { 'Accept-Language': 'es' } })).text();
    const href = /<link rel="preload" as="fetch"[^>]*\bhref="(\/build\/strings\/es-common-[0-9a-f]+\.json)"/.exec(
      html,
    )?.[1];
    expect(href).toBeDefined();
    const file = await fetch(`${origin}${href}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(file.headers.get('content-encoding')).toBe('gzip');
    expect(((await file.json()) as Record<string, string>)['Sign in']).toBe('Iniciar sesión');
  });

  it('keeps /healthz live and uncached, and never caches a POST', async () => {
    for (let i = 0; i < 2; i++) {
      const health = await fetch(`${origin}/healthz`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-page-cache')).toBeNull();
      expect(await health.json()).toMatchObject({ ok: true });
    }
    const post = await fetch(`${origin}/consent`, {
      method: 'POST',
      body: new URLSearchParams({ choice: 'all', returnTo: '/' }),
      headers: { Origin: origin },
      redirect: 'manual',
    });
    expect(post.headers.get('x-page-cache')).toBeNull();
    expect(post.status).toBeLessThan(500);
  });
});
