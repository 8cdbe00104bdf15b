import SQLite from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_MARK } from '~/modules/http/api.server';
import { RETRY_AFTER_SECONDS } from '~/modules/http/database-unavailable.server';
import { sessionCookie } from '~/modules/session/session-cookie.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { freePort, Shopper, startStorefront, startTokenIssuer, type Storefront } from './support/storefront';

/**
 * Decision 0030: every resource route (a route module without a page, which Remix answers
 * without the document entry) answers 503 + Retry-After when the database is unavailable, never a 500.
 * The routes come from app/routes (checked against the build), so a new route is covered the day it is
 * added: its loader and action must be wrapped by apiRoute(), and a call with the database down must
 * not answer 500.
 */

const JORDAN = { customerId: 500001, firstName: 'Jordan' };
const ROUTES_DIR = path.resolve('app/routes');

/** Route files without a default export (no page): Remix's resource routes. */
function resourceRouteFiles(): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .filter((file) => !/^export default /m.test(readFileSync(path.join(ROUTES_DIR, file), 'utf8')))
    .sort();
}

interface ResourceRoute {
  id: string;
  pathname: string;
  methods: ('GET' | 'POST')[];
  wrapped: Record<string, boolean>;
}

async function resourceRoutes(): Promise<ResourceRoute[]> {
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
  const routes: ResourceRoute[] = [];
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    const parent = fullPath(route.parentId);
    return [parent, route.path ?? ''].filter(Boolean).join('/');
  };
  for (const route of Object.values(build.routes)) {
    const module = route.module as { default?: unknown; loader?: unknown; action?: unknown };
    if (module.default) continue;
    const fill: Record<string, string> = { customerId: String(JORDAN.customerId), file: 'missing.jpg' };
    const pathname = `/${fullPath(route.id)}`.replace(/:(\w+)/g, (_, name: string) => fill[name] ?? '1');
    const wrapped: Record<string, boolean> = {};
    for (const name of ['loader', 'action'] as const) {
      const handler = module[name] as (Record<symbol, unknown> & (() => unknown)) | undefined;
      if (handler) wrapped[name] = handler[API_ROUTE_MARK] === true;
    }
    routes.push({
      id: route.id,
      pathname,
      methods: [...(module.loader ? (['GET'] as const) : []), ...(module.action ? (['POST'] as const) : [])],
      wrapped,
    });
  }
  return routes.sort((a, b) => a.id.localeCompare(b.id));
}

describe('every resource route is wrapped', () => {
  it('the build has exactly the resource routes of app/routes, and each loader and action goes through apiRoute()', async () => {
    const files = resourceRouteFiles();
    const routes = await resourceRoutes();
    expect(routes.map((route) => route.id.replace(/^routes\//, '')).sort()).toEqual(
      files.map((file) => file.replace(/\.(tsx?|jsx?)$/, '')).sort(),
    );
    expect(routes.length).toBeGreaterThan(50);
    const unwrapped = routes.flatMap((route) =>
      Object.entries(route.wrapped)
        .filter(([, wrapped]) => !wrapped)
        .map(([name]) => `${route.id} ${name}`),
    );
    expect(unwrapped, 'wrap these with apiRoute() (app/modules/http/api.server.ts)').toEqual([]);
  });
});

/** A TCP relay in front of the shared PostgreSQL server, so the test can cut the database off and back. */
async function startRelay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        const forget = () => {
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('close', forget).on('error', () => upstream.destroy());
        upstream.on('close', forget).on('error', () => client.destroy());
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    /** Refuses new connections and ends every open one, as a database that went away does. */
    cut: () =>
      new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: listen,
  };
}

interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
  body: string;
}

