/**
 * `npm run bench:framework`: what each change to framework internals (patches/ and server/framework/) buys,
 * measured against the unmodified framework in one run; with BENCH_BEFORE=<git ref>, also that commit as a whole.
 * BENCH_COMPARE=<ref>,<ref>… compares this checkout with those commits only (rendered pages), to find where a
 * cost began.
 *
 * Each variant is a copy of a checkout (node_modules as hard links, so it costs nothing) in which every change but
 * the ones named is undone: a patch is reversed in the copy's node_modules, a runtime override's install call is
 * removed from the copy's server. Variants are alternated round by round, each served by its production build on
 * core 0 and loaded from core 1, once with both page caches off (every request renders) and once with their
 * defaults (what `npm run bench` measures).
 *
 * The figure is the server's own CPU time per request (user + system, from /proc, over a fixed number of
 * requests), not requests/s: on a shared machine throughput follows whatever else runs, CPU per request much
 * less. A variant's gain is the unmodified framework's CPU per request over its own, minus one (what its
 * throughput would gain where the server is CPU-bound). Nothing is asserted. BENCH_ROUNDS (default 2) sets the
 * length.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportLines, writeResults } from './results-file';
import { freePort } from '../scripts/free-port';
import { customerCookies, pinned, start, startIdentityProvider, stop, waitFor, prepareBenchDatabase } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BEFORE = process.env.BENCH_BEFORE;
const RENDERED_REQUESTS = 600;
const CACHED_REQUESTS = 5_000;

interface Change {
  name: string;
  /** A patch file under patches/, or a runtime override's install call in the server. */
  patch?: string;
  install?: { file: string; call: string };
}

const patchFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.patch')) : []);
const installs: Change['install'][] = [];
for (const [file, call] of [
  ['server/framework/install.ts', 'installRouteMatching();'],
  ['server/framework/install.ts', 'installServerRoutesMemo();'],
] as const)
  if (existsSync(file) && readFileSync(file, 'utf8').includes(call)) installs.push({ file, call });
const changes: Change[] = [
  ...patchFiles('patches').map((patch) => ({ name: patch.replace(/\+[\d.]+\.patch$/, '').replace('+', '/'), patch })),
  ...installs.map((install) => ({ name: install!.call.replace('();', ''), install })),
];

function pair(a: string, b: string) {
  const both = changes.filter((change) => change.name === a || change.name === b);
  return both.length === 2 ? [{ name: `${a} and ${b}`, keep: both }] : [];
}
interface Variant {
  name: string;
  keep: Change[];
  /** A git ref whose whole tree (and patches) is served instead of this checkout's. */
  ref?: string;
}
// BENCH_COMPARE=<ref>,<ref>…: this checkout against those commits only, pages rendered (finding where a change began).
const COMPARE = process.env.BENCH_COMPARE?.split(',').filter(Boolean);
const variants: Variant[] = COMPARE
  ? [{ name: 'this checkout', keep: changes }, ...COMPARE.map((ref) => ({ name: ref, keep: [], ref }))]
  : [
      { name: 'unmodified framework', keep: [] },
      ...changes.map((change) => ({ name: `${change.name} only`, keep: [change] })),
      // The static router keeps data routes per route tree, which is one object per build only with the memo.
      ...pair('react-router-dom', 'installServerRoutesMemo'),
      ...(changes.length ? [{ name: 'all changes (this checkout)', keep: changes }] : []),
      ...(BEFORE ? [{ name: `${BEFORE} as it was`, keep: [], ref: BEFORE }] : []),
    ];

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
await prepareBenchDatabase();

