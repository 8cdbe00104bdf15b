/**
 * `node build/server/serve.js [build/index.js]` (compiled by `npm run build`; from source
 * `node --import tsx server/serve.ts`): serves the production build (what `npm start`, the e2e server and the
 * bench run; decision 0019). PORT, HOST, PAGE_CACHE_TTL_MS
 * (the anonymous page cache's lifetime: default 10 s, 0 turns it off), PRIVATE_PAGE_CACHE_TTL_MS (the
 * signed-in customers' private page cache, decision 0027: default and at most 10 s, 0 turns it off),
 * HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS and CLIENT_CONNECTION_LIMIT (decision 0063), METRICS_PORT and METRICS_HOST
 * (decision 0111), SHUTDOWN_DRAIN_MS (decision 0110).
 */
import path from 'node:path';
import { broadcastDevReady } from '@remix-run/node';
import { createAppServer } from './app-server';
import { connectionLimitsFrom } from './connection-limits';
import { importBuild } from './import-build';
import { listenForMetrics } from './metrics-server';
import { shutDown } from './shutdown';
import { writeStringsFiles } from './strings-files';
import { appEnv } from '../app/modules/config/env.server';
import { refuseWrongConfiguration } from '../app/modules/config/startup-check.server';

process.env.NODE_ENV ??= 'production';
refuseWrongConfiguration('storefront');
const buildPath = path.resolve(process.argv[2] ?? 'build/index.js');
const build = await importBuild(buildPath);
// The build's own module instances: the work pending after responses (decision 0050) and the mail worker (decision
// 0078) live in its copies of those modules.
const entry = build.entry.module as {
  settledAfterResponse?: () => Promise<void>;
  ensureMailWorker?: () => void;
  stopMailWorker?: () => Promise<void>;
  stringsFiles?: readonly { href: string; body: string }[];
};
// `remix dev` empties public/build when it starts and writes no strings files: this build's are written here.
if (process.env.NODE_ENV === 'development') writeStringsFiles(entry.stringsFiles ?? [], 'public');
const ttl = Number(process.env.PAGE_CACHE_TTL_MS ?? 10_000);
const privateTtl = Number(process.env.PRIVATE_PAGE_CACHE_TTL_MS ?? 10_000);
const { server } = createAppServer({
  build,
  publicDir: path.resolve('public'),
  pageCacheTtlMs: Number.isFinite(ttl) && ttl >= 0 ? ttl : 10_000,
  // Never longer than 10 s: a change nobody's request made (an order moving on) shows within that.
  privateCacheTtlMs: Number.isFinite(privateTtl) && privateTtl >= 0 ? Math.min(privateTtl, 10_000) : 10_000,
  connectionLimits: connectionLimitsFrom(process.env),
});

const port = Number(process.env.PORT ?? 3000);
const onListen = () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  console.log(`[pantry] http://localhost:${bound}`);
  // Under `npm run dev` (remix dev restarts this server after every rebuild): tells the browser to reload.
  if (process.env.NODE_ENV === 'development') void broadcastDevReady(build);
  entry.ensureMailWorker?.();
};
const config = appEnv();
// Left open through the stop: the scrape sees the drain.
await listenForMetrics(config.METRICS_PORT, config.METRICS_HOST);
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);

// The stop waits for the work pending after answers (it may queue messages), then for the mail worker's pass in flight.
const settle = async () => {
  await entry.settledAfterResponse?.();
  await entry.stopMailWorker?.();
};
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void shutDown(server, settle, 5_000, config.SHUTDOWN_DRAIN_MS).then(() => process.exit(0));
  });
