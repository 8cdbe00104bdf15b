/**
 * Several storefront processes on one PostgreSQL database behind haproxy, plus the identity provider
 * (decision 0023). Used by `npm run start:cluster` (scripts/start-cluster.ts) and by the
 * resilience tests, which start small clusters on free ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { ownBannerOrigins } from '../app/modules/access/redirect-policy.server';
import { IDENTITY_PROVIDER, STOREFRONT } from './server-commands';

export { freePort };

export const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const SERVER = path.join(ROOT, STOREFRONT[0]!);
const PROVIDER = path.join(ROOT, IDENTITY_PROVIDER[0]!);

export interface ClusterOptions {
  /** postgres://… (the database is created when missing). */
  databaseUrl: string;
  /** Storefront processes behind the balancer. */
  size: number;
  /** The balancer's port: the shoppers' address is http://localhost:{port}. */
  port: number;
  idpPort: number;
  /** Ports of the storefront processes; free ones are chosen when not given. */
  storefrontPorts?: number[];
  /** Secrets (data/secrets.json), provider keys, the generated haproxy.cfg. */
  dataDir: string;
  /** Products for the first seed of an empty database. */
  seedProducts?: number;
  /** haproxy adds X-Served-By (the storefront's name) to every answer, for tests and demos. */
  servedBy?: boolean;
  /** Extra environment for the storefront processes (DB_POOL_MAX, LOG_LEVEL, …). */
  env?: Record<string, string | undefined>;
  /** Extra Node options for the storefront processes (e.g. --cpu-prof for a profile of a soak). */
  nodeArgs?: string[];
  /** Where the children's output goes: 'inherit' for the launcher, collected for the tests. */
  output?: 'inherit' | 'collect';
  log?: (line: string) => void;
}

/** The heap bound each storefront gets when STOREFRONT_MAX_OLD_SPACE_MB is not set (decision 0041). */
export const DEFAULT_STOREFRONT_OLD_SPACE_MB = 384;

/**
 * The old generation V8 lets a storefront fill before its first full collections, capped at
 * half the bound. A storefront keeps ~60 MB alive, and V8 sets the next collection's threshold from that: a full
 * collection every 2–3 s under the soak, each stalling every request in flight. From 160 MB they come every
 * ~10 s (11 instead of 39–41 in a 40-s soak), for ~60 MB more resident memory.
 */
export const STOREFRONT_INITIAL_OLD_SPACE_MB = 160;

/**
 * V8's old-space bound for each storefront process (decision 0041): without one, V8 sizes the heap from the
 * machine's memory and lets it grow to ~1 GB per process under the soak before collecting in earnest, although
 * what a storefront keeps alive is far smaller. STOREFRONT_MAX_OLD_SPACE_MB sets it (64 to 16,384); 0 leaves
 * V8's own sizing (and no initial size either). With a bound comes STOREFRONT_INITIAL_OLD_SPACE_MB's floor.
 */
export function storefrontHeapArgs(env: Record<string, string | undefined> = process.env): string[] {
  const raw = env.STOREFRONT_MAX_OLD_SPACE_MB?.trim();
  const mb = raw ? Number(raw) : DEFAULT_STOREFRONT_OLD_SPACE_MB;
  if (mb === 0) return [];
  if (!Number.isInteger(mb) || mb < 64 || mb > 16_384)
    throw new Error(`STOREFRONT_MAX_OLD_SPACE_MB must be 0 or a whole number of MB from 64 to 16384, not "${raw}"`);
  const initial = Math.min(STOREFRONT_INITIAL_OLD_SPACE_MB, Math.floor(mb / 2));
  return [`--max-old-space-size=${mb}`, `--initial-old-space-size=${initial}`];
}

export interface StorefrontProcess {
  name: string;
  port: number;
  child: ChildProcess;
}

