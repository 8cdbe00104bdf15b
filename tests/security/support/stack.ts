import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DialectName } from '~/db/dialect';
import { createSeededTestDatabase, type TestDatabase } from '../../integration/support/databases';
import { freePort } from '../../../scripts/free-port';
import { IDENTITY_PROVIDER, STOREFRONT } from '../../../scripts/server-commands';

export { freePort };

export const TEST_SECRET = 'security-test-secret-not-for-production';

export interface Stack {
  /** Storefront origins (http://localhost:PORT), one per process. */
  storefronts: string[];
  idp: string;
  database: TestDatabase;
  /** The processes' data folder (the identity provider keeps its generated secrets there). */
  dataDir: string;
  /** The last few KB storefront `index` wrote to stderr (its warnings and errors). */
  logs: (index: number) => string;
  /** Restarts storefront `index` with extra environment (a rotated secret, say). */
  restartStorefront: (index: number, env: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited (${child.exitCode}): ${output()}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not become healthy: ${output()}`);
}

function launch(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return { child, output: () => stderr };
}

/**
 * The production build served by N real storefront processes (Pantry's server, or the stock remix-serve) and
 * the identity provider
 * on free ports, over one freshly seeded database of the dialect. Needs `npm run build` first.
 */
export async function startStack(
  dialect: DialectName,
  count = 1,
  /** Extra environment per storefront process, by index. */
  processEnv: Record<string, string>[] = [],
  /** The issuer everyone is told (a proxy in front of the provider, say); the provider's own address by default. */
  options: {
    issuer?: string;
    /** Serve the build with the stock `remix-serve` instead of Pantry's server (server/serve.ts). */
    server?: 'pantry' | 'remix-serve';
  } = {},
): Promise<Stack> {
  if (!existsSync(STOREFRONT[0]!)) throw new Error(`${STOREFRONT[0]} is missing: run \`npm run build\` first`);
  const database = await createSeededTestDatabase(dialect, { products: 200 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-security-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const idpPort = await freePort();
  const storefronts = ports.map((port) => `http://localhost:${port}`);
  const idp = `http://localhost:${idpPort}`;
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: TEST_SECRET,
    SIGNIN_CLIENT_LIMIT: '100000',
    SIGNUP_CLIENT_LIMIT: '100000',
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST,
    IDP_ISSUER: options.issuer ?? idp,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    APP_ENV: 'local-origin',
  };
  const provider = launch(IDENTITY_PROVIDER, {
    ...base,
    IDP_PORT: String(idpPort),
    STOREFRONT_PORT: String(ports[0]),
    STOREFRONT_ORIGINS: storefronts.join(','),
  });
  const processes: (ReturnType<typeof launch> | undefined)[] = [];
  const startStorefront = async (index: number, env: Record<string, string> = {}) => {
    const command =
      options.server === 'remix-serve' ? ['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'] : STOREFRONT;
    const launched = launch(command, {
      ...base,
      PORT: String(ports[index]),
      ...env,
    });
    processes[index] = launched;
    await waitHealthy(`${storefronts[index]}/healthz`, launched.child, launched.output);
  };
  const stopChild = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await waitHealthy(`${idp}/healthz`, provider.child, provider.output);
    await Promise.all(ports.map((_, index) => startStorefront(index, processEnv[index])));
  } catch (error) {
    for (const launched of [provider, ...processes]) if (launched) await stopChild(launched.child);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    storefronts,
    idp,
    database,
    dataDir,
    logs: (index) => processes[index]?.output() ?? '',
    restartStorefront: async (index, env) => {
      await stopChild(processes[index]!.child);
      await startStorefront(index, { ...processEnv[index], ...env });
    },
    stop: async () => {
      for (const launched of [...processes, provider]) if (launched) await stopChild(launched.child);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