describe.each(DIALECTS)('every resource route with the database unavailable on %s', (dialect) => {
  let test: TestDatabase;
  let issuer: Awaited<ReturnType<typeof startTokenIssuer>>;
  let server: Storefront | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 200 });
    issuer = await startTokenIssuer();
    let databaseUrl = test.url;
    if (dialect === 'postgres') {
      const url = new URL(test.url);
      relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${relay.port}`;
      databaseUrl = url.toString();
    }
    server = await startStorefront(databaseUrl, { IDP_ISSUER: issuer.issuer, DB_POOL_MAX: '4' });
  });
  afterAll(async () => {
    await server?.stop();
    await issuer?.close();
    await test?.drop();
  });

  /**
   * One call per resource route and method, each as a freshly signed-in customer (some calls sign out):
   * JSON for APIs, a form otherwise.
   */
  async function walk(): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const route of await resourceRoutes()) {
      for (const method of route.methods) {
        const api = /^\/(api|ucaservice|account\/passkey)\//.test(route.pathname);
        const init: RequestInit =
          method === 'GET'
            ? { headers: { Accept: api ? 'application/json' : 'text/html' } }
            : api
              ? { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}' }
              : {
                  method,
                  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
                  body: 'intent=add&productId=1&quantity=1',
                };
        const response = await (await signedIn()).fetch(route.pathname, init);
        answers.push({
          call: `${method} ${route.pathname}`,
          status: response.status,
          retryAfter: response.headers.get('Retry-After'),
          body: (await response.text()).slice(0, 200),
        });
      }
    }
    return answers;
  }

  function expectNoServerError(answers: Answer[]) {
    const counts = new Map<number, number>();
    for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    console.log(
      `[resource routes, ${dialect}] ${answers.length} calls: ` +
        [...counts].map(([status, count]) => `${count}×${status}`).join(', '),
    );
    const serverErrors = answers.filter((answer) => answer.status >= 500 && answer.status !== 503);
    expect(serverErrors, 'resource routes answering 5xx other than 503').toEqual([]);
    const without = answers.filter(
      (answer) => answer.status === 503 && answer.retryAfter !== String(RETRY_AFTER_SECONDS),
    );
    expect(without, '503s without Retry-After').toEqual([]);
  }

  /** The outage changes an answer into a 503 or not at all (nothing else, e.g. a 404 or a guest's 401). */
  function expectOnlyUnavailableChanged(up: Answer[], down: Answer[]) {
    expect(down.map((answer) => answer.call)).toEqual(up.map((answer) => answer.call));
    const changed = down
      .map((answer, i) => ({ call: answer.call, up: up[i]!.status, down: answer.status }))
      .filter((pair) => pair.down !== 503 && pair.down !== pair.up);
    expect(changed, 'answers the outage changed into something other than 503').toEqual([]);
  }

  const signedIn = async () => {
    const shopper = new Shopper(server!.origin);
    const user = await sessionCookie('user', 'C').serialize({ token: await issuer.token(JORDAN) });
    const [pair] = user.split(';');
    shopper.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    return shopper;
  };

  it.runIf(dialect === 'postgres')(
    'PostgreSQL gone (connections cut, new ones refused): every call that needs it answers 503 + Retry-After, none 500; back without a restart',
    async () => {
      // Warm: every route once with the database up (no 5xx there either).
      const warm = await walk();
      expectNoServerError(warm);
      await relay!.cut();
      let answers: Answer[];
      try {
        answers = await walk();
      } finally {
        await relay!.restore();
      }
      expectNoServerError(answers);
      expectOnlyUnavailableChanged(warm, answers);
      // Calls refused on their input (400, 405) or that need no database answer as before; the rest 503.
      expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThanOrEqual(20);
      expect(server!.process.exitCode).toBeNull();
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i++) {
        healthy = (await fetch(`${server!.origin}/healthz`)).status === 200;
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(healthy).toBe(true);
    },
  );

  it.runIf(dialect === 'sqlite')(
    'SQLite write-locked by another process: no call answers 500; writes answer 503 + Retry-After, reads go on',
    async () => {
      const warm = await walk();
      expectNoServerError(warm);
      const holder = new SQLite(test.url);
      holder.exec('begin exclusive');
      let answers: Answer[];
      try {
        answers = await walk();
      } finally {
        holder.exec('rollback');
        holder.close();
      }
      expectNoServerError(answers);
      expectOnlyUnavailableChanged(warm, answers);
      // WAL readers are not blocked, so only the calls that write answer 503.
      expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      expect(server!.process.exitCode).toBeNull();
    },
  );
});