const copies = path.join(os.tmpdir(), `pantry-framework-${process.pid}`);
/** A file of the copy made its own before it changes: the hard link would change the checkout's too. */
function own(dir: string, file: string) {
  const target = path.join(dir, file);
  const content = readFileSync(target);
  rmSync(target);
  writeFileSync(target, content);
  return target;
}
function applyPatch(dir: string, text: string, reverse: boolean) {
  for (const [, file] of text.matchAll(/^diff --git a\/(\S+)/gm)) own(dir, file!);
  const run = spawnSync('patch', [...(reverse ? ['-R'] : []), '-p1', '-s', '-d', dir], {
    input: text,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`patch ${reverse ? '-R ' : ''}failed in ${dir}: ${run.stdout}`);
}

function makeVariant(index: number, variant: Variant) {
  const dir = path.join(copies, String(index));
  mkdirSync(dir, { recursive: true });
  execFileSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')]);
  // Back to the framework as published: this checkout's patches are applied in node_modules.
  for (const change of changes)
    if (change.patch && !variant.keep.includes(change))
      applyPatch(dir, readFileSync(path.join('patches', change.patch), 'utf8'), true);
  if (variant.ref) {
    const tree = spawnSync('git', ['archive', variant.ref], { maxBuffer: 512 * 1024 * 1024 });
    if (tree.status !== 0) throw new Error(`git archive ${variant.ref} failed: ${tree.stderr.toString()}`);
    execFileSync('tar', ['-x', '-C', dir], { input: tree.stdout, maxBuffer: 512 * 1024 * 1024 });
    for (const patch of patchFiles(path.join(dir, 'patches')))
      applyPatch(dir, readFileSync(path.join(dir, 'patches', patch), 'utf8'), false);
    const build = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'build'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`${variant.ref} did not build: ${build.stderr}`);
    return dir;
  }
  for (const entry of ['server', 'app', 'package.json', 'tsconfig.json'])
    execFileSync('cp', ['-al', entry, path.join(dir, entry)]);
  // Copied for real: a build started meanwhile rewrites these files in place.
  for (const entry of ['build', 'public']) execFileSync('cp', ['-r', entry, path.join(dir, entry)]);
  for (const change of changes)
    if (change.install && !variant.keep.includes(change)) {
      const target = own(dir, change.install.file);
      writeFileSync(target, readFileSync(target, 'utf8').replace(change.install.call, ''));
    }
  return dir;
}

const dirs = variants.map((variant, index) => makeVariant(index, variant));
const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const origin = `http://localhost:${appPort}`;
const idp = await startIdentityProvider(idpPort, appPort);
await waitFor(`${issuer}/.well-known/openid-configuration`);
const RENDERED = { PAGE_CACHE_TTL_MS: '0', PRIVATE_PAGE_CACHE_TTL_MS: '0' };
const serve = (dir: string, rendered: boolean) =>
  start(
    ['--import', 'tsx', 'server/serve.ts', 'build/index.js'],
    { PORT: String(appPort), IDP_ISSUER: issuer, ...(rendered ? RENDERED : {}) },
    { cwd: dir, core: 0 },
  );

// Cookies and the product path from the unmodified variant: they are the same for all (one database, one secret).
let server = serve(dirs[0]!, true);
await waitFor(`${origin}/healthz`);
const searchPath = '/shop/search-results.html?q=milk';
const productPath = /href="(\/shop\/product-details\.\d+\.html)"/.exec(
  await (await fetch(`${origin}${searchPath}`)).text(),
)?.[1];
if (!productPath) throw new Error('no product link on the search page');
const cookie = await customerCookies(origin);
await stop(server);

