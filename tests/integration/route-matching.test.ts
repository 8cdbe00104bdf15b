import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServer } from '../../server/app-server';
import { fastMatchRoutes, originalMatchRoutes } from '../../server/framework/route-matching';

/**
 * The compiled route table (server/framework/route-matching.ts) must match exactly as React Router's
 * own matchRoutes does, on the app's real route tree: the same routes (the caller's own objects), params,
 * pathnames, and null where nothing matches.
 */
if (!existsSync('build/index.js'))
  throw new Error('route-matching.test.ts needs the production build: run npm run build');
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: TreeRoute[];
}

/** The route tree as Remix builds it from the manifest (fresh objects on every call, as per render). */
function tree(): TreeRoute[] {
  const byParent = new Map<string | undefined, TreeRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
    byParent.set(route.parentId, list);
  }
  const attach = (routes: TreeRoute[]): TreeRoute[] =>
    routes.map((route) => Object.assign(route, { children: attach(byParent.get(route.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}

const patterns = Object.values(build.routes).flatMap((route) => (route?.path ? [route.path] : []));

function same(routes: TreeRoute[], location: string) {
  const expected = originalMatchRoutes(routes, location);
  const actual = fastMatchRoutes(routes, location);
  expect(actual === null, location).toBe(expected === null);
  if (!expected || !actual) return;
  expect(
    actual.map((m) => ({ ...m, params: { ...m.params } })),
    location,
  ).toEqual(expected.map((m) => ({ ...m, params: { ...m.params } })));
  actual.forEach((match, i) => expect(match.route, location).toBe(expected[i]!.route));
}

describe('compiled route matching', () => {
  // React Router warns of every undecodable path the generated ones include.
  beforeAll(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('matches every route of the build as React Router does', () => {
    const routes = tree();
    expect(patterns.length).toBeGreaterThan(50);
    const fill = (pattern: string, value: string) =>
      '/' + pattern.replace(/:[\w-]+/g, value).replace(/\*$/, `a/${value}`);
    for (const pattern of patterns)
      for (const value of ['1', 'x.html', 'Caf%C3%A9', 'a%2Fb', '%20'])
        for (const variant of [(p: string) => p, (p: string) => `${p}/`, (p: string) => p.toUpperCase()])
          same(routes, variant(fill(pattern, value)));
    for (const location of ['/', '', '//', '/shop//search-results.html', '/nowhere/at/all', '/%E0%A4%A', '/?q=1'])
      same(routes, location);
  });

  it('agrees with React Router on generated paths', () => {
    const routes = tree();
    const pieces = [...new Set(patterns.flatMap((p) => p.split('/')))].filter(Boolean);
    const segment = fc.oneof(
      fc.constantFrom(...pieces),
      fc.constantFrom('', '1', '42', 'product-details.7.html', '%2F', '%zz', 'ÄÖ', '.', '..', '*'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (segments, trailing) => {
        same(routes, `/${segments.join('/')}${trailing ? '/' : ''}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('hands back the route objects of the tree it is given, not those of the tree that built the table', () => {
    const first = tree();
    const second = tree();
    const a = fastMatchRoutes(first, '/shop/search-results.html')!;
    const b = fastMatchRoutes(second, '/shop/search-results.html')!;
    expect(a.map((m) => m.route.id)).toEqual(b.map((m) => m.route.id));
    b.forEach((match, i) => expect(match.route).not.toBe(a[i]!.route));
    expect(b[0]!.route).toBe(second[0]);
    expect(b.at(-1)!.route).toBe(second[0]!.children.find((r) => r.id === b.at(-1)!.route.id));
  });

  it('answers a path it has seen before as the first time, each caller with its own params', () => {
    const routes = tree();
    const first = fastMatchRoutes(routes, '/shop/brands/acme.html')!;
    first[0]!.params.brand = 'changed by a caller';
    const again = fastMatchRoutes(tree(), '/shop/brands/acme.html')!;
    expect(again.at(-1)!.params).toEqual(originalMatchRoutes(routes, '/shop/brands/acme.html')!.at(-1)!.params);
    expect(new Set(again.map((m) => m.params)).size).toBe(1);
    for (let i = 0; i < 1200; i++) same(routes, `/shop/product-details.${i}.html`);
    same(routes, '/shop/brands/acme.html');
  });

  it('is what Remix calls once the production server is created', () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: unknown };
    createAppServer({ build, publicDir: path.resolve('public'), pageCacheTtlMs: 0 });
    expect(router.matchRoutes).toBe(fastMatchRoutes);
  });
});
