import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/app-server';
import { memoCreateServerRoutes, originalCreateServerRoutes } from '../../server/framework/server-routes';

/**
 * Remix's server route tree is built once per build (server/framework/server-routes.ts): the kept tree
 * must be the one the original builds, and be rebuilt when its inputs are not the ones it came from.
 */
if (!existsSync('build/index.js'))
  throw new Error('server-routes.test.ts needs the production build: run npm run build');
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;

interface ServerRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  handle?: unknown;
  Component?: unknown;
  ErrorBoundary?: unknown;
  loader?: unknown;
  children?: ServerRoute[];
}

/** What a render's routeModules is: a fresh object per request naming the build's module objects. */
const routeModules = () =>
  Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route!.module])) as Record<string, unknown>;
const manifest = build.assets.routes as unknown as Record<string, unknown>;

function shape(routes: ServerRoute[]): unknown[] {
  return routes.map((route) => ({
    id: route.id,
    path: route.path,
    index: route.index,
    caseSensitive: route.caseSensitive,
    handle: route.handle,
    Component: route.Component,
    hasErrorBoundary: Boolean(route.ErrorBoundary),
    hasLoader: Boolean(route.loader),
    children: shape(route.children ?? []),
  }));
}

describe('the server route tree, built once per build', () => {
  it('is the tree the original builds, with the same components and handles', () => {
    const kept = memoCreateServerRoutes(manifest, routeModules(), build.future, build.isSpaMode) as ServerRoute[];
    const fresh = originalCreateServerRoutes(manifest, routeModules(), build.future, build.isSpaMode) as ServerRoute[];
    expect(shape(kept)).toEqual(shape(fresh));
    expect(JSON.stringify(shape(kept)).match(/"id"/g)!.length).toBe(Object.keys(build.routes).length);
  });

  it('serves the next render the same tree, and builds again when a module or the flags differ', () => {
    const first = memoCreateServerRoutes(manifest, routeModules(), build.future, build.isSpaMode);
    expect(memoCreateServerRoutes(manifest, routeModules(), build.future, build.isSpaMode)).toBe(first);

    const changed = routeModules();
    const [someId] = Object.keys(changed).filter((id) => id !== 'root');
    changed[someId!] = { ...(changed[someId!] as object), handle: { changed: true } };
    const rebuilt = memoCreateServerRoutes(manifest, changed, build.future, build.isSpaMode) as ServerRoute[];
    expect(rebuilt).not.toBe(first);
    const find = (routes: ServerRoute[]): ServerRoute | undefined =>
      routes.map((r) => (r.id === someId ? r : find(r.children ?? []))).find(Boolean);
    expect(find(rebuilt)!.handle).toEqual({ changed: true });

    expect(memoCreateServerRoutes(manifest, routeModules(), { ...build.future }, build.isSpaMode)).not.toBe(first);
  });

  it('is what <RemixServer> calls once the production server is created', () => {
    const routes = createRequire(import.meta.url)('@remix-run/react/dist/routes.js') as { createServerRoutes: unknown };
    createAppServer({ build, publicDir: path.resolve('public'), pageCacheTtlMs: 0 });
    expect(routes.createServerRoutes).toBe(memoCreateServerRoutes);
  });
});
