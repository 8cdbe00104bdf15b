/**
 * Remix's server route tree built once per build instead of once per rendered page.
 *
 * `<RemixServer>` (@remix-run/react 2.17) calls `createServerRoutes(manifest.routes, routeModules, future,
 * isSpaMode)` on every document render: it walks all 108 routes of the manifest and makes a fresh object (with
 * its components, error boundary and a no-op loader) for each, ~6 % of a rendered page's CPU in the soak's
 * profile. Its inputs do not change between renders of one build: the manifest is the build's own object, and
 * `routeModules` is rebuilt per request but names the same module objects. The tree is only read afterwards
 * (`createStaticRouter` copies every route into its own data routes), so one tree serves every render.
 *
 * Installed over the `createServerRoutes` export of @remix-run/react's routes module, which `<RemixServer>`
 * calls through the module object. The tree is reused only while the manifest object, the flags and every
 * route's module are the very ones it was built from; anything else goes to the original function.
 * tests/unit/server-routes.test.ts compares it with the original on the build's routes.
 */
import { createRequire } from 'node:module';

type CreateServerRoutes = (
  manifest: Record<string, unknown>,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown[];

interface RoutesModule {
  createServerRoutes: CreateServerRoutes;
}

const routesModule = createRequire(import.meta.url)('@remix-run/react/dist/routes.js') as RoutesModule;
/** The original, kept for calls the memo does not cover and for the tests. */
export const originalCreateServerRoutes: CreateServerRoutes = routesModule.createServerRoutes;

interface Built {
  future: unknown;
  isSpaMode: boolean;
  ids: string[];
  modules: unknown[];
  routes: unknown[];
}

const built = new WeakMap<object, Built>();

function sameInputs(entry: Built, routeModules: Record<string, unknown>, future: unknown, isSpaMode: boolean) {
  if (entry.future !== future || entry.isSpaMode !== isSpaMode) return false;
  if (Object.keys(routeModules).length !== entry.ids.length) return false;
  for (let i = 0; i < entry.ids.length; i++) if (routeModules[entry.ids[i]!] !== entry.modules[i]) return false;
  return true;
}

export const memoCreateServerRoutes: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
  // The recursive calls (a parent id and more) stay inside the original; only the top call is kept.
  if (rest.length > 0 || !manifest || typeof manifest !== 'object')
    return originalCreateServerRoutes(manifest, routeModules, future, isSpaMode, ...rest);
  const entry = built.get(manifest);
  if (entry && sameInputs(entry, routeModules, future, isSpaMode)) return entry.routes;
  const routes = originalCreateServerRoutes(manifest, routeModules, future, isSpaMode);
  const ids = Object.keys(routeModules);
  built.set(manifest, { future, isSpaMode, ids, modules: ids.map((id) => routeModules[id]), routes });
  return routes;
};

let installed = false;
/** Puts the memo in place of `createServerRoutes` for every render in this process. */
export function installServerRoutesMemo() {
  if (installed) return;
  installed = true;
  routesModule.createServerRoutes = memoCreateServerRoutes;
}
