/**
 * `tsx bench/soak-parts.ts` (after `npm run build`): where the soak's time goes. The soak's own set-up (a
 * throw-away PostgreSQL database, CLUSTER_SIZE storefronts behind haproxy, the identity provider, SOAK_PRODUCTS
 * products, SOAK_SHOPPERS signed-in shoppers), then each request type of the mix alone and the whole mix, each
 * for SOAK_PARTS_SECONDS (10) at SOAK_CONNECTIONS (50), closed loop as the soak. Per row: req/s, latency, and the
 * CPU milliseconds per response of the storefronts, of PostgreSQL (the backends of the soak's database plus the
 * WAL writer, checkpointer and background writer), of haproxy, of the identity provider and of the load
 * generator; and what PostgreSQL's active backends were doing (pg_stat_activity sampled every 50 ms: on the CPU,
 * or waiting on a lock, on WAL, on the client…), and PostgreSQL transactions per response (round trips: a count
 * that a busy host does not move), and how long the storefronts' main threads waited, ready to run, for a core
 * (/proc/<pid>/schedstat: the machine's oversubscription, which stalls every request in a storefront).
 * SOAK_PARTS=0,3,mix picks rows (indices into SOAK_PARTS of bench/soak-run.ts; the mix row adds each request's p50 / p99 within the mix); SOAK_PROFILE=<dir> runs the
 * storefronts under `node --cpu-prof` (profiles written at stop); SOAK_NODE_ARGS adds Node options to the
 * storefronts (e.g. `--max-semi-space-size=32`, to compare GC settings).
 * It measures only: the soak itself (bench/soak.ts) is unchanged by it.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { soakWorld } from '../tests/resilience/support/soak-world';
import { startSoakCluster } from './soak-cluster';
import {
  autocannon,
  latenciesByRequest,
  percentilesByRequest,
  soakPartRequests,
  soakRequests,
  SOAK_PARTS,
  type AutocannonRequest,
  type AutocannonResult,
} from './soak-run';

const seconds = Number(process.env.SOAK_PARTS_SECONDS ?? 10);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 50);
const shoppers = Number(process.env.SOAK_SHOPPERS ?? 50);
const profileDir = process.env.SOAK_PROFILE ? path.resolve(process.env.SOAK_PROFILE) : undefined;
const rows = (process.env.SOAK_PARTS ?? [...SOAK_PARTS.keys(), 'mix'].join(',')).split(',');

const TICK_MS = 10; // /proc/<pid>/stat counts CPU in clock ticks of 10 ms (USER_HZ 100 on Linux)

/** User + system CPU milliseconds of a process so far (or the system part alone); 0 when it is gone. */
function cpuMs(pid: number, part: 'all' | 'system' = 'all'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const system = Number(fields[12]);
    return (part === 'system' ? system : Number(fields[11]) + system) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * Milliseconds a process's main thread has waited, runnable, for a core (the second field of
 * /proc/<pid>/schedstat, in ns); 0 when it is gone. For a storefront this is time its event loop was ready to
 * run and every request in it waited on the machine, not on the storefront.
 */
function runQueueMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

/** Starts counting `read` (a per-process total so far) for these processes; the returned function gives the sum since. */
function countFrom(pids: number[], read: (pid: number) => number): () => number {
  const before = pids.map(read);
  return () => pids.reduce((sum, pid, i) => sum + Math.max(0, read(pid) - before[i]!), 0);
}

const { cluster, check, name, serverUrl, stop } = await startSoakCluster({
  database: 'pantry_soak_parts',
  nodeArgs: [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.SOAK_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
  ],
});
const adminClient = new pg.Client({ connectionString: serverUrl });
await adminClient.connect();

