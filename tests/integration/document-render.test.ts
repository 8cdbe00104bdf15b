import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase, type TestDatabase } from './support/databases';

/**
 * Decision 0052: the document is rendered to one string and sent whole. The build's own request handler, on a
 * seeded database: a page comes back complete with its length and one nonce throughout, and a component that
 * throws while rendering gives the friendly 500 page (Remix renders again with the error), never a stack. Every
 * page a shopper who is not signed in may open has a title and a description (a route's meta replaces the root's).
 */
if (!existsSync('build/index.js'))
  throw new Error('document-render.test.ts needs the production build: run npm run build');

// The build's own database module reads DATABASE_URL on its first query, after beforeAll has set it.
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
let test: TestDatabase;
beforeAll(async () => {
  test = await createSeededTestDatabase('sqlite', { products: 50 });
  process.env.DATABASE_URL = test.url;
});
afterAll(async () => {
  await test.drop();
});

const HOME = 'routes/_index';

describe('a rendered document', () => {
  it('comes whole: its length, the document, one nonce for the policy and every script', async () => {
    const response = await createRequestHandler(build, 'production')(new Request('http://localhost/'));
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
    const html = body.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // The scripts-after-paint rewrite ran on the whole document.
    expect(html).toContain('rel="pantry-modulepreload"');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('that throws while rendering is the friendly 500 page, without the error or a stack', async () => {
    const home = build.routes[HOME]!;
    const failing = {
      ...build,
      routes: {
        ...build.routes,
        [HOME]: {
          ...home,
          module: {
            ...home.module,
            default: () => {
              throw new Error('shelf collapsed in aisle 9');
            },
          },
        },
      },
    } as ServerBuild;
    const response = await createRequestHandler(failing, 'production')(new Request('http://localhost/'));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).not.toContain('shelf collapsed');
    expect(html).not.toMatch(/\bat \S+ \(/);
  });
});

type RouteModule = { default?: unknown; handle?: { access?: { allowedUserTypes?: readonly string[] } } };

/** Page routes whose access meta lets an anonymous shopper (A) in, each with the path pattern it answers. */
const publicPages = Object.entries(build.routes)
  .filter(([, route]) => {
    const mod = route.module as RouteModule;
    return typeof mod.default === 'function' && Boolean(mod.handle?.access?.allowedUserTypes?.includes('A'));
  })
  .map(([id, route]) => ({ id, pattern: route.index ? '/' : `/${route.path ?? ''}` }));

const ORIGIN = 'http://localhost';
const BUSINESS_ORIGIN = 'http://business.localhost';
const handle = (request: Request) => createRequestHandler(build, 'production')(request);

/** Where links to pages with parameters are found: every public page without one, and a few listings. */
const LISTINGS = ['/shop/search-results.html?q=milk', '/shop/search-results.html?q=chicken&tab=recipes'];

let links: Promise<string[]> | undefined;
/** Every same-site link on the listings and the public pages without parameters, business site included. */
function siteLinks(): Promise<string[]> {
  links ??= (async () => {
    const found = new Set<string>();
    const starts = publicPages.map((page) => page.pattern).filter((p) => !p.includes(':') && p !== '/*');
    for (const origin of [ORIGIN, BUSINESS_ORIGIN])
      for (const start of [...starts, ...LISTINGS]) {
        const html = await (await handle(new Request(`${origin}${start}`))).text();
        for (const match of html.matchAll(/href="(\/[^"#]*)"/g))
          found.add(`${origin}${match[1]!.replace(/&amp;/g, '&')}`);
      }
    return [...found];
  })();
  return links;
}

/** A URL the route answers: its own path, a path no route claims for the catch-all, or a link found on the site. */
async function urlFor(pattern: string): Promise<string | undefined> {
  if (pattern === '/*') return `${ORIGIN}/no-such-aisle.html`;
  if (!pattern.includes(':')) return `${ORIGIN}${pattern}`;
  if (pattern === '/b2b/:page') {
    // No page links there: it shows an offer of the business site's gallery by the same id.
    const offer = (await siteLinks()).find((link) => link.startsWith(`${BUSINESS_ORIGIN}/foru/offer-details.`));
    return offer?.replace('/foru/', '/b2b/');
  }
  // A shopping list is a household's or a guest's, never linked publicly: an id nobody has shows its not-found page.
  if (pattern.startsWith('/shop/lists/')) return `${ORIGIN}${pattern.replace(':list', '999999999.html')}`;
  const shape = new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/:[^/]+/g, '[^/?#]+')}$`);
  return (await siteLinks()).find((link) => shape.test(new URL(link).pathname));
}

/** The document a browser ends on: redirects followed (at most five) with the cookies they set. */
async function landOn(url: string): Promise<{ status: number; url: string; html: string }> {
  const cookies = new Map<string, string>();
  let current = url;
  for (let hop = 0; hop < 6; hop++) {
    const headers = { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    const response = await handle(new Request(current, { headers }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('Location');
    if (response.status < 300 || response.status >= 400 || !location) {
      return { status: response.status, url: current, html: await response.text() };
    }
    current = new URL(location, current).href;
    // A redirect to the identity provider leaves the store: nothing of ours to check there.
    if (!current.startsWith(ORIGIN) && !current.startsWith(BUSINESS_ORIGIN))
      return { status: 0, url: current, html: '' };
  }
  throw new Error(`${url} redirects more than five times`);
}

const attribute = (tag: string | undefined, name: string) =>
  tag ? new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] : undefined;

describe('every public page', () => {
  it('is found among the routes', () => {
    expect(publicPages.length).toBeGreaterThan(20);
  });

  it.each(publicPages)('$id has a title and a description', async ({ pattern }) => {
    const url = await urlFor(pattern);
    expect(url, `no link on the site matches ${pattern}`).toBeDefined();
    const page = await landOn(url!);
    expect(page.status, `${url} left the store for ${page.url}`).not.toBe(0);
    expect(page.html.startsWith('<!DOCTYPE html>'), `${page.url} answered ${page.status} without a page`).toBe(true);
    const title = /<title>([^<]*)<\/title>/.exec(page.html)?.[1]?.trim();
    const description = attribute(/<meta\b[^>]*\bname="description"[^>]*>/.exec(page.html)?.[0], 'content')?.trim();
    expect(title, `${page.url} has no title`).toBeTruthy();
    expect(description, `${page.url} has no description`).toBeTruthy();
    expect(description!.length, `${page.url}: "${description}"`).toBeGreaterThanOrEqual(20);
  });
});