const page = (name: string, pagePath: string, signedIn: boolean, rendered: boolean) => ({
  name: `${name} ${signedIn ? 'C' : 'A'} ${rendered ? 'rendered' : 'cached'}`,
  path: pagePath,
  headers: signedIn ? { Cookie: cookie } : ({} as Record<string, string>),
  rendered,
});
const targets = [
  page('home', '/', true, true),
  page('search', searchPath, true, true),
  page('product', productPath, true, true),
  page('home', '/', false, true),
  page('search', searchPath, false, true),
  page('product', productPath, false, true),
  page('home', '/', true, false),
  page('search', searchPath, true, false),
  page('product', productPath, true, false),
  page('home', '/', false, false),
].filter((target) => !COMPARE || target.rendered);

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
/** The process's user + system CPU time so far, in microseconds. */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}
/** `amount` requests from 10 connections, pinned like the other benches; throws on any error. */
function send(url: string, headers: Record<string, string>, amount: number) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { cmd, args } = pinned(1, ['node_modules/autocannon/autocannon.js', '-c', '10', '-a', String(amount), '-j']);
  const run = spawnSync(cmd, [...args, ...headerArgs, url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { errors: number; timeouts: number; non2xx: number };
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors) throw new Error(`${url} answered ${errors} errors`);
}

/** cpu[variant][target]: microseconds of server CPU per request, one figure per round. */
const cpu = variants.map(() => targets.map(() => [] as number[]));
for (let round = 0; round < ROUNDS; round++)
  for (const [v, variant] of variants.entries()) {
    for (const rendered of COMPARE ? [true] : [true, false]) {
      server = serve(dirs[v]!, rendered);
      await waitFor(`${origin}/healthz`);
      for (const [t, target] of targets.entries()) {
        if (target.rendered !== rendered) continue;
        const amount = rendered ? RENDERED_REQUESTS : CACHED_REQUESTS;
        send(`${origin}${target.path}`, target.headers, Math.round(amount / 5)); // warm-up, discarded
        const before = cpuMicros(server.pid!);
        send(`${origin}${target.path}`, target.headers, amount);
        cpu[v]![t]!.push((cpuMicros(server.pid!) - before) / amount);
      }
      await stop(server);
    }
    console.error(`round ${round + 1}: measured ${variant.name}`);
  }
await stop(idp);
rmSync(copies, { recursive: true, force: true });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** A variant's gain on one target: the median over rounds of the unmodified CPU per request over its own. */
const gain = (v: number, t: number) => median(cpu[v]![t]!.map((value, round) => cpu[0]![t]![round]! / value)) - 1;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
const among = (signedIn: boolean, rendered: boolean) =>
  targets.flatMap((target, t) =>
    target.name.includes(signedIn ? ' C ' : ' A ') && target.rendered === rendered ? [t] : [],
  );
const meanGain = (v: number, ts: number[]) =>
  v === 0 || !ts.length ? '—' : percent(ts.reduce((sum, t) => sum + gain(v, t), 0) / ts.length);

const { lines, print } = reportLines();
print(
  `\nPantry framework changes — ${ROUNDS} rounds alternated, server on core 0, load on core 1 (10 connections); ` +
    `rendered: both page caches off, ${RENDERED_REQUESTS} requests a target; cached: the caches' defaults as ` +
    `npm run bench serves, ${CACHED_REQUESTS} requests; load average at the end ${os.loadavg()[0]!.toFixed(1)}\n`,
);
print('Server CPU per request, µs (median of rounds):\n');
print(`| target | ${variants.map((variant) => variant.name).join(' | ')} |`);
print(`| --- | ${variants.map(() => '---:').join(' | ')} |`);
for (const [t, target] of targets.entries())
  print(`| ${target.name} | ${variants.map((_, v) => median(cpu[v]![t]!).toFixed(0)).join(' | ')} |`);
print(
  `\nGain over ${variants[0]!.name} (its CPU per request over the variant’s, minus one; median of the rounds’ ratios):\n`,
);
print('| variant | C rendered | A rendered | C cached | A cached |');
print('| --- | ---: | ---: | ---: | ---: |');
for (const [v, variant] of variants.entries())
  if (v > 0)
    print(
      `| ${variant.name} | ${[among(true, true), among(false, true), among(true, false), among(false, false)]
        .map((ts) => meanGain(v, ts))
        .join(' | ')} |`,
    );
// A comparison of commits is a diagnostic: the results file keeps the framework figures.
if (!COMPARE) writeResults('framework', lines);
