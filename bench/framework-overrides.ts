/**
 * `npm run bench:framework`: what each change to framework internals (patches/ and server/framework/) buys,
 * measured against the unmodified framework in one run.
 *
 * Each variant is a copy of this checkout (hard links, so it costs nothing) in which every change but the ones
 * named is undone: a patch is reversed in the copy's node_modules, a runtime override's install call is
 * removed from the copy's server. Variants are alternated round by round, each served by the same production
 * build on core 0, loaded from core 1, once with both page caches off (every request renders) and once with
 * their defaults (what `npm run bench` measures). Figures are requests/s; the gain is a variant's figure over
 * the unmodified framework's in the same round.
 * Nothing is asserted. BENCH_ROUNDS (default 2) and BENCH_SECONDS (default 5) set the length.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportLines, writeResults } from './results-file';
import { freePort } from '../scripts/free-port';
import { customerCookies, dataDir, load, secret, start, startIdentityProvider, stop, waitFor } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Change {
  name: string;
  /** A patch file under patches/, or a runtime override's install call in the server. */
  patch?: string;
  install?: { file: string; call: string };
}

const patches = existsSync('patches') ? readdirSync('patches').filter((file) => file.endsWith('.patch')) : [];
const installs: Change['install'][] = [];
for (const [file, call] of [
  ['server/framework/install.ts', 'installRouteMatching();'],
  ['server/framework/install.ts', 'installServerRoutesMemo();'],
] as const)
  if (existsSync(file) && readFileSync(file, 'utf8').includes(call)) installs.push({ file, call });
const changes: Change[] = [
  ...patches.map((patch) => ({ name: patch.replace(/\+[\d.]+\.patch$/, '').replace('+', '/'), patch })),
  ...installs.map((install) => ({ name: install!.call.replace('();', ''), install })),
];

function pair(a: string, b: string) {
  const both = changes.filter((change) => change.name === a || change.name === b);
  return both.length === 2 ? [{ name: `${a} and ${b}`, keep: both }] : [];
}
const variants: { name: string; keep: Change[] }[] = [
  { name: 'unmodified framework', keep: [] },
  ...changes.map((change) => ({ name: `${change.name} only`, keep: [change] })),
  // The static router keeps data routes per route tree, which is one object per build only with the memo.
  ...pair('react-router-dom', 'installServerRoutesMemo'),
  { name: 'all changes', keep: changes },
];

if (!existsSync('build/index.js')) throw new Error('Build first: npm run build');
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.SEED_PRODUCTS ??= '20000';
process.env.SESSION_SECRET = secret;
const { prepareDatabase } = await import('../app/db/prepare.server');
await prepareDatabase({ log: () => {} });

/** A copy of what the server needs, mostly hard links; a file about to change is copied first, never edited in place. */
const copies = path.join(os.tmpdir(), `pantry-framework-${process.pid}`);
function makeVariant(index: number, keep: Change[]) {
  const dir = path.join(copies, String(index));
  mkdirSync(dir, { recursive: true });
  for (const entry of ['node_modules', 'server', 'app', 'package.json', 'tsconfig.json'])
    execFileSync('cp', ['-al', entry, path.join(dir, entry)]);
  // Copied for real: a build started meanwhile rewrites these files in place.
  for (const entry of ['build', 'public']) execFileSync('cp', ['-r', entry, path.join(dir, entry)]);
  const own = (file: string) => {
    const target = path.join(dir, file);
    const content = readFileSync(target);
    rmSync(target);
    writeFileSync(target, content);
    return target;
  };
  for (const change of changes) {
    if (keep.includes(change)) continue;
    if (change.patch) {
      const text = readFileSync(path.join('patches', change.patch), 'utf8');
      for (const [, file] of text.matchAll(/^diff --git a\/(\S+)/gm)) own(file!);
      const reversed = spawnSync('patch', ['-R', '-p1', '-s', '-d', dir], { input: text, encoding: 'utf8' });
      if (reversed.status !== 0) throw new Error(`could not reverse ${change.patch}: ${reversed.stdout}`);
    }
    if (change.install) {
      const target = own(change.install.file);
      const source = readFileSync(target, 'utf8');
      writeFileSync(target, source.replace(change.install.call, ''));
    }
  }
  return dir;
}

