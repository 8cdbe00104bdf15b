import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from '@remix-run/node';
import { isbot } from 'isbot';
import { addLogFields, describeError, log, withLogFields } from '../app/modules/config/logger.server';
import { metrics } from '../app/modules/config/metrics.server';
import { acceptedCorrelationId } from '../app/modules/http/service-call';
import { requestLineProblem, BAD_REQUEST_MESSAGE, type RequestProblem } from '../app/modules/http/request-line';
import { CROSS_SITE_MESSAGE, isCrossSite } from '../app/modules/http/same-origin.server';
import { strictTransportSecurity } from '../app/modules/http/security-headers.server';
import { handledSubjects, STATE_VERSIONS_HANDLED_HEADER } from '../app/modules/http/handled-state-versions';
import { cacheKeyFor, documentCacheHeaders, isPrivatelyCacheable, PageCache, type PageHit } from './page-cache';
import { privateEntryKey, privateKeyFor, privatePageHooks } from './private-cache';
import { languageOfHeader } from '../app/modules/i18n/accept-language.server';
import { installFrameworkChanges } from './framework/install';
import { applyConnectionLimits, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';
import { routeKinds, type RouteKind } from './route-kind';
import { loadStaticFiles, type StaticFile } from './static-files';
import { requestObserver } from './request-log';
import { stopping } from './shutdown';

/**
 * The production HTTP server (decision 0019): node:http and Remix's request handler on Node's own
 * fetch classes, without Express, the compression middleware, the morgan access log or the
 * web-fetch polyfills that remix-serve adds to every request. Static files come from memory, and
 * anonymous pages from the page cache.
 */
export interface AppServerOptions {
  build: ServerBuild;
  publicDir: string;
  /** 0 turns the anonymous page cache off. */
  pageCacheTtlMs: number;
  /** The private page cache for signed-in customers (decision 0027); 0 (the default) turns it off. */
  privateCacheTtlMs?: number;
  mode?: string;
  /** Timeouts and connections per client (decision 0063); the defaults when left out. */
  connectionLimits?: ConnectionLimits;
}

const accepts = (req: IncomingMessage, encoding: string) =>
  new RegExp(`\\b${encoding}\\b`, 'i').test(String(req.headers['accept-encoding'] ?? ''));

function requestUrl(req: IncomingMessage): URL | null {
  // As remix-serve (Express without "trust proxy"): the Host header, plain http unless the socket is TLS.
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  try {
    return new URL(`${protocol}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`);
  } catch {
    return null;
  }
}

const REFUSAL_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
};

/** HSTS on what this server answers itself (static files, refusals, resource routes) outside local hosts. */
function withHsts(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const hsts = strictTransportSecurity();
  if (hsts) headers['Strict-Transport-Security'] = hsts;
  return headers;
}

