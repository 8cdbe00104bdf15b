/**
 * Route matching with the route table compiled once.
 *
 * Remix 2 matches a request's URL against the route tree five times per page (the request handler, the
 * static handler, the static router's <DataRoutes>, and the lazy route discovery's partial manifest for each
 * parent path), and React Router's `matchRoutes` flattens and ranks the whole tree, and compiles a regular
 * expression for every route it tries, on every call: ~15 % of a rendered page's CPU with 108 routes. This is
 * the same algorithm (@remix-run/router 1.23, `matchRoutesImpl` with allowPartial false) over a table built
 * once per tree shape: the branches ranked and every pattern's expression compiled, and the last 500 paths'
 * outcomes (one render asks for the same path four times). Remix rebuilds the tree objects per render, so
 * tables are keyed by the tree's shape (paths, index and case flags, nesting) and a match is handed back
 * with the caller's own route objects.
 *
 * Installed over the `matchRoutes` export, which Remix's server runtime, its fog-of-war and React Router's
 * `useRoutes` call through the module object. tests/unit/route-matching.test.ts checks it against the
 * original on every route of the build.
 */
import { createRequire } from 'node:module';

interface RouteLike {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
interface Match<R> {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: R;
}
type MatchRoutes = <R extends RouteLike>(
  routes: R[],
  location: string | { pathname?: string },
  basename?: string,
) => Match<R>[] | null;
interface RouterModule {
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
}

const router = createRequire(import.meta.url)('@remix-run/router') as RouterModule;
/** The router's own function, kept for what the table does not cover (a basename, an undecodable path). */
export const originalMatchRoutes: MatchRoutes = router.matchRoutes;

interface Param {
  name: string;
  optional: boolean;
}
interface Segment {
  /** Child indexes from the top of the tree down to this route. */
  at: number[];
  matcher: RegExp;
  params: Param[];
}
interface Branch {
  segments: Segment[];
}

// compilePath of @remix-run/router, once per pattern.
function compilePattern(path: string, caseSensitive: boolean, end: boolean): { matcher: RegExp; params: Param[] } {
  const params: Param[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_: string, name: string, optional?: string) => {
        params.push({ name, optional: optional != null });
        return optional ? '/?([^\\/]+)?' : '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  return { matcher: new RegExp(source, caseSensitive ? undefined : 'i'), params };
}

const removeDoubleSlashes = (path: string) => path.replace(/\/\/+/g, '/');
const joinPaths = (paths: string[]) => removeDoubleSlashes(paths.join('/'));
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');
const paramRe = /^:[\w-]+$/;

function computeScore(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let score = segments.length;
  if (segments.some((s) => s === '*')) score += -2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += paramRe.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

function explodeOptionalSegments(path: string): string[] {
  const segments = path.split('/');
  if (segments.length === 0) return [];
  const [first, ...rest] = segments as [string, ...string[]];
  const isOptional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return isOptional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : [required, sub].join('/')));
  if (isOptional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

interface Meta {
  relativePath: string;
  caseSensitive: boolean;
  childrenIndex: number;
}

/** flattenRoutes and rankRouteBranches of @remix-run/router, with each pattern compiled. */
function buildTable(routes: RouteLike[]): Branch[] {
  const flat: { path: string; score: number; metas: Meta[]; at: number[][] }[] = [];
  const flatten = (list: RouteLike[], parents: Meta[], parentAt: number[][], parentPath: string) => {
    const one = (route: RouteLike, index: number, relative?: string) => {
      const meta: Meta = {
        relativePath: relative === undefined ? route.path || '' : relative,
        caseSensitive: route.caseSensitive === true,
        childrenIndex: index,
      };
      if (meta.relativePath.startsWith('/')) {
        if (!meta.relativePath.startsWith(parentPath)) throw new Error(`absolute route path ${meta.relativePath}`);
        meta.relativePath = meta.relativePath.slice(parentPath.length);
      }
      const path = joinPaths([parentPath, meta.relativePath]);
      const metas = parents.concat(meta);
      const at = parentAt.concat([[...(parentAt.at(-1) ?? []), index]]);
      if (route.children && route.children.length > 0) flatten(route.children, metas, at, path);
      if (route.path == null && !route.index) return;
      flat.push({ path, score: computeScore(path, route.index), metas, at });
    };
    list.forEach((route, index) => {
      if (route.path === '' || !route.path?.includes('?')) one(route, index);
      else for (const exploded of explodeOptionalSegments(route.path)) one(route, index, exploded);
    });
  };
  flatten(routes, [], [], '');
  const compareIndexes = (a: number[], b: number[]) => {
    const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
    return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
  };
  flat.sort((a, b) =>
    a.score !== b.score
      ? b.score - a.score
      : compareIndexes(
          a.metas.map((m) => m.childrenIndex),
          b.metas.map((m) => m.childrenIndex),
        ),
  );
  return flat.map(({ metas, at }) => ({
    segments: metas.map((meta, i) => ({
      at: at[i]!,
      ...compilePattern(meta.relativePath, meta.caseSensitive, i === metas.length - 1),
    })),
  }));
}

function shapeOf(routes: RouteLike[]): string {
  let shape = '';
  const walk = (list: RouteLike[]) => {
    shape += '[';
    for (const route of list) {
      shape += `${route.path === undefined ? '\u0000' : JSON.stringify(route.path)}${route.index ? 'i' : ''}${route.caseSensitive === true ? 'c' : ''}`;
      if (route.children && route.children.length > 0) walk(route.children);
      shape += ',';
    }
    shape += ']';
  };
  walk(routes);
  return shape;
}

/** Where a path matched, by position in the tree: the same for every tree of one shape. */
interface Found {
  at: number[][];
  params: Record<string, string | undefined>;
  pathnames: string[];
  bases: string[];
}
interface Table {
  branches: Branch[];
  /**
   * The last paths looked up (most recent last): one render asks for the same path about four times, and for
   * its parent paths. Bounded, so many distinct paths (a catalogue's product pages) only cost a match each.
   */
  found: Map<string, Found | null>;
}
const MAX_TABLES = 16;
const MAX_FOUND = 500;
const tables = new Map<string, Table>();
const shapes = new WeakMap<object, string>();

function tableFor(routes: RouteLike[]): Table {
  let shape = shapes.get(routes);
  if (shape === undefined) shapes.set(routes, (shape = shapeOf(routes)));
  let table = tables.get(shape);
  if (!table) {
    table = { branches: buildTable(routes), found: new Map() };
    if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value!);
    tables.set(shape, table);
  }
  return table;
}

function decodePath(value: string): string | null {
  try {
    return value
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return null;
  }
}

function routeAt<R extends RouteLike>(routes: R[], at: number[]): R {
  let list: RouteLike[] = routes;
  let route: RouteLike | undefined;
  for (const index of at) {
    route = list[index];
    list = route?.children ?? [];
  }
  return route as R;
}

function matchBranch(branch: Branch, pathname: string): Found | null {
  const matchedParams: Record<string, string | undefined> = {};
  let matchedPathname = '/';
  const found: Found = { at: [], params: matchedParams, pathnames: [], bases: [] };
  for (const segment of branch.segments) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = segment.matcher.exec(remaining);
    if (!match) return null;
    // matchPath of @remix-run/router.
    const matched = match[0];
    let pathnameBase = matched.replace(/(.)\/+$/, '$1');
    segment.params.forEach(({ name, optional }, index) => {
      const value = match[index + 1];
      if (name === '*') pathnameBase = matched.slice(0, matched.length - (value || '').length).replace(/(.)\/+$/, '$1');
      matchedParams[name] = optional && !value ? undefined : (value || '').replace(/%2F/g, '/');
    });
    found.at.push(segment.at);
    found.pathnames.push(joinPaths([matchedPathname, matched]));
    found.bases.push(normalizePathname(joinPaths([matchedPathname, pathnameBase])));
    if (pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, pathnameBase]);
  }
  return found;
}

