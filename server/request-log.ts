import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import { parseHost } from '../app/modules/banners/hosts';
import { log, withRequestRecord } from '../app/modules/config/logger.server';
import { metrics, statusClass } from '../app/modules/config/metrics.server';
import { acceptedRequestId, REQUEST_ID_HEADER } from '../app/modules/http/request-id';
import { routeKinds } from './route-kind';

/**
 * One line and one histogram sample per request (decisions 0110, 0111): method, the Remix route id (never the raw
 * path, which holds ids and search words), status, duration, banner, site, the shopper's type and the request id.
 * O(1) per request: the route id is matched once per path and remembered.
 */
const ROUTE_MEMO_LIMIT = 5_000;

export interface RequestRecord extends Record<string, unknown> {
  requestId: string;
  route?: string;
}

export function requestObserver(build: ServerBuild) {
  const routeKind = routeKinds(build);
  const routeIds = new Map<string, string>();
  const { httpDuration, inFlight } = metrics();

  /** The route id a path reaches (`routes/shop.aisles.$`); `unmatched` when none. */
  function routeIdOf(req: IncomingMessage): string {
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    // A data request names its route itself.
    const data = query === -1 ? null : /[?&]_data=([^&]*)/.exec(target.slice(query));
    const key = data ? `${path}?${data[1]}` : path;
    let id = routeIds.get(key);
    if (id === undefined) {
      try {
        id = routeKind(new URL(`http://localhost${target}`)).routeId ?? 'unmatched';
      } catch {
        id = 'unmatched';
      }
      // Paths are unbounded (every product has its own): a full memo starts again rather than grow.
      if (routeIds.size >= ROUTE_MEMO_LIMIT) routeIds.clear();
      routeIds.set(key, id);
    }
    return id;
  }

  /** Starts a request's record: its id (the caller's when acceptable), echoed in the answer. */
  function begin(req: IncomingMessage, res: ServerResponse): RequestRecord {
    const requestId = acceptedRequestId(req.headers['x-request-id'], req.headers['x-correlation-id']);
    // Whatever the caller sent is gone: the app, and any service call it makes, sees the accepted id only.
    req.headers['x-request-id'] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const record: RequestRecord = { requestId };
    const started = performance.now();
    inFlight.inc();
    res.once('close', () => {
      inFlight.dec();
      const durationMs = performance.now() - started;
      const route = record.route ?? routeIdOf(req);
      const status = res.statusCode;
      httpDuration.observe(
        { method: req.method ?? 'GET', route, status_class: statusClass(status) },
        durationMs / 1000,
      );
      const host = parseHost(req.headers.host, 'prod');
      withRequestRecord(record, () =>
        log.info('request', {
          method: req.method,
          route,
          status,
          durationMs: Math.round(durationMs * 10) / 10,
          banner: host.bannerId,
          site: host.siteType,
          ...(res.writableFinished ? {} : { aborted: true }),
        }),
      );
    });
    return record;
  }

  return {
    begin,
    /** Runs the request's work with its record as the fields of every line it logs. */
    run: <T>(record: RequestRecord, work: () => T): T => withRequestRecord(record, work),
  };
}