/** PostgreSQL processes doing the soak's work: its database's backends and the shared WAL and checkpoint work. */
async function postgresPids(): Promise<number[]> {
  const result = await adminClient.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where (datname = $1 and pid <> pg_backend_pid())
         or backend_type in ('walwriter', 'checkpointer', 'background writer')`,
    [name],
  );
  return result.rows.map((row) => row.pid);
}

/**
 * Transactions committed or rolled back in the soak's database so far: with every statement of the mix in a
 * transaction of its own, the round trips to PostgreSQL, counted (unlike CPU time, the same on a busy host). A
 * backend reports its counts when it goes idle, at most 1 s apart, or 10 s after its last report (PostgreSQL 15):
 * read only after 11 s without load.
 */
async function settledTransactions(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const result = await adminClient.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [name],
  );
  return Number(result.rows[0]?.n ?? 0);
}
let transactionsSoFar = 0;

interface Row {
  label: string;
  /** PostgreSQL transactions in the soak's database during the run (settledTransactions). */
  transactions: number;
  result: AutocannonResult;
  cpu: Record<string, number>;
  /** CPU ms the storefronts spent in the kernel. */
  storefrontSystem: number;
  /** Ms the storefronts' main threads waited, runnable, for a core (runQueueMs). */
  storefrontRunQueue: number;
  /** Response times (ms) of each entry of the requests measured. */
  latencies: number[][];
  waits: Map<string, number>;
  samples: number;
  load: string;
}

async function measure(label: string, requests: AutocannonRequest[]): Promise<Row> {
  const pgPids = await postgresPids();
  const groups: Record<string, number[]> = {
    storefronts: cluster.storefronts.map((s) => s.child.pid!),
    postgres: pgPids,
    haproxy: [cluster.haproxy.pid!],
    idp: [cluster.idp.pid!],
  };
  const cpuSince = Object.entries(groups).map(
    ([group, pids]) => [group, countFrom(pids, (pid) => cpuMs(pid))] as const,
  );
  // The kernel's share (system calls: sockets to haproxy and PostgreSQL) of the storefronts' CPU.
  const storefrontSystemSince = countFrom(groups.storefronts!, (pid) => cpuMs(pid, 'system'));
  const storefrontRunQueueSince = countFrom(groups.storefronts!, runQueueMs);
  const selfBefore = process.cpuUsage();
  const waits = new Map<string, number>();
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const active = await adminClient.query<{ wait: string; n: string }>(
        `select state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as wait, count(*) as n
           from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'
          group by 1`,
        [name],
      );
      samples++;
      for (const row of active.rows) waits.set(row.wait, (waits.get(row.wait) ?? 0) + Number(row.n));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const run = autocannon({ url: cluster.url, connections, duration: seconds, timeout: 10, requests });
  const latencies = latenciesByRequest(run, requests.length);
  const result = await run;
  sampling = false;
  await sampler;
  const self = process.cpuUsage(selfBefore);
  const cpu: Record<string, number> = {};
  for (const [group, since] of cpuSince) cpu[group] = since();
  cpu['load generator'] = (self.user + self.system) / 1000;
  const storefrontSystem = storefrontSystemSince();
  const storefrontRunQueue = storefrontRunQueueSince();
  const transactionsBefore = transactionsSoFar;
  transactionsSoFar = await settledTransactions();
  return {
    label,
    transactions: transactionsSoFar - transactionsBefore,
    result,
    cpu,
    storefrontSystem,
    storefrontRunQueue,
    latencies,
    waits,
    samples,
    load: loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  };
}

function print(row: Row) {
  const { result } = row;
  const responses = Math.max(1, result.requests.total);
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, stats]) => `${status}×${stats.count}`)
    .join(' ');
  console.log(
    `\n${row.label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} p90 ${result.latency.p90} p99 ${result.latency.p99} max ${result.latency.max} ms; ${statuses}; errors ${result.errors}, timeouts ${result.timeouts}; load ${row.load}`,
  );
  const wall = seconds * 1000;
  console.log(
    '  CPU ms per response (share of one core over the run): ' +
      Object.entries(row.cpu)
        .map(([group, ms]) => `${group} ${(ms / responses).toFixed(2)} (${((ms / wall) * 100).toFixed(0)} %)`)
        .join(', ') +
      `; of the storefronts' time in the kernel ${(row.storefrontSystem / responses).toFixed(2)}`,
  );
  // Per storefront: how much of the run its event loop was ready but had no core (a stall for every request in it).
  const storefronts = cluster.storefronts.length;
  console.log(
    `  storefront main threads waiting for a core: ${(row.storefrontRunQueue / responses).toFixed(2)} ms per response, ` +
      `${((row.storefrontRunQueue / storefronts / wall) * 100).toFixed(0)} % of the run each`,
  );
  const waits = [...row.waits.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([wait, n]) => `${wait} ${(n / Math.max(1, row.samples)).toFixed(2)}`)
    .join(', ');
  console.log(`  PostgreSQL backends not idle, average per sample: ${waits || 'none'}`);
  // The sampler's own queries (every 50 ms) run in the admin database, not the soak's: not counted here.
  console.log(`  PostgreSQL transactions (round trips) per response: ${(row.transactions / responses).toFixed(2)}`);
  if (row.latencies.length > 1) {
    const parts = percentilesByRequest(row.latencies).map((r) => `${r.request} ${r.p50} / ${r.p99}`);
    console.log(`  ms p50 / p99 by request: ${parts.join(', ')}`);
  }
}

try {
  const world = await soakWorld(check.db, cluster, shoppers);
  console.log(`Warming up ${cluster.url} (${cluster.storefronts.length} storefronts) with 3,000 requests of the mix…`);
  await autocannon({ url: cluster.url, connections, amount: 3000, timeout: 10, requests: soakRequests(world) });
  transactionsSoFar = await settledTransactions();
  console.log(`uptime: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const row of rows) {
    const part = row === 'mix' ? -1 : Number(row);
    const label = part < 0 ? 'the whole mix' : SOAK_PARTS[part]!;
    print(await measure(label, part < 0 ? soakRequests(world) : soakPartRequests(world, part)));
  }
} finally {
  await stop();
  await adminClient.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await adminClient.end();
}
process.exit(0);
