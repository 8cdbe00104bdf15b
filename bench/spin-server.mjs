// bench/closed-loop-floor.ts's server: node:http that spends a fixed CPU time per path (busy-waiting, so it
// makes next to no garbage), then answers 20 KB. SPIN_MS: JSON of path -> milliseconds. SPIN_ONE_PER_TURN=1
// starts the requests in the order they arrived, one per turn of the event loop, so that the loop polls its
// sockets between any two.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';

const port = Number(process.env.PORT ?? 3202);
const spin = JSON.parse(process.env.SPIN_MS ?? '{}');
const onePerTurn = process.env.SPIN_ONE_PER_TURN === '1';
const body = Buffer.alloc(20_000, 97);
const waiting = [];
let scheduled = false;

function next() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}
function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(next);
}

http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = () => {
        const until = performance.now() + (spin[req.url] ?? 0);
        while (performance.now() < until);
        res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': body.length });
        res.end(body);
      };
      if (!onePerTurn) return answer();
      waiting.push(answer);
      schedule();
    });
  })
  .listen(port, '127.0.0.1');
