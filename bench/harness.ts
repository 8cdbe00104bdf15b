/**
 * What bench/run.ts and bench/render.ts share: the pinned server and load generator, autocannon runs, and
 * shoppers' cookies got as a browser gets them (a signed-in customer C, a guest with a store G).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, exportJWK, type JWK } from 'jose';
import { Browser, signIn, userTypeOf } from '../tests/security/support/browser';
import { IDENTITY_PROVIDER } from '../scripts/server-commands';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const root = process.cwd();
export const dataDir = path.resolve('.cache/bench-data');
export const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
export const pinned = (core: number, args: string[]) =>
  hasTaskset
    ? { cmd: 'taskset', args: ['-c', String(core), process.execPath, ...args] }
    : { cmd: process.execPath, args };

export const secret = process.env.SESSION_SECRET ?? 'bench-secret-not-for-production';
export const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  NODE_ENV: 'production',
  APP_ENV: 'local-origin',
  LOG_LEVEL: 'warn',
  SESSION_SECRET: secret,
};

export async function waitFor(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

const children = new Set<ChildProcess>();
export function start(args: string[], extra: Record<string, string>, options: { cwd?: string; core?: number } = {}) {
  const { cmd, args: full } = options.core === undefined ? { cmd: process.execPath, args } : pinned(options.core, args);
  const child = spawn(cmd, full, {
    cwd: options.cwd ?? root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * CPU seconds (user + system) a process has used: per request, the figure that a machine shared with other
 * work disturbs least (requests/s and latency move with whatever else runs on the core).
 */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Responses received in the run. */
  requests: number;
}

export function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS): Figures {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { cmd, args } = pinned(1, [
    'node_modules/autocannon/autocannon.js',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(seconds),
    '-j',
    ...headerArgs,
    url,
  ]);
  const run = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

/**
 * A signed-in customer's cookies, got as a shopper gets them: a password sign-in through the storefront's
 * page and the real identity provider, so the access token names a live grant that every request
 * checks in the database (decision 0021), then the first pages until the storefront sets nothing more.
 */
export async function customerCookies(origin: string): Promise<string> {
  const { DEMO_CUSTOMERS } = await import('../app/db/seed/demo-customers');
  const customer = DEMO_CUSTOMERS[0]!;
  const browser = new Browser();
  await signIn(browser, origin, customer.email);
  for (let i = 0; i < 6; i++) {
    const { response } = await browser.navigate(`${origin}/`);
    await response.arrayBuffer();
    if (!browser.exchanges.at(-1)!.setCookies.length && response.status === 200) break;
  }
  const header = browser.cookieHeader(new URL(origin));
  const html = await (await fetch(`${origin}/`, { headers: { Cookie: header } })).text();
  if (!html.includes(`Hi, ${customer.firstName}`)) throw new Error('the signed-in customer cookies were not accepted');
  const user = decodeURIComponent(/PANTRY_USER=([^;]+)/.exec(header)?.[1] ?? '');
  const token = (
    JSON.parse(Buffer.from(user.slice(0, user.lastIndexOf('.')), 'base64').toString()) as { token: string }
  ).token;
  if (!(decodeJwt(token) as { gid?: string }).gid) throw new Error('the access token names no grant');
  return header;
}

/**
 * A member of staff's cookies, got as customerCookies gets a customer's: a password sign-in through the storefront
 * and the identity provider (whose token carries the staff claim), then the store's order queue until the
 * storefront sets nothing more.
 */
export async function staffCookies(origin: string, email: string, storeId: number): Promise<string> {
  const browser = new Browser();
  await signIn(browser, origin, email);
  const queue = `${origin}/staff/orders?store=${storeId}`;
  for (let i = 0; i < 6; i++) {
    const { response } = await browser.navigate(queue);
    await response.arrayBuffer();
    if (!browser.exchanges.at(-1)!.setCookies.length && response.status === 200) break;
  }
  const header = browser.cookieHeader(new URL(origin));
  const response = await fetch(queue, { headers: { Cookie: header }, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`the staff cookies were not accepted: ${response.status} on ${queue}`);
  return header;
}

/**
 * Builds the floor app (bench/floor/: a trivial Remix page, the same compiler) and returns how to serve it: the
 * reference every page's req/s is compared with.
 */
export function buildFloor() {
  const floorBuild = spawnSync(process.execPath, [path.resolve('node_modules/@remix-run/dev/dist/cli.js'), 'build'], {
    cwd: path.resolve('bench/floor'),
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', APP_ENV: 'local-origin' },
  });
  if (floorBuild.status !== 0) throw new Error(`the floor app did not build: ${floorBuild.stderr}`);
}

/** The floor on `port`, rendering on every request (no page cache): what Remix itself costs per page. */
export function startFloor(serve: string[], port: number) {
  return start(
    [...serve, 'build/index.js'],
    { PORT: String(port), PAGE_CACHE_TTL_MS: '0' },
    {
      cwd: path.resolve('bench/floor'),
      core: 0,
    },
  );
}

/** The identity provider on `idpPort` with a fresh signing key, for a storefront on `appPort`. */
export async function startIdentityProvider(
  idpPort: number,
  appPort: number,
  extra: Record<string, string> = {},
  command = IDENTITY_PROVIDER,
) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'bench', alg: 'ES256', use: 'sig' };
  return start(command, {
    IDP_PORT: String(idpPort),
    STOREFRONT_PORT: String(appPort),
    IDP_JWKS: JSON.stringify({ keys: [privateJwk] }),
    IDP_COOKIE_KEYS: randomBytes(32).toString('base64url'),
    ...extra,
  });
}

/**
 * A guest with a store (G): a deep link to the store (spec section 5) makes the guest session at once; then
 * the first pages until the storefront sets nothing more.
 */
export async function guestCookies(origin: string, storeId: string): Promise<string> {
  const browser = new Browser();
  await (await browser.navigate(`${origin}/?storeId=${storeId}&preference=PICKUP`)).response.arrayBuffer();
  for (let i = 0; i < 6; i++) {
    const { response } = await browser.navigate(`${origin}/`);
    await response.arrayBuffer();
    if (!browser.exchanges.at(-1)!.setCookies.length && response.status === 200) break;
  }
  const userType = await userTypeOf(browser, origin);
  if (userType !== 'G') throw new Error(`the deep link made a ${userType}, not a guest`);
  return browser.cookieHeader(new URL(origin));
}

/** The bench's own database (20,000 products unless SEED_PRODUCTS says otherwise), created and seeded when missing. */
export async function prepareBenchDatabase() {
  mkdirSync(dataDir, { recursive: true });
  process.env.DATA_DIR = dataDir;
  process.env.SEED_PRODUCTS ??= '20000';
  process.env.SESSION_SECRET = secret;
  const { prepareDatabase } = await import('../app/db/prepare.server');
  await prepareDatabase({ log: () => {} });
}
