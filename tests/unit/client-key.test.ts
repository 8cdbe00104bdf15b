import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, PEER_HEADER } from '~/modules/http/client-key.server';

describe('clientAddress: the connection, through trusted proxies only', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1, 10.0.0.1', [])).toBe('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.2', '1.2.3.4', [])).toBe('127.0.0.2');
  });
  it('takes the right-most entry the trusted proxy appended, not the forgeable left-most one', () => {
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7', ['127.0.0.1'])).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1', ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.7');
  });
  it('stays on the proxy when its header is missing or garbage, and refuses a non-address peer', () => {
    expect(clientAddress('127.0.0.1', null, ['127.0.0.1'])).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'not-an-ip', ['127.0.0.1'])).toBe('127.0.0.1');
    expect(clientAddress(undefined, '1.2.3.4', [])).toBeNull();
    expect(clientAddress('evil', '1.2.3.4', [])).toBeNull();
  });
});

describe('clientKey behind a real Node HTTP server', () => {
  it('keys on the socket address the server stamps, ignoring forged headers', async () => {
    const server = createServer((req, res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      res.end(clientKey(new Request('http://localhost/', { headers }), 'visitor-1'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const ask = (localAddress: string) =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            localAddress,
            headers: { 'X-Forwarded-For': '6.6.6.6', [PEER_HEADER]: '9.9.9.9', 'X-Client-IP': '7.7.7.7' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(body));
          },
        );
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await ask('127.0.0.2')).toBe('127.0.0.2');
      expect(await ask('127.0.0.3')).toBe('127.0.0.3');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
