/**
 * `npm run soak`: the full soak of issue 10. A throw-away PostgreSQL database (SOAK_DATABASE_URL, default
 * pantry_soak on TEST_PG_ADMIN_URL's server, recreated each run), CLUSTER_SIZE storefronts (2) behind haproxy
 * with the identity provider on free ports, SOAK_PRODUCTS products (5,000) and SOAK_SHOPPERS (50) signed-in
 * customers; then SOAK_WARMUP_REQUESTS (3,000) warm-up requests, more of the mix until RSS is steady (at most
 * SOAK_WARMUP_MAX_SECONDS, 180) and SOAK_SECONDS (300) at SOAK_CONNECTIONS (50) over the page and action mix of
 * bench/soak-run.ts. Prints the figures beside their budgets; exits 1 when one is missed.
 */
import { startSoakCluster } from './soak-cluster';
import { soakWorld } from '../tests/resilience/support/soak-world';
import { formatSoak, runSoak } from './soak-run';

const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const warmupRequests = Number(process.env.SOAK_WARMUP_REQUESTS ?? 3000);
const warmupMaxSeconds = Number(process.env.SOAK_WARMUP_MAX_SECONDS ?? 180);
const shoppers = Number(process.env.SOAK_SHOPPERS ?? 50);
const p99Budget = Number(process.env.SOAK_P99_BUDGET_MS ?? 50);

const { cluster, check, stop } = await startSoakCluster({ database: 'pantry_soak' });
let failed = true;
try {
  const world = await soakWorld(check.db, cluster, shoppers);
  console.log(`Soaking ${cluster.url} (${cluster.storefronts.length} storefronts) for ${seconds} s…`);
  const report = await runSoak(world, { seconds, connections, warmupRequests, warmupMaxSeconds });
  console.log(formatSoak(report, p99Budget));
  const misses = [
    report.serverErrors > 0 && '5xx answers',
    report.errors > 0 && 'errors or timeouts',
    report.p99 > p99Budget && `p99 over ${p99Budget} ms`,
    report.memory.some((m) => m.growth >= 0.2) && 'memory grew 20 % or more',
  ].filter(Boolean);
  console.log(misses.length ? `Over budget: ${misses.join(', ')}` : 'Every budget met.');
  if (report.errors > 0 || report.serverErrors > 0)
    console.log(`\nThe processes' last output:\n${cluster.output().slice(-4000)}`);
  failed = misses.length > 0;
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
