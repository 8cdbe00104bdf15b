/**
 * `tsx bench/route-matching.ts`: the cost of one route match on the build's route tree, React Router's own
 * `matchRoutes` against the compiled table of server/framework/route-matching.ts. Remix matches
 * a document request about five times (the request handler, the static handler, <DataRoutes>, the lazy route
 * discovery's partial manifest per parent path), on a tree it builds anew for each render.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { fastMatchRoutes, originalMatchRoutes } from '../server/framework/route-matching';

const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
function tree(): Node[] {
  const byParent = new Map<string | undefined, Node[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
    byParent.set(route.parentId, list);
  }
  const attach = (routes: Node[]): Node[] =>
    routes.map((route) => Object.assign(route, { children: attach(byParent.get(route.id) ?? []) }));
  return attach(byParent.get(undefined) ?? []);
}

const ROUNDS = 2000;
console.log(
  `${Object.keys(build.routes).length} routes; CPU µs per match (process.cpuUsage), a fresh tree per 5 matches (as per render)\n`,
);
console.log('| path | React Router | compiled table |');
console.log('| --- | ---: | ---: |');
let serial = 0;
const fresh = '/shop/product-details.<a new id each match>.html';
for (const location of ['/', '/shop/search-results.html', '/shop/product-details.960000091.html', fresh]) {
  const at = () => (location === fresh ? `/shop/product-details.${++serial}.html` : location);
  const time = (match: typeof fastMatchRoutes) => {
    for (let i = 0; i < 200; i++) match(tree(), at()); // warm-up
    let routes = tree();
    const started = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 5 === 0) routes = tree();
      match(routes, at());
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / ROUNDS;
  };
  const treeCost = (() => {
    const started = process.cpuUsage();
    for (let i = 0; i < ROUNDS / 5; i++) tree();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / ROUNDS;
  })();
  console.log(
    `| ${location} | ${(time(originalMatchRoutes) - treeCost).toFixed(1)} | ${(time(fastMatchRoutes) - treeCost).toFixed(1)} |`,
  );
}
