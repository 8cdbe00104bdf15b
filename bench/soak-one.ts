/**
 * `npm run soak:one`: the soak's mix (bench/soak-run.ts) in the conditions the page budgets are measured
 * in (bench/run.ts): ONE storefront on the embedded SQLite database, pinned to core 0, and the load generator
 * (this process, pinned to core 1), production build, loopback. `npm run soak` runs the same
 * mix through two storefronts, PostgreSQL and haproxy, which share both cores with the load generator.
 * Same shoppers, warm-up, length, figures and budgets (soakSettings); exits 1 when one is missed.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { storefrontHeapArgs } from '../scripts/cluster';
import { freePort } from '../scripts/free-port';
import { soakWorld } from '../tests/resilience/support/soak-world';
import { hasTaskset, start, startIdentityProvider, stop, waitFor } from './harness';
import { writeResults } from './results-file';
import { formatSoak, runSoak, soakMisses, soakSettings } from './soak-run';
import { STOREFRONT } from '../scripts/server-commands';

// The load generator is this process: pinned to core 1 in place (every thread), so that a signal that stops it
// stops the run; the storefront it starts is pinned to core 0 by the harness.
if (hasTaskset && spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)]).status !== 0)
  throw new Error('could not pin the load generator to core 1');

const settings = soakSettings();
const dataDir = path.resolve('.cache/soak-one-data');
rmSync(dataDir, { recursive: true, force: true });
const database = { DATA_DIR: dataDir, DATABASE_URL: '' };
Object.assign(process.env, database, { SEED_PRODUCTS: process.env.SOAK_PRODUCTS ?? '5000' });
process.env.SESSION_SECRET ||= 'soak-secret';
// Imported after the environment is set: both read DATA_DIR when they open the database.
const { prepareDatabase } = await import('../app/db/prepare.server');
const { openDatabase } = await import('../app/db/db.server');
await prepareDatabase({ log: () => {} });

const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const idp = await startIdentityProvider(idpPort, appPort, database);
const app = start(
  [...storefrontHeapArgs(), ...STOREFRONT],
  {
    ...database,
    PORT: String(appPort),
    IDP_ISSUER: issuer,
    SESSION_SECRET: process.env.SESSION_SECRET,
    SIGNIN_CLIENT_LIMIT: '100000',
    SIGNUP_CLIENT_LIMIT: '100000',
  },
  { core: 0 },
);
const url = `http://localhost:${appPort}`;
const check = openDatabase({ url: '' });
let failed = true;
try {
  await waitFor(`${url}/healthz`);
  await waitFor(`${issuer}/.well-known/openid-configuration`);
  const world = await soakWorld(check.db, { url, storefronts: [{ child: app }] }, settings.shoppers);
  const cores = hasTaskset ? 'the storefront on core 0, the load on core 1' : 'not pinned (no taskset)';
  console.log(`Soaking ${url} (one storefront on SQLite, ${cores}) for ${settings.seconds} s…`);
  const report = await runSoak(world, settings);
  const misses = soakMisses(report, settings.p99Budget);
  const figures = [
    formatSoak(report, settings.p99Budget),
    misses.length ? `Over budget: ${misses.join(', ')}` : 'Every budget met.',
  ];
  console.log(figures.join('\n'));
  writeResults('soak-one', [`One storefront on SQLite, ${cores}.`, '', '```', ...figures, '```']);
  failed = misses.length > 0;
} finally {
  await check.db.destroy();
  await stop(app);
  await stop(idp);
}
process.exit(failed ? 1 : 0);
