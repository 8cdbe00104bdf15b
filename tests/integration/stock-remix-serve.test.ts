/**
 * The app serves correctly under the stock `remix-serve`, without Pantry's own server and its caches: the
 * production build, the real identity provider and a seeded database, through a browser-like client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn } from '../security/support/browser';
import { startStack, type Stack } from '../security/support/stack';

describe('the stock remix-serve', () => {
  let stack: Stack;
  let origin: string;

  beforeAll(async () => {
    stack = await startStack('sqlite', 1, [], { server: 'remix-serve' });
    origin = stack.storefronts[0]!;
  });
  afterAll(() => stack?.stop());

  async function page(path: string) {
    const { response, url } = await new Browser().navigate(`${origin}${path}`);
    return {
      status: response.status,
      url,
      html: await response.text(),
      pageCache: response.headers.get('X-Page-Cache'),
    };
  }

  it('serves the home page', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('Greenleaf Market');
    expect(home.html).toContain('/build/manifest-');
    // Answered by remix-serve, not by Pantry's server, whose page cache marks every page it serves.
    expect(home.pageCache).toBeNull();
  });

  it('serves search results', async () => {
    const search = await page('/shop/search-results.html?q=milk');
    expect(search.status).toBe(200);
    expect(new URL(search.url).pathname).toBe('/shop/search-results.html');
    expect(search.html).toMatch(/data-testid="product-card"|results? for/i);
  });

  it('serves a product page', async () => {
    const product = await page('/shop/product-details.960000001.html');
    expect(product.status).toBe(200);
    expect(product.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('serves the strings files a Spanish page preloads, immutable (decision 0120)', async () => {
    const html = await (await fetch(`${origin}/?lng=es`)).text();
    const href = /<link rel="preload" as="fetch"[^>]*\bhref="(\/build\/strings\/es-common-[0-9a-f]+\.json)"/.exec(
      html,
    )?.[1];
    expect(href).toBeDefined();
    const file = await fetch(`${origin}${href}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await file.json()) as Record<string, string>)['Sign in']).toBe('Iniciar sesión');
  });

  it('signs a customer in through the identity provider', async () => {
    const browser = new Browser();
    const overview = await signIn(browser, origin, 'jordan@pantry.test');
    expect(overview.replaceAll('<!-- -->', '')).toContain('Jordan Rivera');
  });
});