export interface Cluster {
  url: string;
  idpUrl: string;
  storefronts: StorefrontProcess[];
  idp: ChildProcess;
  haproxy: ChildProcess;
  /** What the children wrote to stderr (output: 'collect'), for a failing test's message. */
  output: () => string;
  /** Starts a stopped storefront again on its port (same name); resolves once it answers /healthz. */
  restart: (name: string) => Promise<StorefrontProcess>;
  /** haproxy's runtime socket (scripts/cluster-restart.ts reads the servers' states from it). */
  statsSocket: string;
  stop: () => Promise<void>;
}

/** Creates the database of a postgres:// URL when it does not exist yet (on the same server's `postgres`). */
export async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Each storefront's own metrics port (decision 0111): METRICS_PORT for the first, +1 for the next, …; none when
 * METRICS_PORT is unset. Prometheus scrapes each process (docs/deploy.md).
 */
export function storefrontMetricsPort(metricsPort: string | undefined, index: number): string | undefined {
  if (!metricsPort?.trim()) return undefined;
  const base = Number(metricsPort);
  if (!Number.isInteger(base) || base < 1 || base + index > 65_535)
    throw new Error(`METRICS_PORT must be a port number, with room for ${index + 1} storefronts above it`);
  return String(base + index);
}

/**
 * SHUTDOWN_DRAIN_MS each storefront gets when none is configured: above haproxy's `inter 1s fall 3`, so the
 * balancer has taken a stopping process out before it stops listening (a rolling restart loses no request).
 */
export const CLUSTER_DRAIN_MS = 4_000;

