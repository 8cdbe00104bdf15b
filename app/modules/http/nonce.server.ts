import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;

/**
 * CSP nonces (128 random bits each, base64) cut from a buffer of random bytes filled 4 KB at a time
 *: one call into the system's random source per 256 nonces instead of one per page, which
 * was 1–2 % of a cached signed-in page's CPU. Every nonce is fresh bytes from the CSPRNG, used once.
 */
export class NoncePool {
  private readonly pool: Buffer;
  private offset: number;

  constructor(
    size = 4096,
    private readonly fill: (buffer: Buffer) => void = (buffer) => void randomFillSync(buffer),
  ) {
    this.pool = Buffer.alloc(size - (size % NONCE_BYTES));
    this.offset = this.pool.length;
  }

  next(): string {
    if (this.offset + NONCE_BYTES > this.pool.length) {
      this.fill(this.pool);
      this.offset = 0;
    }
    const nonce = this.pool.toString('base64', this.offset, this.offset + NONCE_BYTES);
    this.offset += NONCE_BYTES;
    return nonce;
  }
}

const shared = new NoncePool();

/** A fresh nonce for one response. */
export const freshNonce = () => shared.next();
