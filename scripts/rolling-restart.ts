/**
 * `npm run cluster:restart`: restarts the storefronts of the cluster that `npm run start:cluster` runs from the same
 * DATA_DIR (data/), one at a time with no shopper meeting an error (scripts/cluster-restart.ts), and waits until it
 * is done. `-- --load` also keeps 50 connections of shoppers' requests going through haproxy meanwhile
 * (`--load=N` for N) and reports the requests that failed; the exit code is 1 when any did or the restart failed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startLoad, type LoadReport } from './load-driver';
import type { RestartedStorefront } from './cluster-restart';

interface ClusterState {
  pid: number;
  url: string;
  storefronts: { name: string; pid: number }[];
  restart?: { started: string; finished?: string; storefronts: RestartedStorefront[]; error?: string };
}

const stateFile = path.resolve(process.env.DATA_DIR ?? 'data', 'cluster', 'cluster.json');
const read = (): ClusterState => JSON.parse(readFileSync(stateFile, 'utf8')) as ClusterState;
if (!existsSync(stateFile)) {
  console.error(`no running cluster: ${stateFile} is missing (start one with npm run start:cluster)`);
  process.exit(1);
}
const before = read();
try {
  process.kill(before.pid, 0);
} catch {
  console.error(`no running cluster: process ${before.pid} of ${stateFile} is gone`);
  process.exit(1);
}

const loadArg = process.argv.find((arg) => arg === '--load' || arg.startsWith('--load='));
const connections = loadArg ? Number(loadArg.split('=')[1] ?? 50) : 0;
const load = connections > 0 ? startLoad({ url: before.url, connections }) : undefined;

const asked = Date.now();
process.kill(before.pid, 'SIGHUP');
let state = before;
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  state = read();
  const restart = state.restart;
  if (restart?.finished && Date.parse(restart.started) >= asked - 1000) break;
  if (Date.now() - asked > 10 * 60_000) {
    console.error('the restart did not finish within 10 minutes');
    process.exit(1);
  }
}
const loadReport: LoadReport | undefined = await load?.stop();
const restart = state.restart!;
for (const s of restart.storefronts)
  console.log(`${s.name}: pid ${s.oldPid} -> ${s.newPid} (${(s.ms / 1000).toFixed(1)} s)`);
if (restart.error) console.error(`restart failed: ${restart.error}`);
if (loadReport)
  console.log(
    `load: ${connections} connections through ${state.url}, ${loadReport.requests} requests, ${loadReport.failed} failed` +
      (loadReport.failed ? ` ${JSON.stringify(loadReport.failures)}` : ''),
  );
if (process.argv.includes('--json')) console.log(JSON.stringify({ restart, load: loadReport }));
process.exit(restart.error || loadReport?.failed ? 1 : 0);
