/**
 * `npm run bench:telemetry`: what the request logs and the metrics cost a signed-in customer's (C) pages. Two
 * storefronts of the same build run side by side on one core, one with both on (LOG_LEVEL=info, one JSON line per
 * request to stdout; METRICS on with a listener), one with both off (LOG_LEVEL=silent, METRICS=off), and are loaded
 * in turn under autocannon (BENCH_CONNECTIONS) for BENCH_TELEMETRY_SECONDS (4) each, BENCH_TELEMETRY_ROUNDS times
 * (12), the order flipped every round, so drift on a shared machine falls on both. Budget: on costs at most 5 % of
 * off's req/s, both as the ratio of the medians and as the median of each round's own ratio. Asserts nothing. BENCH_TELEMETRY_PORT=<n> takes ports n to n+3 (the provider, on, off,
 * on's metrics) instead of free ones drawn at random; BENCH_TELEMETRY_PROFILE=<dir> runs both storefronts under
 * `node --cpu-prof` and writes their profiles there (on-*.cpuprofile, off-*.cpuprofile).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { STOREFRONT } from '../scripts/server-commands';
import { freePort } from '../scripts/free-port';
import { reportLines, writeResults } from './results-file';
import {
  CONNECTIONS,
  cpuSeconds,
  customerCookies,
  hasTaskset,
  load,
  prepareBenchDatabase,
  start,
  startIdentityProvider,
  stop,
  waitFor,
  type Figures,
} from './harness';

const ROUNDS = Math.max(1, Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 12));
const RUN_SECONDS = Math.max(1, Number(process.env.BENCH_TELEMETRY_SECONDS ?? 4));
const BUDGET_PERCENT = 5;
type Mode = 'on' | 'off';

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();

const profileDir = process.env.BENCH_TELEMETRY_PROFILE ? path.resolve(process.env.BENCH_TELEMETRY_PROFILE) : null;
const serve = (mode: Mode) => [
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${mode}-\${pid}.cpuprofile`] : []),
  path.resolve(STOREFRONT[0]!),
  'build/index.js',
];
const firstPort = Number(process.env.BENCH_TELEMETRY_PORT ?? 0);
const nextPort = (offset: number) => (firstPort > 0 ? Promise.resolve(firstPort + offset) : freePort());
const idpPort = await nextPort(0);
const issuer = `http://localhost:${idpPort}`;
const ports: Record<Mode, number> = { on: await nextPort(1), off: await nextPort(2) };
const origin = (mode: Mode) => `http://localhost:${ports[mode]}`;
// One provider for both storefronts: the customer's cookies are good on either (same secret, same provider).
const idp = await startIdentityProvider(idpPort, ports.on, { STOREFRONT_ORIGINS: origin('off') });
await waitFor(`${issuer}/.well-known/openid-configuration`);
const metricsPort = await nextPort(3);
const settings: Record<Mode, Record<string, string>> = {
  on: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS: 'on', METRICS_PORT: String(metricsPort) },
  off: { LOG_LEVEL: 'silent', METRICS: 'off' },
};
// Both servers run side by side on the same core, the same build; only the one under load works.
const apps = {
  on: start(serve('on'), { PORT: String(ports.on), IDP_ISSUER: issuer, ...settings.on }, { core: 0 }),
  off: start(serve('off'), { PORT: String(ports.off), IDP_ISSUER: issuer, ...settings.off }, { core: 0 }),
};
await Promise.all((['on', 'off'] as Mode[]).map((mode) => waitFor(`${origin(mode)}/healthz`)));
const cookie = await customerCookies(origin('on'));

const pages: [string, string][] = [
  ['home, C', '/'],
  ['search q=milk, C', '/shop/search-results.html?q=milk'],
];
const runs: { round: number; mode: Mode; page: string; figures: Figures; cpuMsPerRequest: number }[] = [];
for (const [, pagePath] of pages)
  for (const mode of ['on', 'off'] as Mode[]) load(`${origin(mode)}${pagePath}`, { Cookie: cookie }, 3); // warm-up

for (let round = 1; round <= ROUNDS; round++)
  for (const [page, pagePath] of pages)
    for (const mode of (round % 2 ? ['on', 'off'] : ['off', 'on']) as Mode[]) {
      const before = cpuSeconds(apps[mode].pid!);
      const figures = load(`${origin(mode)}${pagePath}`, { Cookie: cookie }, RUN_SECONDS);
      const cpu = cpuSeconds(apps[mode].pid!) - before;
      runs.push({ round, mode, page, figures, cpuMsPerRequest: (cpu * 1000) / Math.max(1, figures.requests) });
      console.error(`round ${round}, ${mode}: ${page} ${figures.rps.toFixed(0)} req/s`);
    }

// The scrape works and counted the runs: what was measured as on really was.
const scraped = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
if (!scraped.includes('pantry_http_request_duration_seconds_count'))
  throw new Error('metrics were on but counted nothing');
await stop(apps.on);
await stop(apps.off);
await stop(idp);

// The same work in-process, where nothing else disturbs it: CPU per request the telemetry adds, on and off.
const perLine = (mode: Mode) => {
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/telemetry-line.ts'], {
    env: { ...process.env, NODE_ENV: 'production', APP_ENV: 'local-origin', DATABASE_URL: '', ...settings[mode] },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const answer = /\{"microseconds":[^}]+\}/.exec(run.stderr ?? '');
  if (!answer) throw new Error(`bench/telemetry-line.ts failed: ${run.stderr}`);
  return (JSON.parse(answer[0]) as { microseconds: number }).microseconds;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const lineOn = median([perLine('on'), perLine('on'), perLine('on')]);
const lineOff = median([perLine('off'), perLine('off'), perLine('off')]);
const { lines, print } = reportLines();
print(
  `\n${ROUNDS} rounds, two servers side by side (on, off) loaded in turn, order flipped each round, ${CONNECTIONS} connections, ${RUN_SECONDS} s each, ` +
    `${hasTaskset ? 'server on core 0, load on core 1' : 'not pinned'}, ${process.env.SEED_PRODUCTS} products. ` +
    `On: LOG_LEVEL=info (JSON lines to stdout, here /dev/null), METRICS on with a listener; off: LOG_LEVEL=silent, METRICS=off.\n`,
);
print('| page | round | req/s on | req/s off | CPU µs/request on | CPU µs/request off | errors |');
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [page] of pages)
  for (let round = 1; round <= ROUNDS; round++) {
    const on = runs.find((r) => r.page === page && r.round === round && r.mode === 'on')!;
    const off = runs.find((r) => r.page === page && r.round === round && r.mode === 'off')!;
    print(
      `| ${page} | ${round} | ${on.figures.rps.toFixed(0)} | ${off.figures.rps.toFixed(0)} | ` +
        `${(on.cpuMsPerRequest * 1000).toFixed(0)} | ${(off.cpuMsPerRequest * 1000).toFixed(0)} | ${on.figures.errors + off.figures.errors} |`,
    );
  }
print(
  `\nMedians over the rounds, and the median of each round's own cost (on and off ran back to back in a round, so ` +
    `a slow spell of the shared machine that spans both cancels out). Budget: on costs ≤ ${BUDGET_PERCENT} % of ` +
    `off's req/s, by both figures.\n`,
);
print('| page | req/s on | req/s off | cost (req/s) | cost per round (median) | cost (CPU per request) | budget met |');
print('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const [page] of pages) {
  const of = (mode: Mode) => runs.filter((r) => r.page === page && r.mode === mode);
  const rpsOn = median(of('on').map((r) => r.figures.rps));
  const rpsOff = median(of('off').map((r) => r.figures.rps));
  const cpuOn = median(of('on').map((r) => r.cpuMsPerRequest));
  const cpuOff = median(of('off').map((r) => r.cpuMsPerRequest));
  const cost = ((rpsOff - rpsOn) / rpsOff) * 100;
  const roundCosts = of('on').map((on) => {
    const off = of('off').find((r) => r.round === on.round)!;
    return ((off.figures.rps - on.figures.rps) / off.figures.rps) * 100;
  });
  const pairedCost = median(roundCosts);
  const cpuCost = ((cpuOn - cpuOff) / cpuOff) * 100;
  const met = cost <= BUDGET_PERCENT && pairedCost <= BUDGET_PERCENT;
  print(
    `| ${page} | ${rpsOn.toFixed(0)} | ${rpsOff.toFixed(0)} | ${cost.toFixed(1)} % | ${pairedCost.toFixed(1)} % | ` +
      `${cpuCost.toFixed(1)} % | ${met ? 'yes' : '**no**'} |`,
  );
}
const offCpuUs = median(runs.filter((r) => r.mode === 'off').map((r) => r.cpuMsPerRequest)) * 1000;
print(
  `\nIn-process (bench/telemetry-line.ts, median of 3): a request's line, histogram sample and gauge cost ` +
    `${lineOn.toFixed(1)} µs of CPU on, ${lineOff.toFixed(1)} µs off: ${(lineOn - lineOff).toFixed(1)} µs more, ` +
    `${(((lineOn - lineOff) / offCpuUs) * 100).toFixed(1)} % of the off server's median CPU per C request ` +
    `(${offCpuUs.toFixed(0)} µs) in this run.`,
);
writeResults('telemetry', lines);
