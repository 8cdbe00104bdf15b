import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSoak, runSoak } from '../../bench/soak-run';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from '../integration/support/databases';
import { launchTestCluster, type TestCluster } from './support/cluster';
import { soakWorld } from './support/soak-world';

/** The short CI mode of `npm run soak` (which runs 5 minutes): the same mix, the same checks. */
const SECONDS = Number(process.env.SOAK_TEST_SECONDS ?? 30);
const WARMUP_REQUESTS = Number(process.env.SOAK_WARMUP_REQUESTS ?? 2000);
/** Signed-in shoppers the customer requests are spread over (the 5-minute soak signs in 50). */
const SHOPPERS = Number(process.env.SOAK_TEST_SHOPPERS ?? 10);
/**
 * The soak's latency target is p99 ≤ 50 ms (reported by `npm run soak:one`, docs/performance.md); on this
 * shared 2-core machine with two storefronts, haproxy, PostgreSQL and the load generator on the same cores it is
 * far above that, so the CI check is a stall guard: no request class may hang. SOAK_P99_BUDGET_MS=50 checks the
 * real target.
 */
const P99_BUDGET_MS = Number(process.env.SOAK_P99_BUDGET_MS ?? 8000);
/**
 * The soak's memory budget (RSS growth < 20 % after warm-up) is checked by the 5-minute `npm run soak`. In
 * 30 s the processes' V8 heaps are still growing to their working size (RSS samples level off after 10-20 s,
 * at 600-750 MB per process here), so the short mode only catches a runaway: growth under 50 %.
 */
const RSS_GROWTH_BUDGET = Number(process.env.SOAK_RSS_GROWTH_BUDGET ?? 0.5);

describe.skipIf(!DIALECTS.includes('postgres'))('soak through two storefronts behind haproxy', () => {
  let test: TestDatabase;
  let cluster: TestCluster;
  beforeAll(async () => {
    // Seeded already: the cluster's own migrate-and-seed of an empty database is cluster.test.ts's subject, not this.
    test = await createSeededTestDatabase('postgres', { products: 300 });
    cluster = await launchTestCluster({ databaseUrl: test.url });
  });
  afterAll(async () => {
    await cluster?.close();
    await test?.drop();
  });

  it(`holds ${SECONDS} s at 50 connections: no 5xx, no errors, p99 within ${P99_BUDGET_MS} ms, no runaway memory`, async () => {
    const world = await soakWorld(test.db, cluster, SHOPPERS);
    expect(world.customerCookies).toHaveLength(SHOPPERS);
    expect(new Set(world.customerCookies).size).toBe(SHOPPERS);
    const report = await runSoak(world, { seconds: SECONDS, connections: 50, warmupRequests: WARMUP_REQUESTS });
    console.info(`[resilience] ${formatSoak(report, P99_BUDGET_MS)}`);

    expect(report.requests).toBeGreaterThan(SECONDS * 10);
    expect(report.serverErrors, cluster.output().slice(-4000)).toBe(0);
    expect(report.errors).toBe(0);
    expect(report.timeouts).toBe(0);
    expect(report.p99).toBeLessThanOrEqual(P99_BUDGET_MS);
    for (const process of report.memory) expect(process.growth).toBeLessThan(RSS_GROWTH_BUDGET);
    for (const storefront of cluster.storefronts) expect(storefront.child.exitCode).toBeNull();
  });
});
