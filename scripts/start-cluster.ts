/**
 * `npm run start:cluster`: CLUSTER_SIZE storefront processes (default 2) on PostgreSQL behind haproxy on
 * PORT (3000), the identity provider on IDP_PORT (3001); the database is created, migrated and seeded once
 * first. Stopping this process (Ctrl-C, SIGTERM) stops every child. SIGHUP (`npm run cluster:restart`) restarts
 * the storefronts one at a time (scripts/cluster-restart.ts); DATA_DIR/cluster/cluster.json says where this
 * process is and how the last restart went.
 */
import type { ChildProcess } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLUSTER_DRAIN_MS, startCluster } from './cluster';
import { rollingRestart, type RestartedStorefront } from './cluster-restart';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pantry';
const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!databaseUrl.startsWith('postgres')) {
  console.error('start:cluster runs on PostgreSQL: set DATABASE_URL=postgres://…');
  process.exit(1);
}
const size = Number(process.env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(size) || size < 1 || size > 32) {
  console.error('CLUSTER_SIZE must be a whole number from 1 to 32');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const idpPort = Number(process.env.IDP_PORT ?? 3001);
// Storefronts on CLUSTER_BASE_PORT, +1, … (default: just above the identity provider).
const base = Number(process.env.CLUSTER_BASE_PORT ?? idpPort + 9);

const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const cluster = await startCluster({
  databaseUrl,
  size,
  port,
  idpPort,
  storefrontPorts: Array.from({ length: size }, (_, i) => base + i),
  dataDir,
  servedBy: process.env.CLUSTER_SERVED_BY === 'true',
  output: 'inherit',
  log: (line) => console.log(line),
});
console.log(`Pantry cluster: ${cluster.url} (${size} storefronts behind haproxy), identity provider ${cluster.idpUrl}`);

const stateFile = path.join(dataDir, 'cluster', 'cluster.json');
interface RestartState {
  started: string;
  finished?: string;
  storefronts: RestartedStorefront[];
  error?: string;
}
function writeState(restart?: RestartState) {
  const state = {
    pid: process.pid,
    url: cluster.url,
    idpUrl: cluster.idpUrl,
    storefronts: cluster.storefronts.map((s) => ({ name: s.name, port: s.port, pid: s.child.pid })),
    restart,
  };
  // Written aside and renamed into place: `npm run cluster:restart` polls this file and must never read it half-written.
  writeFileSync(`${stateFile}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${stateFile}.tmp`, stateFile);
}
writeState();

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  rmSync(stateFile, { force: true });
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// Any child that dies takes the whole cluster down, like `npm start` does; a storefront the restart stops does not.
const stoppedOnPurpose = new Set<ChildProcess>();
function watch(child: ChildProcess) {
  child.once('exit', (code, signal) => {
    if (stopping || stoppedOnPurpose.has(child)) return;
    console.error(`a cluster process stopped (${signal ?? code}); stopping the others`);
    void shutdown(1);
  });
}
for (const child of [cluster.idp, cluster.haproxy, ...cluster.storefronts.map((s) => s.child)]) watch(child);

let restarting = false;
process.on('SIGHUP', () => {
  if (restarting || stopping) return;
  restarting = true;
  const state: RestartState = { started: new Date().toISOString(), storefronts: [] };
  writeState(state);
  console.log('Rolling restart of the storefronts…');
  rollingRestart(cluster, {
    drainMs: Number(process.env.SHUTDOWN_DRAIN_MS || CLUSTER_DRAIN_MS),
    log: (line) => console.log(line),
    stopping: (storefront) => stoppedOnPurpose.add(storefront.child),
    started: (storefront) => watch(storefront.child),
  })
    .then((done) => {
      state.storefronts = done;
      console.log('Rolling restart done');
    })
    .catch((error: unknown) => {
      state.error = error instanceof Error ? error.message : String(error);
      console.error(`Rolling restart failed: ${state.error}`);
    })
    .finally(() => {
      state.finished = new Date().toISOString();
      restarting = false;
      if (!stopping) writeState(state);
    });
});
