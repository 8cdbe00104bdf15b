/**
 * `npm run bench`: requests/s and latency of the home page under 50 connections for 10 s
 * (autocannon on loopback), beside a bare node:http hello-world measured in the same run, and
 * the gzipped JavaScript the home page loads. Server and load generator are pinned to separate
 * cores when `taskset` is available. Prints a table; nothing is asserted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const APP_PORT = 3200;
const HELLO_PORT = 3201;
const dataDir = path.resolve('.cache/bench-data');
const hasTaskset = spawnSync('taskset', ['--version']).status === 0;
const pinned = (core: number, args: string[]) =>
  hasTaskset
    ? { cmd: 'taskset', args: ['-c', String(core), process.execPath, ...args] }
    : { cmd: process.execPath, args };

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production' as const,
  LOG_LEVEL: 'warn',
  SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-secret-not-for-production',
};

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function start(args: string[], port: number): ChildProcess {
  const { cmd, args: full } = pinned(0, args);
  return spawn(cmd, full, { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function load(url: string): Figures {
  const { cmd, args } = pinned(1, [
    'node_modules/autocannon/autocannon.js',
    '-c',
    String(CONNECTIONS),
    '-d',
    String(SECONDS),
    '-j',
    url,
  ]);
  const run = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function homeJavaScriptBytes(origin: string): Promise<{ files: number; gzip: number }> {
  const html = await (await fetch(`${origin}/`)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) {
    sources.add((match[1] ?? match[2])!);
  }
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/build\/[^"]+\.js)"/g))
    sources.add(match[1]!);
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: sources.size, gzip };
}

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
process.env.DATA_DIR = dataDir;
process.env.SEED_PRODUCTS ??= '20000';
const { prepareDatabase } = await import('../app/db/prepare.server');
await prepareDatabase({ log: () => {} });

const rows: [string, Figures][] = [];
const hello = start(['bench/hello-server.mjs'], HELLO_PORT);
await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
rows.push(['node:http hello-world (reference)', load(`http://127.0.0.1:${HELLO_PORT}/`)]);
await stop(hello);

const app = start(['node_modules/@remix-run/serve/dist/cli.js', 'build/index.js'], APP_PORT);
const origin = `http://localhost:${APP_PORT}`;
await waitFor(`${origin}/healthz`);
load(`${origin}/`); // warm-up run is discarded
rows.push(['home page, anonymous (A)', load(`${origin}/`)]);
const js = await homeJavaScriptBytes(origin);
await stop(app);

const cores = hasTaskset ? 'server on core 0, load on core 1' : 'not pinned (no taskset)';
console.log(`\nPantry bench — ${CONNECTIONS} connections, ${SECONDS} s, loopback, ${cores}, Node ${process.version}\n`);
console.log('| target | req/s | p50 ms | p99 ms | errors |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, f] of rows) console.log(`| ${name} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
console.log(`\nJavaScript the home page loads: ${js.files} files, ${(js.gzip / 1024).toFixed(1)} KB gzipped`);