/** The caller's matches: its own route objects, and one params object shared by them all, as the router does. */
function toMatches<R extends RouteLike>(routes: R[], found: Found): Match<R>[] {
  const params = { ...found.params };
  return found.at.map((at, i) => ({
    params,
    pathname: found.pathnames[i]!,
    pathnameBase: found.bases[i]!,
    route: routeAt(routes, at),
  }));
}

export const fastMatchRoutes: MatchRoutes = (routes, location, basename = '/') => {
  const pathname = (typeof location === 'string' ? router.parsePath(location) : location).pathname || '/';
  const decoded = basename === '/' ? decodePath(pathname) : null;
  // A basename, or a path the router would warn about: the router's own code.
  if (decoded === null) return originalMatchRoutes(routes, location, basename);
  const table = tableFor(routes);
  let found = table.found.get(decoded);
  if (found === undefined) {
    found = null;
    for (const branch of table.branches) if ((found = matchBranch(branch, decoded))) break;
    if (table.found.size >= MAX_FOUND) table.found.delete(table.found.keys().next().value!);
  } else {
    table.found.delete(decoded);
  }
  table.found.set(decoded, found);
  return found ? toMatches(routes, found) : null;
};

let installed = false;
/** Puts the compiled matcher in place of the router's `matchRoutes` for every caller in this process. */
export function installRouteMatching() {
  if (installed) return;
  installed = true;
  router.matchRoutes = fastMatchRoutes;
}
