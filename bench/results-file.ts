/**
 * bench/results.md holds the figures of the latest run of each bench script, nothing older. Each script owns one
 * section between `<!-- name -->` and `<!-- /name -->` and rewrites only that, so `npm run bench:search` leaves the
 * page figures of the last `npm run bench:pages` in place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const RESULTS_FILE = path.resolve('bench/results.md');

export type ResultsSection =
  | 'pages'
  | 'lists'
  | 'telemetry'
  | 'memory'
  | 'search'
  | 'relevance'
  | 'fulfilment'
  | 'framework'
  | 'soak-one'
  | 'soak';

const TITLES: Record<ResultsSection, string> = {
  pages: 'Pages: `npm run bench:pages` (the first half of `npm run bench`)',
  lists: 'A 500-item shopping list: `npm run bench:lists`',
  telemetry: 'What logs and metrics cost: `npm run bench:telemetry`',
  memory: 'Resident memory, compiled against tsx: `npm run bench:memory`',
  search: 'Search and seeding: `npm run bench:search` (the second half of `npm run bench`)',
  relevance: 'Search relevance: `npm run bench:relevance` (also run by `npm run bench:search`)',
  fulfilment: 'Fulfilment: `npm run bench:fulfilment` (the last part of `npm run bench`)',
  framework: 'Framework changes: `npm run bench:framework`',
  'soak-one': 'Soak, one storefront: `npm run soak:one`',
  soak: 'Soak, the cluster: `npm run soak`',
};

// The order sections take in a new file, whichever script runs first.
const ORDER: ResultsSection[] = [
  'pages',
  'lists',
  'telemetry',
  'memory',
  'search',
  'relevance',
  'fulfilment',
  'framework',
  'soak-one',
  'soak',
];

const HEADER = `# Benchmark results

Written by the bench scripts, not by hand: each run rewrites its own section with the date, the machine and the
figures of that run. How to run them and what the budgets mean: README.md (Benchmarking) and docs/performance.md.
`;

const start = (name: string) => `<!-- ${name} -->`;
const end = (name: string) => `<!-- /${name} -->`;

/** The machine a run is measured on: figures from different machines are not comparable. */
export function describeMachine(cpus = os.cpus(), node = process.version): string {
  const model = cpus[0]?.model.trim() || 'unknown CPU';
  return `${model}, ${cpus.length} cores, Node ${node}`;
}

/** A section's text: its heading, when and where it ran, then the run's own lines. */
export function formatSection(name: ResultsSection, lines: string[], at = new Date(), machine = describeMachine()) {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return [`## ${TITLES[name]}`, '', `Run ${when} on ${machine}.`, '', ...lines]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}

/**
 * The results text with one section replaced, or added in its place when the file does not have it yet. Every
 * other section is kept byte for byte.
 */
export function replaceSection(text: string, name: ResultsSection, body: string): string {
  const block = `${start(name)}\n${body.trimEnd()}\n${end(name)}`;
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from !== -1 && to > from) return text.slice(0, from) + block + text.slice(to + end(name).length);

  const base = text.trim() ? text.trimEnd() : HEADER.trimEnd();
  // Before the first section that comes after this one, so the file keeps one order.
  const next = ORDER.slice(ORDER.indexOf(name) + 1)
    .map((later) => base.indexOf(start(later)))
    .find((index) => index !== -1);
  if (next === undefined) return `${base}\n\n${block}\n`;
  return `${base.slice(0, next)}${block}\n\n${base.slice(next)}\n`;
}

/** Rewrites this script's section of bench/results.md with the lines it printed. */
export function writeResults(name: ResultsSection, lines: string[], file = RESULTS_FILE): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, replaceSection(text, name, formatSection(name, lines)));
  console.error(`figures written to ${path.relative(process.cwd(), file)} (${name})`);
}

/** console.log that also keeps the line for bench/results.md. */
export function reportLines() {
  const lines: string[] = [];
  const print = (line = '') => {
    console.log(line);
    lines.push(...line.split('\n'));
  };
  return { lines, print };
}
