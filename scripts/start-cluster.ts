/**
 * `npm run start:cluster`: CLUSTER_SIZE storefront processes (default 2) on PostgreSQL behind haproxy on
 * PORT (3000), the identity provider on IDP_PORT (3001); the database is created, migrated and seeded once
 * first. Stopping this process (Ctrl-C, SIGTERM) stops every child.
 */
import { startCluster } from './cluster';

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

const cluster = await startCluster({
  databaseUrl,
  size,
  port,
  idpPort,
  storefrontPorts: Array.from({ length: size }, (_, i) => base + i),
  dataDir: process.env.DATA_DIR ?? 'data',
  servedBy: process.env.CLUSTER_SERVED_BY === 'true',
  output: 'inherit',
  log: (line) => console.log(line),
});
console.log(`Pantry cluster: ${cluster.url} (${size} storefronts behind haproxy), identity provider ${cluster.idpUrl}`);

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Any child that dies takes the whole cluster down, like `npm start` does.
for (const child of [cluster.idp, cluster.haproxy, ...cluster.storefronts.map((s) => s.child)]) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`a cluster process stopped (${signal ?? code}); stopping the others`);
    void shutdown(1);
  });
}
