import client, { type Counter, type Gauge, type Registry } from 'prom-client';
import { BucketHistogram } from './bucket-histogram.server';
import { appEnv } from './env.server';

/**
 * The process's Prometheus metrics (decision 0111), served on a listener of their own (server/metrics-server.ts),
 * never on the public port. One registry per process: the compiled server and the app build each bundle this
 * module, and both must count into the same metrics. Labels are bounded sets only (a route id, a status class, a
 * reason), so a scrape stays small whatever the traffic.
 */
export interface PantryMetrics {
  registry: Registry;
  httpDuration: BucketHistogram<'route' | 'status_class' | 'method'>;
  /** Requests being answered: a plain count, read by the gauge when the metrics are scraped. */
  inFlight: LiveCount;
  pageCache: Counter<'cache' | 'result'>;
  /** One page-cache lookup: a plain addition here, handed to `pageCache` when the metrics are scraped. */
  countPageCacheLookup(cache: 'public' | 'private', hit: boolean): void;
  dbQueryDuration: BucketHistogram<'dialect'>;
  dbPool: Gauge<'state'>;
  signIns: Counter<'method' | 'outcome' | 'reason'>;
  rateLimitRefusals: Counter<'limit'>;
  outboxBacklog: Gauge;
  outboxSendFailures: Counter<'outcome'>;
}

export interface LiveCount {
  inc(): void;
  dec(): void;
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const KEY = Symbol.for('pantry.metrics');
const PROBES_KEY = Symbol.for('pantry.metricProbes');
const holder = globalThis as typeof globalThis & {
  [KEY]?: PantryMetrics;
  [PROBES_KEY]?: { pool?: PoolLike; backlog?: () => Promise<number> };
};
const probes = (holder[PROBES_KEY] ??= {});

function create(): PantryMetrics {
  const registry = new client.Registry();
  // Every page looks up a cache: counting with a labelled counter's inc (a label hash each time) cost more than
  // the lookup.
  const lookups = { public: { hit: 0, miss: 0 }, private: { hit: 0, miss: 0 } };
  // Two calls on every request: a plain count, set on the gauge only when scraped.
  let answering = 0;
  client.collectDefaultMetrics({ register: registry, prefix: 'pantry_' });
  const registers = [registry];
  new client.Gauge({
    name: 'pantry_http_requests_in_flight',
    help: 'Requests being answered now',
    registers,
    collect() {
      this.set(answering);
    },
  });
  return {
    registry,
    httpDuration: new BucketHistogram({
      name: 'pantry_http_request_duration_seconds',
      help: 'Time to answer a request, by Remix route id and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    inFlight: {
      inc() {
        answering++;
      },
      dec() {
        answering--;
      },
    },
    pageCache: new client.Counter({
      name: 'pantry_page_cache_lookups_total',
      help: 'Page cache lookups: the anonymous (public) and signed-in (private) caches, hit or miss',
      labelNames: ['cache', 'result'],
      registers,
      collect() {
        for (const cache of ['public', 'private'] as const)
          for (const result of ['hit', 'miss'] as const) {
            const count = lookups[cache][result];
            if (count === 0) continue;
            lookups[cache][result] = 0;
            this.inc({ cache, result }, count);
          }
      },
    }),
    countPageCacheLookup(cache, hit) {
      lookups[cache][hit ? 'hit' : 'miss']++;
    },
    dbQueryDuration: new BucketHistogram({
      name: 'pantry_db_query_duration_seconds',
      help: 'Time each database query took',
      labelNames: ['dialect'],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    dbPool: new client.Gauge({
      name: 'pantry_db_pool_connections',
      help: 'PostgreSQL pool connections: idle, busy, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = probes.pool;
        if (!pool) return;
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    }),
    signIns: new client.Counter({
      name: 'pantry_sign_ins_total',
      help: 'Sign-in attempts by method and outcome, failures by reason',
      labelNames: ['method', 'outcome', 'reason'],
      registers,
    }),
    rateLimitRefusals: new client.Counter({
      name: 'pantry_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit',
      labelNames: ['limit'],
      registers,
    }),
    outboxBacklog: new client.Gauge({
      name: 'pantry_outbox_backlog',
      help: 'Messages waiting to be sent (pending or being sent)',
      registers,
      async collect() {
        if (!probes.backlog) return;
        try {
          this.set(await probes.backlog());
        } catch {
          // A database that cannot answer leaves the last value; the readiness check reports it.
        }
      },
    }),
    outboxSendFailures: new client.Counter({
      name: 'pantry_outbox_send_failures_total',
      help: 'Failed sends: retried later, or dead after the last try',
      labelNames: ['outcome'],
      registers,
    }),
  };
}

/** Instruments that record nothing (METRICS=off): no sample, no label lookup, no default collectors. */
export function noMetrics(): PantryMetrics {
  const instrument = {
    inc() {},
    dec() {},
    set() {},
    observe() {},
    labels: () => instrument,
    startTimer: () => () => 0,
  };
  const none = instrument as unknown as Gauge & Counter;
  const noHistogram = instrument as unknown as BucketHistogram<never>;
  return {
    registry: new client.Registry(),
    httpDuration: noHistogram,
    inFlight: none,
    pageCache: none,
    countPageCacheLookup() {},
    dbQueryDuration: noHistogram,
    dbPool: none,
    signIns: none,
    rateLimitRefusals: none,
    outboxBacklog: none,
    outboxSendFailures: none,
  };
}

/** Whether metrics are recorded at all (METRICS, default on). */
export function metricsEnabled(): boolean {
  return appEnv().METRICS !== 'off';
}

/** The process's metrics, made on first use. */
export function metrics(): PantryMetrics {
  return (holder[KEY] ??= metricsEnabled() ? create() : noMetrics());
}

/** The PostgreSQL pool whose connections the scrape reports. */
export function observeDatabasePool(pool: PoolLike): void {
  probes.pool = pool;
}

/** How the scrape counts the outbox backlog (a query, run only when scraped). */
export function observeOutboxBacklog(count: () => Promise<number>): void {
  probes.backlog = count;
}

/** `404` → `4xx`: the status label stays five values whatever the routes answer. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
