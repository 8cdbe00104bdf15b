import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { freshNonce } from '../app/modules/http/nonce.server';

/**
 * The anonymous page cache (decision 0019). A request without any cookie or Authorization header is
 * an anonymous shopper (A) with no store chosen, so the page it gets depends only on the host (the
 * banner), the URL and whether the client is a bot. Those pages are kept for a short TTL and served
 * without running Remix. Everyone else (G, R, C: any cookie) always gets a freshly rendered page
 * marked `private, no-store`, and every page carries `Vary: Cookie`, so no shared cache can hand one
 * shopper's page to another.
 */

export interface CachedPage {
  status: number;
  /** Response headers without Set-Cookie (a response that sets cookies is never cached). */
  headers: [string, string][];
  /** The body split on the CSP nonce, when the page has one; sent around a fresh nonce on every hit. */
  parts: Buffer[];
  /** Each part deflated on its own, ending byte-aligned (sync flush): see gzipAround. */
  deflatedParts: Buffer[];
  nonce: string | null;
  /** Precomputed when the page has no nonce: the same bytes for every hit. */
  body: Buffer | null;
  gzip: Buffer | null;
  etag: string | null;
  expiresAt: number;
  /** The body's size, counted against maxTotalBytes. */
  bytes: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** Pages above this size are not kept. */
  maxBytes?: number;
  /** All pages together stay under this (the oldest go first), so memory stays flat under any URL mix. */
  maxTotalBytes?: number;
  /** How long a request waits for another's render of the same page before rendering itself (2 s). */
  maxWaitMs?: number;
  now?: () => number;
}

export interface CacheRequest {
  method: string;
  host: string;
  /** Path and query string. */
  url: string;
  cookie: string | undefined;
  authorization: string | undefined;
  bot: boolean;
  /**
   * The language Accept-Language asks for (decision 0116): with no language cookie and no `?lng=`, a page answers in
   * it, so two browsers asking for different languages never share a kept page.
   */
  language: string;
}

/** Only anonymous document requests are looked up; API, health and data requests never are. */
export function cacheKeyFor(request: CacheRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.cookie || request.authorization) return null;
  const path = request.url.split('?', 1)[0] ?? '';
  if (path.startsWith('/api/') || path === '/healthz' || path === '/readyz' || path.startsWith('/build/')) return null;
  if (/[?&]_data=/.test(request.url)) return null;
  return `${request.bot ? 'bot' : 'human'} ${request.host.toLowerCase()} ${request.url} ${request.language}`;
}

/**
 * Whether a customer's rendered page may be kept for that customer (the private cache, decision 0027):
 * a 200 HTML page that sets no cookie and whose route did not ask for no-store itself (`ownCacheControl`:
 * the route's header before documentCacheHeaders made every personal page `private, no-store`).
 */
export function isPrivatelyCacheable(status: number, headers: Headers, ownCacheControl: string | null): boolean {
  if (status !== 200) return false;
  if (headers.has('Set-Cookie')) return false;
  if (!/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) return false;
  return !/\bno-store\b/i.test(ownCacheControl ?? '');
}

/** Whether a rendered response may be kept for other anonymous shoppers. */
export function isCacheableResponse(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (headers.has('Set-Cookie')) return false;
  if (!/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) return false;
  const cacheControl = headers.get('Cache-Control') ?? '';
  if (/\b(no-store|private)\b/i.test(cacheControl)) return false;
  return true;
}

/**
 * The caching headers of a rendered page. Anonymous, cacheable pages may be stored but must be
 * revalidated (ETag); a page for a shopper with cookies, or one that sets cookies, is private and
 * never stored. Routes that set their own Cache-Control keep it, made private when personal.
 */
export function documentCacheHeaders(headers: Headers, personal: boolean): void {
  if (!/^text\/html\b/i.test(headers.get('Content-Type') ?? '')) return;
  // A page's language follows the cookie, else Accept-Language (decision 0116).
  for (const header of ['Cookie', 'Accept-Language']) {
    const vary = headers.get('Vary');
    if (!vary || !new RegExp(`\\b${header}\\b`, 'i').test(vary))
      headers.set('Vary', vary ? `${vary}, ${header}` : header);
  }
  const own = headers.get('Cache-Control');
  if (personal || headers.has('Set-Cookie')) {
    if (!own || !/\b(no-store|private)\b/i.test(own)) headers.set('Cache-Control', 'private, no-store');
  } else if (!own) {
    headers.set('Cache-Control', 'no-cache');
  }
}

/** The value of `'nonce-…'` in a Content-Security-Policy header, if any. */
export function nonceOf(csp: string | null): string | null {
  const match = csp ? /'nonce-([A-Za-z0-9+/=_-]{8,})'/.exec(csp) : null;
  return match ? match[1]! : null;
}

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final deflate block: the end of the stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Deflates one piece of a page so that pieces and stored blocks can follow it in one stream. */
export const deflatePart = (part: Buffer) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });

/**
 * A gzip member for `parts` joined by `nonce`, without compressing anything per response: the parts
 * were deflated once (each alone, so no reference crosses a nonce), and the fresh nonce goes between
 * them as a stored (uncompressed) block. Only the CRC-32 is computed per hit. Browsers get pages
 * gzipped and with a fresh nonce at the cost of one checksum.
 */