export function haproxyConfig(input: {
  port: number;
  storefronts: { name: string; port: number }[];
  servedBy: boolean;
  /** A runtime socket (`show stat`): the rolling restart waits on it until a new process is back in rotation. */
  statsSocket?: string;
}) {
  const servers = input.storefronts.map(
    (s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 1s fall 3 rise 1 maxconn 10`,
  );
  return [
    'global',
    '  maxconn 2048',
    // One thread: with one per core (the default) haproxy spent 0.27 ms of CPU per soak response, with one
    // 0.08 ms (decision 0053); it balances a few thousand requests a second, far below one thread's limit.
    '  nbthread 1',
    ...(input.statsSocket ? [`  stats socket ${input.statsSocket} mode 600 level operator`] : []),
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A request waits up to this long for a storefront connection slot (maxconn), then 503.
    '  timeout queue 30s',
    // A busy storefront answers /readyz slowly, not never: only a dead, stopping or database-less one is taken out.
    '  timeout check 10s',
    '  option forwardfor',
    '  retries 2',
    '  option redispatch',
    'frontend storefront',
    `  bind 127.0.0.1:${input.port}`,
    `  bind [::1]:${input.port}`,
    '  default_backend storefronts',
    'backend storefronts',
    '  balance roundrobin',
    // Readiness, not liveness (decision 0110): a process that has begun to stop answers 503 and is drained first.
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...(input.servedBy ? ['  http-response set-header X-Served-By %[srv_name]'] : []),
    ...servers,
    '',
  ].join('\n');
}

async function waitFor(
  url: string,
  deadlineMs: number,
  isAlive: () => boolean,
  lastOutput: () => string,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (!isAlive()) throw new Error(`the process behind ${url} exited\n${lastOutput().slice(-2000)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

function readSessionSecret(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)['session-secret'];
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const collected: string[] = [];
  const children: ChildProcess[] = [];
  const spawnChild = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: options.output === 'inherit' ? 'inherit' : ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      collected.push(`[${name}] ${chunk.toString()}`);
      if (collected.length > 400) collected.splice(0, collected.length - 400);
    });
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  // Checked before anything starts: a mistyped bound is a clear error, not a cluster without one.
  const heapArgs = storefrontHeapArgs({ ...process.env, ...options.env });
  try {
    await ensurePostgresDatabase(options.databaseUrl);
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: process.env.APP_ENV || 'local-origin',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      ...(options.seedProducts ? { SEED_PRODUCTS: String(options.seedProducts) } : {}),
    };
    // Migrate and seed once, before any server starts (and the cookie secret, when none is configured).
    log('Preparing the database…');
    const prepare = spawnChild('prepare', process.execPath, [TSX, 'scripts/prepare.ts'], baseEnv);
    const prepared = await new Promise<number | null>((resolve) => prepare.once('exit', resolve));
    if (prepared !== 0) throw new Error(`preparing the database failed (${prepared})\n${collected.join('')}`);
    const sessionSecret = process.env.SESSION_SECRET || readSessionSecret(dataDir);
    if (!sessionSecret) throw new Error('no SESSION_SECRET and no data/secrets.json');
    const env: NodeJS.ProcessEnv = { ...baseEnv, SESSION_SECRET: sessionSecret, ...options.env };

    const idpUrl = `http://localhost:${options.idpPort}`;
    const idp = spawnChild('idp', process.execPath, [PROVIDER], {
      ...env,
      IDP_PORT: String(options.idpPort),
      STOREFRONT_PORT: String(options.port),
      IDP_ISSUER: idpUrl,
    });
    await waitFor(
      `${idpUrl}/.well-known/openid-configuration`,
      60_000,
      () => idp.exitCode === null,
      () => collected.join(''),
    );

    const ports = options.storefrontPorts ?? [];
    while (ports.length < options.size) ports.push(await freePort());
    const startStorefront = async (name: string, port: number): Promise<StorefrontProcess> => {
      const metricsPort = storefrontMetricsPort(env.METRICS_PORT, ports.indexOf(port));
      const child = spawnChild(
        name,
        process.execPath,
        [...heapArgs, ...(options.nodeArgs ?? []), SERVER, 'build/index.js'],
        {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          IDP_ISSUER: idpUrl,
          METRICS_PORT: metricsPort ?? '',
          SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS || String(CLUSTER_DRAIN_MS),
          // haproxy connects from loopback and appends the shopper's address to X-Forwarded-For (decision 0022).
          TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? '127.0.0.1,::1',
          // Redirects may go to the banner hosts shoppers see: the load balancer's port, not this process's.
          TRUSTED_DOMAINS: env.TRUSTED_DOMAINS ?? ownBannerOrigins(options.port).join(','),
        },
      );
      await waitFor(
        `http://127.0.0.1:${port}/healthz`,
        60_000,
        () => child.exitCode === null,
        () => collected.join(''),
      );
      return { name, port, child };
    };
    const storefronts = await Promise.all(
      ports.slice(0, options.size).map((port, index) => startStorefront(`storefront${index + 1}`, port)),
    );
    log(`Storefronts: ${storefronts.map((s) => `${s.name} 127.0.0.1:${s.port}`).join(', ')}`);

    const configDir = path.join(dataDir, 'cluster');
    mkdirSync(configDir, { recursive: true });
    const configFile = path.join(configDir, 'haproxy.cfg');
    const statsSocket = path.join(configDir, 'haproxy.sock');
    writeFileSync(
      configFile,
      haproxyConfig({ port: options.port, storefronts, servedBy: options.servedBy ?? false, statsSocket }),
    );
    const haproxy = spawnChild('haproxy', HAPROXY, ['-db', '-f', configFile], env);
    const url = `http://localhost:${options.port}`;
    await waitFor(
      `http://127.0.0.1:${options.port}/healthz`,
      20_000,
      () => haproxy.exitCode === null,
      () => collected.join(''),
    );

    return {
      url,
      idpUrl,
      storefronts,
      idp,
      haproxy,
      output: () => collected.join(''),
      statsSocket,
      restart: async (name) => {
        const index = storefronts.findIndex((s) => s.name === name);
        if (index < 0) throw new Error(`no storefront ${name}`);
        const restarted = await startStorefront(name, storefronts[index]!.port);
        storefronts[index] = restarted;
        return restarted;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
