import { createRequire } from 'node:module';
import type { ServerBuild } from '@remix-run/node';

/**
 * Which kind of route a request reaches, the way Remix's request handler decides it: a `_data` request,
 * a resource route (no component and no error boundary: its loader or action answers as is), or a document.
 * Remix is asked nothing here; the build's route table is matched once per request with the router's own
 * `matchRoutes` (the compiled one when route-matching is installed).
 */
export interface RouteKind {
  kind: 'data' | 'resource' | 'document';
  /** The route that answers, when one matches. */
  routeId: string | null;
  /** Whether that route has an action (anything but GET and HEAD needs one). */
  hasAction: boolean;
}

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: TreeRoute[];
}

interface RouterModule {
  matchRoutes: (routes: TreeRoute[], location: string) => Array<{ route: TreeRoute }> | null;
}

const router = createRequire(import.meta.url)('@remix-run/router') as RouterModule;

export function routeKinds(build: ServerBuild) {
  const children = new Map<string | undefined, TreeRoute[]>();
  for (const route of Object.values(build.routes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
    children.set(route.parentId, siblings);
  }
  const attach = (routes: TreeRoute[]): TreeRoute[] => {
    for (const route of routes) route.children = attach(children.get(route.id) ?? []);
    return routes;
  };
  const tree = attach(children.get(undefined) ?? []);
  const hasAction = (id: string | null) => Boolean(id && build.routes[id]?.module.action);

  return function routeKind(url: URL): RouteKind {
    const dataRoute = url.searchParams.get('_data');
    if (dataRoute !== null) {
      const known = dataRoute in build.routes ? dataRoute : null;
      return { kind: 'data', routeId: known, hasAction: hasAction(known) };
    }
    let leaf: string | null = null;
    try {
      leaf = router.matchRoutes(tree, url.pathname)?.at(-1)?.route.id ?? null;
    } catch {
      leaf = null;
    }
    const module = leaf ? build.routes[leaf]?.module : undefined;
    const resource = Boolean(module && !module.default && !module.ErrorBoundary);
    return { kind: resource ? 'resource' : 'document', routeId: leaf, hasAction: hasAction(leaf) };
  };
}
