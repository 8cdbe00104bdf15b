/**
 * `npm run soak`: the full soak. A throw-away PostgreSQL database (SOAK_DATABASE_URL, default
 * pantry_soak on TEST_PG_ADMIN_URL's server, recreated each run), CLUSTER_SIZE storefronts (2) behind haproxy
 * with the identity provider on free ports, SOAK_PRODUCTS products (5,000) and SOAK_SHOPPERS (50) signed-in
 * customers; then SOAK_WARMUP_REQUESTS (3,000) warm-up requests, more of the mix until RSS is steady (at most
 * SOAK_WARMUP_MAX_SECONDS, 180) and SOAK_SECONDS (300) at SOAK_CONNECTIONS (50) over the page and action mix of
 * bench/soak-run.ts. Prints the figures beside their budgets; exits 1 when one is missed.
 */
import { startSoakCluster } from './soak-cluster';
import { soakWorld } from '../tests/resilience/support/soak-world';
import { writeResults } from './results-file';
import { formatSoak, runSoak, soakMisses, soakSettings } from './soak-run';

const { seconds, connections, warmupRequests, warmupMaxSeconds, shoppers, p99Budget } = soakSettings();

const { cluster, check, stop } = await startSoakCluster({ database: 'pantry_soak' });
let failed = true;
try {
  const world = await soakWorld(check.db, cluster, shoppers);
  console.log(`Soaking ${cluster.url} (${cluster.storefronts.length} storefronts) for ${seconds} s…`);
  const report = await runSoak(world, { seconds, connections, warmupRequests, warmupMaxSeconds });
  const misses = soakMisses(report, p99Budget);
  const figures = [
    formatSoak(report, p99Budget),
    misses.length ? `Over budget: ${misses.join(', ')}` : 'Every budget met.',
  ];
  console.log(figures.join('\n'));
  writeResults('soak', [
    `${cluster.storefronts.length} storefronts behind haproxy on PostgreSQL, sharing both cores with the load generator.`,
    '',
    '```',
    ...figures,
    '```',
  ]);
  if (report.errors > 0 || report.serverErrors > 0)
    console.log(`\nThe processes' last output:\n${cluster.output().slice(-4000)}`);
  failed = misses.length > 0;
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
