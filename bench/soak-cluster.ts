/**
 * The soak's set-up, shared by `npm run soak` (bench/soak.ts) and `tsx bench/soak-parts.ts`: a throw-away
 * PostgreSQL database (SOAK_DATABASE_URL, default `database` on TEST_PG_ADMIN_URL's server, dropped first),
 * CLUSTER_SIZE storefronts (2) behind haproxy with the identity provider on free ports, SOAK_PRODUCTS products
 * (5,000), and a database handle for the checks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../app/db/db.server';
import { freePort, startCluster } from '../scripts/cluster';

export async function startSoakCluster(options: { database: string; nodeArgs?: string[] }) {
  const admin = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const fallback = new URL(admin);
  fallback.pathname = `/${options.database}`;
  const databaseUrl = process.env.SOAK_DATABASE_URL ?? fallback.toString();
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name ${name}`);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const serverUrl = server.toString();
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();

  const dataDir = mkdtempSync(path.join(tmpdir(), `${name.replace(/_/g, '-')}-`));
  const cluster = await startCluster({
    databaseUrl,
    size: Number(process.env.CLUSTER_SIZE ?? 2),
    port: await freePort(),
    idpPort: await freePort(),
    dataDir,
    seedProducts: Number(process.env.SOAK_PRODUCTS ?? 5000),
    output: 'collect',
    nodeArgs: options.nodeArgs ?? [],
    env: {
      LOG_LEVEL: 'warn',
      SIGNIN_CLIENT_LIMIT: '100000',
      SIGNUP_CLIENT_LIMIT: '100000',
      SESSION_SECRET: process.env.SESSION_SECRET || 'soak-secret',
    },
    log: (line) => console.log(line),
  });
  const check = openDatabase({ url: databaseUrl, poolMax: 2 });
  return {
    cluster,
    check,
    /** The database's name and its server's maintenance database (for pg_stat_activity). */
    name,
    serverUrl,
    async stop() {
      await check.db.destroy();
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
