// The reference: a bare node:http hello-world, measured beside the storefront in the same run.
import http from 'node:http';

const port = Number(process.env.PORT ?? 3201);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('hello world');
  })
  .listen(port, '127.0.0.1');