const dirs = variants.map((variant, index) => makeVariant(index, variant.keep));
const appPort = await freePort();
const idpPort = await freePort();
const issuer = `http://localhost:${idpPort}`;
const origin = `http://localhost:${appPort}`;
const idp = await startIdentityProvider(idpPort, appPort);
await waitFor(`${issuer}/.well-known/openid-configuration`);
const serverEnv = { PORT: String(appPort), IDP_ISSUER: issuer };
// Rendered: both page caches off, every request renders. Cached: the caches' defaults, as `npm run bench` serves.
const RENDERED = { PAGE_CACHE_TTL_MS: '0', PRIVATE_PAGE_CACHE_TTL_MS: '0' };
const serve = (dir: string, rendered: boolean) =>
  start(
    ['--import', 'tsx', 'server/serve.ts', 'build/index.js'],
    { ...serverEnv, ...(rendered ? RENDERED : {}) },
    {
      cwd: dir,
      core: 0,
    },
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
// Signed-in pages are where a render is paid for; cached, a GET never reaches the framework, so home shows it.
const targets = [
  page('home', '/', true, true),
  page('search', searchPath, true, true),
  page('product', productPath, true, true),
  page('home', '/', false, true),
  page('home', '/', true, false),
  page('home', '/', false, false),
];

/** rps[variant][target] over the rounds. */
const rps = variants.map(() => targets.map(() => [] as number[]));
for (let round = 0; round < ROUNDS; round++)
  for (const [v, variant] of variants.entries()) {
    for (const rendered of [true, false]) {
      server = serve(dirs[v]!, rendered);
      await waitFor(`${origin}/healthz`);
      for (const [t, target] of targets.entries()) {
        if (target.rendered !== rendered) continue;
        load(`${origin}${target.path}`, target.headers, 1); // warm-up, discarded
        const figures = load(`${origin}${target.path}`, target.headers, SECONDS);
        if (figures.errors > 0) throw new Error(`${variant.name}: ${target.name} answered ${figures.errors} errors`);
        rps[v]![t]!.push(figures.rps);
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
/** A variant's gain on one target: the median over rounds of its figure over the unmodified one's. */
const gain = (v: number, t: number) => median(rps[v]![t]!.map((value, round) => value / rps[0]![t]![round]!)) - 1;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;

const { lines, print } = reportLines();
print(
  `\nPantry framework changes — ${os.cpus().length} cores, Node ${process.version}, ${ROUNDS} rounds alternated, ` +
    `${SECONDS} s a target, server on core 0, load on core 1; rendered: both page caches off, every request ` +
    `renders; cached: the page caches on, as npm run bench serves; ` +
    `load average at the end ${os.loadavg()[0]!.toFixed(1)}\n`,
);
print(
  `Requests/s of the unmodified framework (median of rounds), then each variant's gain over it in the same round:\n`,
);
const signedIn = (rendered: boolean) =>
  targets.flatMap((target, t) => (target.name.includes(' C ') && target.rendered === rendered ? [t] : []));
const meanGain = (v: number, among: number[]) =>
  v === 0 ? '—' : percent(among.reduce((sum, t) => sum + gain(v, t), 0) / among.length);
print(`| variant | ${targets.map((target) => target.name).join(' | ')} | mean, C rendered | mean, C cached |`);
print(`| --- | ${targets.map(() => '---:').join(' | ')} | ---: | ---: |`);
for (const [v, variant] of variants.entries()) {
  const cells = targets.map((_, t) => (v === 0 ? median(rps[0]![t]!).toFixed(0) : percent(gain(v, t))));
  print(
    `| ${variant.name} | ${cells.join(' | ')} | ${meanGain(v, signedIn(true))} | ${meanGain(v, signedIn(false))} |`,
  );
}
writeResults('framework', lines);
