import { randomFillSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createNonce } from '~/modules/http/security-headers.server';
import { NoncePool } from '~/modules/http/nonce.server';

describe('CSP nonces from a pool of random bytes', () => {
  it('asks the random source once per 256 nonces, not once per page', () => {
    let fills = 0;
    const pool = new NoncePool(4096, (buffer) => {
      fills++;
      randomFillSync(buffer);
    });
    for (let i = 0; i < 1000; i++) pool.next();
    expect(fills).toBe(4);
  });

  it('uses every byte once: each nonce is the next 16 bytes, then a refill', () => {
    let round = 0;
    // A recognisable source: byte i of refill r is (r * 7 + i) % 256.
    const pool = new NoncePool(64, (buffer) => {
      round++;
      for (let i = 0; i < buffer.length; i++) buffer[i] = (round * 7 + i) % 256;
    });
    const bytes = Array.from({ length: 6 }, () => [...Buffer.from(pool.next(), 'base64')]);
    expect(bytes[0]).toEqual(Array.from({ length: 16 }, (_, i) => (7 + i) % 256));
    expect(bytes[3]).toEqual(Array.from({ length: 16 }, (_, i) => (7 + 48 + i) % 256));
    expect(bytes[4]).toEqual(Array.from({ length: 16 }, (_, i) => (14 + i) % 256));
    expect(new Set(bytes.map((b) => b.join())).size).toBe(6);
  });

  it('gives 128-bit base64 nonces that never repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const nonce = createNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5000);
  });
});