function notReady(res: ServerResponse) {
  const body = JSON.stringify({ ready: false, stopping: true });
  res.writeHead(503, { ...REFUSAL_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' });
  res.end(body);
}

/** A request refused before Remix sees it: the client's mistake, so logged as a warning, never an error. */
function refuse(req: IncomingMessage, res: ServerResponse, problem: RequestProblem) {
  log.warn('request refused', {
    status: problem.status,
    method: req.method,
    target: String(req.url ?? '').slice(0, 200),
    reason: problem.message,
  });
  const body = Buffer.from(JSON.stringify({ error: { code: problem.code, message: problem.message } }));
  const headers: http.OutgoingHttpHeaders = withHsts({
    ...REFUSAL_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
  });
  if (problem.allow) headers.Allow = problem.allow;
  // The body of a refused request is never read: close rather than drain it.
  if (req.method !== 'GET' && req.method !== 'HEAD') headers.Connection = 'close';
  res.writeHead(problem.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  req.resume();
}

/**
 * A route without an action answers GET and HEAD only. Remix would throw its own 405 for anything else,
 * which reads "Unexpected Server Error", has no Allow header and is logged as a server error.
 */
function methodProblem(method: string, route: RouteKind): RequestProblem | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  if (route.routeId === null || route.hasAction) return null;
  return {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    message: `This address does not accept ${method} requests. Use GET.`,
    allow: 'GET, HEAD',
  };
}

/**
 * The web Request Remix gets for a node request. Its signal aborts when the client goes away before the
 * response is finished, so loaders and actions stop. The signal is the Request's own property rather than
 * `init.signal`: given one, Node's Request follows it with a second AbortController, a WeakRef and a
 * FinalizationRegistry entry per request, which outlive the request until a full collection and are then
 * cleaned up in one burst: three times the cost of making the Request alone.
 */
export function toRequest(req: IncomingMessage, res: ServerResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  const request = new Request(url.href, init);
  Object.defineProperty(request, 'signal', { value: controller.signal, enumerable: true });
  return request;
}

function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
  const headers: http.OutgoingHttpHeaders = withHsts({
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
    // A file is exactly the type its extension says: a browser never sniffs an upload or asset into a script.
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const gzipped = accepts(req, 'gzip') ? file.gzip() : null;
  const gzip = gzipped !== null;
  const body = gzipped ?? file.body;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendHit(req: IncomingMessage, res: ServerResponse, hit: PageHit, marker = 'hit') {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of hit.headers) headers[name] = value;
  headers['X-Page-Cache'] = marker;
  if (hit.etag && req.headers['if-none-match'] === hit.etag) {
    // The browser keeps its copy and the policy that came with it: a fresh nonce here would not match it.
    for (const name of Object.keys(headers))
      if (name.toLowerCase().startsWith('content-security-policy')) delete headers[name];
    res.writeHead(304, headers).end();
    return;
  }
  const chunks = accepts(req, 'gzip') ? hit.gzipped() : hit.chunks;
  if (chunks !== hit.chunks) headers['Content-Encoding'] = 'gzip';
  const varyKey = Object.keys(headers).find((name) => name.toLowerCase() === 'vary') ?? 'Vary';
  const vary = String(headers[varyKey] ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) headers[varyKey] = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  headers['Content-Length'] = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  res.writeHead(hit.status, headers);
  if (req.method === 'HEAD') return res.end();
  // One writev for the pieces of a nonce'd page: no copy of the whole body per hit.
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/**
 * The CSRF rule (decision 0021) ahead of Remix: Remix's own guard would otherwise answer a document
 * POST from another origin with a bare, empty 500 before any action could give the shopper our 403.
 */
function refuseCrossSite(req: IncomingMessage, res: ServerResponse, url: URL, route: RouteKind): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const headers = new Headers();
  for (const name of ['host', 'origin', 'referer', 'sec-fetch-site', 'authorization']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // The rule reads the method, URL and headers only: no Request (and its AbortController) per form post.
  if (!isCrossSite({ method: req.method ?? 'GET', url: url.href, headers })) return false;
  // A bearer call may be one the token authenticates: the route checks the token and refuses the call
  // when it does not (same-origin.server). A page never authenticates by bearer, so a document request
  // is refused here whatever its Authorization header says.
  if (/^Bearer\s/i.test(headers.get('authorization') ?? '') && route.kind !== 'document') return false;
  const wantsPage = /text\/html/i.test(String(req.headers.accept ?? '')) && !url.searchParams.has('_data');
  const body = wantsPage
    ? `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Not sent from our pages</title></head><body><main><h1>Not sent from our pages</h1><p>${CROSS_SITE_MESSAGE}</p><p><a href="/">Go to the home page</a></p></main></body></html>`
    : JSON.stringify({ code: 'CROSS_SITE_REQUEST', message: CROSS_SITE_MESSAGE });
  res.writeHead(
    403,
    withHsts({
      ...REFUSAL_HEADERS,
      'Content-Type': wantsPage ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    }),
  );
  res.end(body);
  // The body was never read: close the connection rather than drain an attacker's upload.
  req.resume();
  return true;
}

/** Resource routes (JSON, files) bypass the entry's headers: give them the baseline ones. */
function baselineHeaders(headers: Headers) {
  const hsts = strictTransportSecurity();
  if (hsts && !headers.has('Strict-Transport-Security')) headers.set('Strict-Transport-Security', hsts);
  if (!headers.has('X-Content-Type-Options')) headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  const type = headers.get('Content-Type') ?? '';
  if (!headers.has('Content-Security-Policy') && /^(application\/json|text\/plain)\b/i.test(type))
    headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
}

/**
 * Writes a response body, waiting for `out` to drain when its buffer is full. Resolves true when the whole
 * body was written, false as soon as the client's connection (`res`) closed first: a client that goes away
 * mid-page (a load generator's timeout, a phone losing signal) never emits 'drain' again, and waiting on it
 * left the render pending for ever — and with it every request of the page caches waiting on that render
 * (PageCache.once), which is how the soak stalled at 1 req/s with idle processes.
 */
export async function writeBody(
  out: NodeJS.WritableStream,
  res: ServerResponse,
  body: ReadableStream<Uint8Array>,
  keep?: Buffer[],
): Promise<boolean> {
  let closed = res.destroyed;
  let wake: (() => void) | null = null;
  const onClose = () => {
    closed = true;
    wake?.();
  };
  res.once('close', onClose);
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      if (closed || res.destroyed) return false; // leaving the loop cancels the body (the render stops)
      keep?.push(Buffer.from(chunk));
      if (!out.write(chunk))
        await new Promise<void>((resolve) => {
          if (closed) return resolve();
          wake = resolve;
          out.once('drain', resolve);
        }).finally(() => {
          wake = null;
        });
      if (closed) return false;
    }
    out.end();
    return true;
  } finally {
    res.off('close', onClose);
  }
}

export function createAppServer(options: AppServerOptions) {
  const { build } = options;
  installFrameworkChanges();
  const handle = createRequestHandler(build, options.mode ?? process.env.NODE_ENV);
  const files = loadStaticFiles({
    publicDir: options.publicDir,
    assetsDir: build.assetsBuildDirectory,
    publicPath: build.publicPath,
  });
  const cache = new PageCache({ ttlMs: options.pageCacheTtlMs });
  const hooks = privatePageHooks(build.entry.module);
  // Per process: entries live ≤ 10 s and every hit re-checks the token, its grant and the shared version.
  const privateCache = new PageCache({
    ttlMs: hooks ? (options.privateCacheTtlMs ?? 0) : 0,
    maxEntries: 2000,
    maxTotalBytes: 64 * 1024 * 1024,
  });

  interface PrivateSlot {
    key: string;
    expiresAt: number;
  }

  async function render(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    cacheKey: string | null,
    privateSlot: PrivateSlot | null = null,
  ) {
    const request = toRequest(req, res, url);
    const response = await handle(request);
    const headers = new Headers(response.headers);
    // Between the app and this server only: never sent.
    const noted = handledSubjects(headers.get(STATE_VERSIONS_HANDLED_HEADER));
    headers.delete(STATE_VERSIONS_HANDLED_HEADER);
    const ownCacheControl = headers.get('Cache-Control');
    // Before the response leaves: the shopper's next page, on any process, must not be one kept from before.
    // A 5xx changed nothing (writes are transactions), and must not wait on a database that is failing.
    if (hooks && response.status < 500)
      await hooks
        .noteStateChange(request, { status: response.status, setCookies: headers.getSetCookie(), noted })
        .catch((error: unknown) => log.error('state version not noted', { error: describeError(error) }));
    baselineHeaders(headers);
    documentCacheHeaders(headers, Boolean(req.headers.cookie || req.headers.authorization));
    res.statusCode = response.status;
    if (response.statusText) res.statusMessage = response.statusText;
    for (const [name, value] of headers) if (name !== 'set-cookie') res.setHeader(name, value);
    const cookies = headers.getSetCookie();
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    if (cacheKey) res.setHeader('X-Page-Cache', 'miss');
    if (privateSlot) res.setHeader('X-Page-Cache', 'private-miss');
    if (!response.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    const type = headers.get('Content-Type') ?? '';
    const compress =
      accepts(req, 'gzip') && !headers.has('Content-Encoding') && /^(text\/html|application\/json)\b/i.test(type);
    if (compress) {
      res.setHeader('Content-Encoding', 'gzip');
      res.removeHeader('Content-Length');
      const vary = res.getHeader('Vary');
      res.setHeader('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    const keepPrivate = privateSlot !== null && isPrivatelyCacheable(response.status, headers, ownCacheControl);
    const keep: Buffer[] | undefined = (cacheKey && response.status === 200) || keepPrivate ? [] : undefined;
    let complete: boolean;
    if (compress) {
      const gzip = createGzip({ level: 6 });
      gzip.pipe(res);
      complete = await writeBody(gzip, res, response.body, keep);
      if (!complete) gzip.destroy();
    } else {
      complete = await writeBody(res, res, response.body, keep);
    }
    // A page cut short by its client is never kept: the next shopper would get half of it.
    if (!complete) return;
    if (cacheKey && keep) cache.set(cacheKey, response.status, headers, Buffer.concat(keep));
    if (privateSlot && keepPrivate && keep && !request.signal.aborted)
      privateCache.set(privateSlot.key, response.status, headers, Buffer.concat(keep), {
        personal: true,
        expiresAt: privateSlot.expiresAt,
      });
  }

  /** A signed-in customer's browsing page: from the private cache while their token, grant and state allow. */
  async function servePrivate(req: IncomingMessage, res: ServerResponse, url: URL, requestKey: string) {
    const lookup = new Request(url.href, {
      headers: { Host: req.headers.host ?? url.host, Cookie: req.headers.cookie ?? '' },
    });
    // A database that cannot answer is the render's business (its 503 page), never a failure here.
    const grant = await hooks!.privatePageGrant(lookup).catch(() => null);
    if (!grant) return render(req, res, url, null);
    const key = privateEntryKey(requestKey, grant);
    const hit = privateCache.get(key);
    telemetry.countPageCacheLookup('private', hit !== null);
    if (hit) return sendHit(req, res, hit, 'private-hit');
    const slot = { key, expiresAt: grant.expiresAt };
    const outcome = await privateCache.once(key, () => render(req, res, url, null, slot));
    if (outcome === 'rendered') return;
    const after = privateCache.get(key);
    return after ? sendHit(req, res, after, 'private-hit') : render(req, res, url, null);
  }

  const routeKind = routeKinds(build);
  const observer = requestObserver(build);
  const telemetry = metrics();

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const lineProblem = requestLineProblem({
      method: req.method ?? '',
      target: req.url ?? '',
      host: req.headers.host,
      httpVersion: req.httpVersion,
    });
    if (lineProblem) return refuse(req, res, lineProblem);
    // A stopping process is not ready, whatever its database says: answered here, before the app.
    if (req.url === '/readyz' && stopping()) return notReady(res);
    const url = requestUrl(req);
    if (!url) return refuse(req, res, { status: 400, code: 'BAD_REQUEST', message: BAD_REQUEST_MESSAGE });
    // Only what may change something needs its route: GET and HEAD (the hot path) skip the match.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      const route = routeKind(url);
      if (refuseCrossSite(req, res, url, route)) return;
      const wrongMethod = methodProblem(req.method ?? 'POST', route);
      if (wrongMethod) return refuse(req, res, wrongMethod);
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      let path = url.pathname;
      try {
        path = decodeURIComponent(path);
      } catch {
        // a malformed escape is not a file; Remix answers it
      }
      const file = files.get(path);
      if (file) {
        addLogFields({ route: 'static' });
        return sendStatic(req, res, file);
      }
    }
    const candidate = {
      method: req.method ?? 'GET',
      host: req.headers.host ?? '',
      url: req.url ?? '/',
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
      bot: isbot(req.headers['user-agent'] ?? ''),
      language: await languageOfHeader(req.headers['accept-language']),
    };
    const privateKey = privateCache.ttlMs > 0 ? privateKeyFor(candidate) : null;
    if (privateKey) return servePrivate(req, res, url, privateKey);
    const cacheKey = cache.ttlMs > 0 ? cacheKeyFor(candidate) : null;
    if (!cacheKey) return render(req, res, url, null);
    const hit = cache.get(cacheKey);
    telemetry.countPageCacheLookup('public', hit !== null);
    if (hit) return sendHit(req, res, hit);
    const outcome = await cache.once(cacheKey, () => render(req, res, url, cacheKey));
    if (outcome === 'rendered') return;
    const after = cache.get(cacheKey);
    return after ? sendHit(req, res, after) : render(req, res, url, null);
  }

  /**
   * An API call's correlation id (decision 0085): the caller's when well formed, else a new one, put on the request
   * so the route reads the same id, and on every line logged while the call is served.
   */
  function serveCall(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    if (!(req.url ?? '').startsWith('/api/')) return onRequest(req, res);
    // Without one of its own, a call's correlation id is its request id: one id to follow through the logs.
    const correlationId = acceptedCorrelationId(
      (req.headers['x-correlation-id'] as string | undefined) ?? (req.headers['x-request-id'] as string),
    );
    req.headers['x-correlation-id'] = correlationId;
    return withLogFields({ correlationId }, () => onRequest(req, res));
  }

  // Timeouts are checked every second rather than Node's 30 s, so a stalled request ends near its limit.
  const server = http.createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
    const record = observer.begin(req, res);
    observer
      .run(record, () => serveCall(req, res))
      .catch((error: unknown) => {
        // Remix handles its own errors; this is the server failing around it. Never a stack trace on the page.
        observer.run(record, () => log.error('request failed', { error: describeError(error) }));
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
          res.end('Something went wrong. Please try again.');
        } else {
          res.destroy();
        }
      });
  });
  // Keep-alive longer than a load balancer's idle timeout, so it never reuses a closing socket.
  server.keepAliveTimeout = 65_000;
  applyConnectionLimits(server, options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS);
  return { server, cache, privateCache };
}
