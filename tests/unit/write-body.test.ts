import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeBody } from '../../server/app-server';

/**
 * A client that goes away in the middle of a page: the server must stop writing, report
 * the page incomplete (never cache it) and free the render, instead of waiting for a 'drain' that never comes.
 */
const CHUNK = new Uint8Array(64 * 1024).fill(97);

/** An endless page body, as a render that streams more than the socket takes. */
const endlessBody = () =>
  new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(CHUNK);
    },
  });

async function cutShort(gzip: boolean): Promise<{ complete: boolean; kept: number }> {
  let outcome!: Promise<{ complete: boolean; kept: number }>;
  const server = http.createServer((req, res) => {
    const keep: Buffer[] = [];
    res.writeHead(200, { 'Content-Type': 'text/html' });
    let out: NodeJS.WritableStream = res;
    if (gzip) {
      const zip = createGzip({ level: 1 });
      zip.pipe(res);
      out = zip;
    }
    outcome = writeBody(out, res, endlessBody(), keep).then((complete) => ({ complete, kept: keep.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        // Read a little, then stop reading and hang up, as a client whose timeout ran out.
        response.once('data', () => {
          response.pause();
          setTimeout(() => {
            request.destroy();
            resolve();
          }, 200);
        });
      });
      request.on('error', () => {});
    });
    return await Promise.race([
      outcome,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('writeBody never finished')), 3000)),
    ]);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('writing a page body', () => {
  it('stops when the client hangs up mid-page and reports it incomplete', async () => {
    const { complete, kept } = await cutShort(false);
    expect(complete).toBe(false);
    expect(kept).toBeGreaterThan(0);
  });

  it('stops too when the page goes through gzip', async () => {
    expect((await cutShort(true)).complete).toBe(false);
  });

  it('reports a body written to the end as complete', async () => {
    let complete: boolean | undefined;
    const server = http.createServer(async (req, res) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(CHUNK);
          controller.close();
        },
      });
      res.writeHead(200);
      complete = await writeBody(res, res, body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect((await response.arrayBuffer()).byteLength).toBe(20 * CHUNK.length);
      expect(complete).toBe(true);
    } finally {
      server.close();
    }
  });
});
