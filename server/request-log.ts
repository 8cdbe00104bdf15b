import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import { parseHost } from '../app/modules/banners/hosts';
import { withRequestRecord } from '../app/modules/config/logger.server';
import type { BucketSeries } from '../app/modules/config/bucket-histogram.server';
import { metrics, statusClass } from '../app/modules/config/metrics.server';
import { logRequest } from '../app/modules/config/request-log-line.server';
import { acceptedRequestId, REQUEST_ID_HEADER } from '../app/modules/http/request-id';
import { routeKinds } from './route-kind';

/**
 * One line and one histogram sample per request (decisions 0110, 0111): method, the Remix route id (never the raw
 * path, which holds ids and search words), status, duration, banner, site, the shopper's type and the request id.
 * O(1) per request: the route id is matched once per path and remembered.
 */
const ROUTE_MEMO_LIMIT = 5_000;
/** Hosts are few (banners × sites × ports) unless a client makes them up: a full memo starts again. */
const HOST_MEMO_LIMIT = 1_000;

export interface RequestRecord extends Record<string, unknown> {
  requestId: string;
  route?: string;
}

export function requestObserver(build: ServerBuild) {
  const routeKind = routeKinds(build);
  const routeIds = new Map<string, string>();
  const { httpDuration, inFlight } = metrics();
  const hosts = new Map<string, { bannerId: string; siteType: string }>();
  // The histogram's series by method, route and status: three map lookups, no label object or key string.
  const series = new Map<string, Map<string, Map<number, BucketSeries>>>();

  function hostOf(header: string | undefined) {
    const key = header ?? '';
    let host = hosts.get(key);
    if (!host) {
      const parsed = parseHost(header, 'prod');
      host = { bannerId: parsed.bannerId, siteType: parsed.siteType };
      if (hosts.size >= HOST_MEMO_LIMIT) hosts.clear();
      hosts.set(key, host);
    }
    return host;
  }

  function seriesOf(method: string, route: string, status: number): BucketSeries {
    let byRoute = series.get(method);
    if (!byRoute) series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let found = byStatus.get(status);
    if (!found) {
      found = httpDuration.labels({ method, route, status_class: statusClass(status) });
      byStatus.set(status, found);
    }
    return found;
  }

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
      seriesOf(req.method ?? 'GET', route, status).observe(durationMs / 1000);
      const host = hostOf(req.headers.host);
      logRequest(record, {
        method: req.method,
        route,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        banner: host.bannerId,
        site: host.siteType,
        ...(res.writableFinished ? {} : { aborted: true as const }),
      });
    });
    return record;
  }

  return {
    begin,
    /** Runs the request's work with its record as the fields of every line it logs. */
    run: <T>(record: RequestRecord, work: () => T): T => withRequestRecord(record, work),
  };
}
