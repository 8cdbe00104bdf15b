// bench/closed-loop-floor.ts's server: node:http that spends a fixed CPU time per path (busy-waiting, so it
// makes next to no garbage), then answers 20 KB. SPIN_MS: JSON of path -> milliseconds.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const port = Number(process.env.PORT ?? 3202);
const spin = JSON.parse(process.env.SPIN_MS ?? '{}');
const body = Buffer.alloc(20_000, 97);
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const until = performance.now() + (spin[req.url] ?? 0);
      while (performance.now() < until);
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': body.length });
      res.end(body);
    });
  })
  .listen(port, '127.0.0.1');
