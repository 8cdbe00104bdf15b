/**
 * The CPU one request's telemetry costs, in-process and steady: the request line (log.info with a request's
 * record, JSON to stdout) plus its histogram sample and in-flight count, the same calls server/request-log.ts makes
 * (which keeps the series it observes, as here).
 * Run by bench/telemetry-cost.ts with stdout to /dev/null; prints `{"microseconds":…}` on stderr.
 */
import { metrics } from '../app/modules/config/metrics.server';
import { logRequest } from '../app/modules/config/request-log-line.server';

const N = Number(process.env.TELEMETRY_LINE_ITERATIONS ?? 200_000);
const { httpDuration, inFlight } = metrics();
const series = httpDuration.labels({ method: 'GET', route: 'routes/_index', status_class: '2xx' });
const once = (i: number) => {
  const record = { requestId: `bench-${i}`, userType: 'C' };
  inFlight.inc();
  inFlight.dec();
  series.observe(0.004);
  logRequest(record, {
    method: 'GET',
    route: 'routes/_index',
    status: 200,
    durationMs: 4.2,
    banner: 'greenleaf',
    site: 'C',
  });
};
for (let i = 0; i < N / 4; i++) once(i); // warm-up: the JIT, pino's serializers
const started = process.cpuUsage();
for (let i = 0; i < N; i++) once(i);
const used = process.cpuUsage(started);
console.error(JSON.stringify({ microseconds: (used.user + used.system) / N }));
