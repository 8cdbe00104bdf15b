/**
 * The production build served in-process: `createRequestHandler(build)` over a fresh, seeded database
 * (SQLite or PostgreSQL) with the real identity provider on a free port. Requests skip the socket, not
 * the app: routes, loaders, actions, entry.server and error boundaries all run as in production.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { sql } from 'kysely';
import { useDatabaseForTests } from '~/db/db.server';
import type { DialectName } from '~/db/dialect';
import { startIdentityProvider } from '../../../idp/server';
import { createSeededTestDatabase, type TestDatabase } from '../../integration/support/databases';
import { freePort } from '../../../scripts/free-port';

export const DEMO_PASSWORD = 'Pantry-demo-2026';
export const JORDAN_EMAIL = 'jordan@pantry.test';

export interface InProcessApp {
  origin: string;
  issuer: string;
  database: TestDatabase;
  handle: (request: Request) => Promise<Response>;
  /** A client with its own cookie jar, following the identity provider's redirects over HTTP. */
  browser: () => Browser;
  /** Row count and a content hash of every table: equal before and after means nothing changed. */
  snapshot: () => Promise<Record<string, string>>;
  close: () => Promise<void>;
}

export interface Browser {
  jar: Map<string, string>;
  request: (pathOrUrl: string, init?: RequestInit) => Promise<Response>;
  signIn: (email?: string, password?: string) => Promise<void>;
}

const BUILD = path.resolve('build/index.js');

export async function startInProcessApp(dialect: DialectName, env: Record<string, string> = {}): Promise<InProcessApp> {
  if (!existsSync(BUILD)) throw new Error('No production build: run `npm run build` first (npm test does).');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-security-'));
  const storefrontPort = await freePort();
  const idpPort = await freePort();
  const origin = `http://localhost:${storefrontPort}`;
  const issuer = `http://localhost:${idpPort}`;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    IDP_ISSUER: issuer,
    LOG_LEVEL: 'silent',
    // As served: React's production server renderer, production-only behaviour.
    NODE_ENV: 'production',
    APP_ENV: 'local-origin',
    ...env,
  });
  // After the environment: the demo accounts' password hashes follow PASSWORD_HASH_COST as sign-ups' do.
  const database = await createSeededTestDatabase(dialect, { products: 200 });
  process.env.DATABASE_URL = database.url;
  // The provider (source modules) and the build (its own bundled modules) share the one database.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
  useDatabaseForTests(database);
  const { server } = (await startIdentityProvider({ port: idpPort, issuer, origins: [origin] })) as { server: Server };
  // A module instance of its own per app: the build caches its environment and database on first use,
  // so a second app in the same test file (the other dialect) must not reuse the first one's.
  const build = (await import(`${pathToFileURL(BUILD).href}?app=${storefrontPort}`)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  const handle = (request: Request) => handler(request);

  function browser(): Browser {
    const jar = new Map<string, string>();
    const idpJar = new Map<string, string>();
    async function request(pathOrUrl: string, init: RequestInit = {}) {
      const url = new URL(pathOrUrl, origin);
      const headers = new Headers(init.headers);
      const own = url.origin === origin;
      const cookies = own ? jar : idpJar;
      if (cookies.size) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      // A client over HTTP declares the length of a body it has in hand; streams go chunked.
      const body = init.body;
      if (typeof body === 'string' || body instanceof Uint8Array || body instanceof URLSearchParams) {
        const length =
          typeof body === 'string' || body instanceof URLSearchParams
            ? Buffer.byteLength(String(body))
            : body.byteLength;
        if (!headers.has('Content-Length')) headers.set('Content-Length', String(length));
      }
      const req = new Request(url, { ...init, headers, redirect: 'manual' });
      const response = own ? await handle(req) : await fetch(req);
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq);
        const value = pair.slice(eq + 1);
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    }
    async function signIn(email = JORDAN_EMAIL, password = DEMO_PASSWORD) {
      let response = await request('/account/sign-in.html', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'password', email, password }),
      });
      let current = new URL('/account/sign-in.html', origin);
      for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
        await response.body?.cancel();
        current = new URL(response.headers.get('Location')!, current);
        if (current.origin === origin && !current.pathname.startsWith('/account/auth/')) return;
        response = await request(current.toString());
      }
      throw new Error(`sign-in did not complete: ${response.status}`);
    }
    return { jar, request, signIn };
  }

  async function snapshot() {
    const tables =
      dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select table_name as name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(database.db)
          ).rows
        : (
            await sql<{ name: string }>`select name from sqlite_master where type = 'table'
              and name not like 'sqlite_%' and name not like '%fts%' order by 1`.execute(database.db)
          ).rows;
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      // Rate-limit counters and sign-in bookkeeping change on any attempt by design; data must not.
      if (name === 'rate_limits' || name === 'sign_in_delays') continue;
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
      const text = rows.rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n');
      const { createHash } = await import('node:crypto');
      result[name] = `${rows.rows.length}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    }
    return result;
  }

  async function close() {
    await new Promise((resolve) => server.close(resolve));
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
    useDatabaseForTests(undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { origin, issuer, database, handle, browser, snapshot, close };
}
