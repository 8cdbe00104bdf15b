import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/cluster';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A throw-away PostgreSQL server (initdb + pg_ctl in a temp folder, loopback port, its own socket folder), so
 * a test may stop and start it without touching the machine's shared server. initdb refuses root: as root it
 * runs as the `postgres` user. Throws when it cannot start (the caller decides to skip or, under CI, fail).
 */
export interface PostgresServer {
  url: (database: string) => string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pantry-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args]]
      : [path.join(BIN, command), args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=32MB -c max_connections=60`;
  const server: PostgresServer = {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () =>
      void run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']),
    // A fast shutdown: the server ends every connection, as a restart or failover does.
    stop: () => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    destroy: () => {
      try {
        server.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return server;
}
