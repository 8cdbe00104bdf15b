/**
 * `tsx bench/closed-loop-floor.ts`: the soak's closed loop (50 connections, each sending the next request as soon
 * as its answer is in, the load generator on core 1) against a server with no framework and next to no garbage
 * (bench/spin-server.mjs on core 0), which spends a fixed CPU time per request: the soak's six requests at what
 * each costs the storefront alone, then every request at the same cost. It prints the p99 as a
 * multiple of the mean latency (50 ÷ throughput): what the loop itself adds to the tail, before any collector or
 * slow request of the storefront's. The last row starts one request per turn of the server's event
 * loop, in arrival order: without the two-turn wait that level-triggered polling gives the client that answers
 * last.
 */
import { spawnSync } from 'node:child_process';
import { freePort } from '../scripts/free-port';
import { hasTaskset, start, stop, waitFor } from './harness';
import { autocannon } from './soak-run';

const seconds = Number(process.env.FLOOR_SECONDS ?? 20);
const connections = 50;
// The soak's order: home, search, product (page cache hits), cart add, clip, the slots page; ms of CPU each.
const MIX = [
  ['/home', 0.1, 'GET'],
  ['/search', 0.1, 'GET'],
  ['/product', 0.1, 'GET'],
  ['/cart-add', 0.7, 'POST'],
  ['/clip', 0.6, 'POST'],
  ['/slots', 2.6, 'GET'],
] as const;
const mean = MIX.reduce((sum, [, ms]) => sum + ms, 0) / MIX.length;

if (hasTaskset && spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)]).status !== 0)
  throw new Error('could not pin the load generator to core 1');

async function run(label: string, spin: Record<string, number>, onePerTurn = false) {
  const port = await freePort();
  const server = start(
    ['bench/spin-server.mjs'],
    { PORT: String(port), SPIN_MS: JSON.stringify(spin), SPIN_ONE_PER_TURN: onePerTurn ? '1' : '0' },
    { core: 0 },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/home`);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: seconds,
      requests: MIX.map(([path, , method]) =>
        method === 'POST'
          ? { method, path, headers: { 'Content-Type': 'application/json' }, body: '{"id":1}' }
          : { method, path },
      ),
    });
    const rps = result.requests.average;
    const meanLatency = (connections / rps) * 1000;
    console.log(
      `${label.padEnd(34)} ${String(Math.round(rps)).padStart(6)} req/s  mean ${meanLatency.toFixed(1)}  p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99} ms  p99 ÷ mean ${(result.latency.p99 / meanLatency).toFixed(2)}`,
    );
  } finally {
    await stop(server);
  }
}

console.log(`The soak's closed loop against bench/spin-server.mjs, ${connections} connections, ${seconds} s each`);
await run("the soak's mix of costs (ms)", Object.fromEntries(MIX.map(([path, ms]) => [path, ms])));
const same = Object.fromEntries(MIX.map(([path]) => [path, mean]));
await run(`every request ${mean.toFixed(2)} ms`, same);
// The same server polling between any two requests: the tail left is the load generator's and the mix's (0059).
await run(`the same, one per loop turn`, same, true);
process.exit(0);
