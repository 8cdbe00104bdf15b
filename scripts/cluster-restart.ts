/**
 * A rolling restart of a cluster's storefronts (scripts/cluster.ts), one process at a time: SIGTERM makes its
 * /readyz answer 503, haproxy takes it out after three failed checks, it keeps serving for SHUTDOWN_DRAIN_MS
 * (longer than that), finishes the requests in flight and exits; a new process starts on the same port, and the
 * next one is stopped only once haproxy has the new one back in rotation. Used by `npm run start:cluster` on
 * SIGHUP (`npm run cluster:restart`) and by the resilience test.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { Cluster, StorefrontProcess } from './cluster';

export interface RestartedStorefront {
  name: string;
  oldPid: number;
  newPid: number;
  ms: number;
}

/** haproxy's `show stat` over its runtime socket: each backend server's status (UP, DOWN, MAINT, "UP 1/3", …). */
export async function haproxyServerStatus(socket: string): Promise<Map<string, string>> {
  const text = await new Promise<string>((resolve, reject) => {
    const client = connect(socket);
    let out = '';
    client.setTimeout(5_000, () => client.destroy(new Error('haproxy socket timed out')));
    client.on('data', (chunk) => (out += chunk.toString()));
    client.on('end', () => resolve(out));
    client.on('error', reject);
    client.end('show stat\n');
  });
  const [header, ...rows] = text.trim().split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  const states = new Map<string, string>();
  for (const row of rows) {
    const fields = row.split(',');
    if (fields[proxy!] === 'storefronts' && fields[server!] !== 'BACKEND')
      states.set(fields[server!]!, fields[status!]!);
  }
  return states;
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // Drain and grace are bounded (SHUTDOWN_DRAIN_MS + 5 s): a process still there after that is stuck.
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
}

export async function rollingRestart(
  cluster: Pick<Cluster, 'storefronts' | 'restart' | 'statsSocket'>,
  options: {
    drainMs: number;
    log?: (line: string) => void;
    /** Called before a process is stopped, so a supervisor does not take its exit for a crash. */
    stopping?: (storefront: StorefrontProcess) => void;
    started?: (storefront: StorefrontProcess) => void;
  },
): Promise<RestartedStorefront[]> {
  const log = options.log ?? (() => {});
  if (cluster.storefronts.length < 2)
    throw new Error('a rolling restart needs at least two storefronts: with one, shoppers would meet errors');
  const done: RestartedStorefront[] = [];
  for (const { name } of [...cluster.storefronts]) {
    const began = Date.now();
    const old = cluster.storefronts.find((s) => s.name === name)!;
    // Someone else must be serving while this one is out.
    await until(`another storefront in rotation before ${name} stops`, 60_000, async () =>
      [...(await haproxyServerStatus(cluster.statsSocket))].some(
        ([other, status]) => other !== name && status.startsWith('UP'),
      ),
    );
    log(`${name} (pid ${old.child.pid}): stopping`);
    options.stopping?.(old);
    old.child.kill('SIGTERM');
    await exited(old.child, options.drainMs + 15_000);
    const fresh = await cluster.restart(name);
    options.started?.(fresh);
    await until(`${name} back in haproxy's rotation`, 60_000, async () =>
      ((await haproxyServerStatus(cluster.statsSocket)).get(name) ?? '').startsWith('UP'),
    );
    const ms = Date.now() - began;
    log(`${name}: pid ${old.child.pid} -> ${fresh.child.pid}, in rotation again after ${(ms / 1000).toFixed(1)} s`);
    done.push({ name, oldPid: old.child.pid!, newPid: fresh.child.pid!, ms });
  }
  return done;
}