export function gzipAround(parts: Buffer[], deflatedParts: Buffer[], nonce: Buffer): Buffer[] {
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      out.push(stored, nonce);
      crc = crc32(nonce, crc);
      size += nonce.length;
    }
    out.push(deflatedParts[index]!);
    // Node's crc32 answers 0 for empty data whatever the running value: skip empty parts.
    if (part.length) crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}

export interface PageHit {
  status: number;
  headers: [string, string][];
  /** The body in pieces (a nonce'd page is never copied into one buffer), written in order. */
  chunks: Buffer[];
  length: number;
  /** The gzipped body, built on demand (a nonce'd page's costs a checksum, see gzipAround). */
  gzipped: () => Buffer[];
  gzip: Buffer | null;
  etag: string | null;
}

export class PageCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxTotalBytes: number;
  private readonly maxWaitMs: number;
  private totalBytes = 0;
  private readonly now: () => number;
  private readonly entries = new Map<string, CachedPage>();
  /** One render per key at a time: concurrent misses wait for it (no stampede). */
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
    this.maxWaitMs = options.maxWaitMs ?? 2_000;
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes of all kept pages together. */
  get bytes() {
    return this.totalBytes;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  get(key: string): PageHit | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.drop(key);
      return null;
    }
    if (entry.body)
      return {
        status: entry.status,
        headers: entry.headers,
        chunks: [entry.body],
        length: entry.body.length,
        gzip: entry.gzip,
        gzipped: () => [entry.gzip!],
        etag: entry.etag,
      };
    // A CSP nonce must be unpredictable per response: a fresh one in the header and the body each time.
    const nonce = freshNonce();
    const nonceBytes = Buffer.from(nonce);
    const chunks: Buffer[] = [];
    let length = 0;
    entry.parts.forEach((part, index) => {
      if (index > 0) chunks.push(nonceBytes);
      chunks.push(part);
      length += (index > 0 ? nonceBytes.length : 0) + part.length;
    });
    const headers = entry.headers.map(([name, value]): [string, string] => [
      name,
      name.toLowerCase().startsWith('content-security-policy') ? value.split(entry.nonce!).join(nonce) : value,
    ]);
    return {
      status: entry.status,
      headers,
      chunks,
      length,
      gzip: null,
      gzipped: () => gzipAround(entry.parts, entry.deflatedParts, nonceBytes),
      etag: entry.etag,
    };
  }

  /**
   * Keeps a rendered page. `personal` entries (the private cache) were checked by isPrivatelyCacheable,
   * carry no ETag (they are `no-store` for the browser) and may end sooner than the TTL (`expiresAt`).
   */
  set(
    key: string,
    status: number,
    headers: Headers,
    body: Buffer,
    options: { personal?: boolean; expiresAt?: number } = {},
  ): boolean {
    if (this.ttlMs <= 0 || body.length > this.maxBytes) return false;
    if (!options.personal && !isCacheableResponse(status, headers)) return false;
    const now = this.now();
    const expiresAt = Math.min(now + this.ttlMs, options.expiresAt ?? Infinity);
    if (expiresAt <= now) return false;
    const list: [string, string][] = [];
    headers.forEach((value, name) => {
      if (name.toLowerCase() !== 'content-length' && name.toLowerCase() !== 'etag') list.push([name, value]);
    });
    const nonce = nonceOf(headers.get('Content-Security-Policy'));
    const fixed = nonce === null;
    const parts = fixed
      ? []
      : body
          .toString('utf8')
          .split(nonce)
          .map((part) => Buffer.from(part));
    // A nonce'd page's ETag covers the page without its nonce: a 304 keeps the browser's copy, whose
    // nonce still matches the policy the browser stored with it (the 304 carries no new policy).
    const etag = options.personal ? null : etagOf(fixed ? body : Buffer.concat(parts));
    if (etag) list.push(['ETag', etag]);
    this.drop(key);
    // Entries are kept in insertion order with one TTL, so the oldest are the expired ones and go first.
    for (const [oldest, page] of this.entries) {
      const full = this.entries.size >= this.maxEntries || this.totalBytes + body.length > this.maxTotalBytes;
      if (!full && page.expiresAt > now) break;
      this.drop(oldest);
    }
    this.totalBytes += body.length;
    this.entries.set(key, {
      status,
      headers: list,
      parts,
      deflatedParts: parts.map(deflatePart),
      nonce,
      body: fixed ? body : null,
      gzip: fixed ? gzipSync(body, { level: 6 }) : null,
      etag,
      expiresAt,
      bytes: body.length,
    });
    return true;
  }

  /**
   * Runs `render` unless another request is already rendering this key; then waits for that one, for at most
   * maxWaitMs: a render that never ends (a client gone mid-page, a stuck loader) must not hold every later
   * request of the page with it. A waiter that gives up finds no entry and renders itself.
   */
  async once(key: string, render: () => Promise<void>): Promise<'rendered' | 'waited'> {
    const pending = this.inflight.get(key);
    if (pending) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pending.catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, this.maxWaitMs))),
      ]);
      clearTimeout(timer);
      return 'waited';
    }
    const run = render().finally(() => this.inflight.delete(key));
    this.inflight.set(key, run);
    await run;
    return 'rendered';
  }

  clear() {
    this.entries.clear();
  }
}

/** A hit's body in one buffer (tests, and anything that needs it whole). */
export const hitBody = (hit: PageHit) => Buffer.concat(hit.chunks, hit.length);
