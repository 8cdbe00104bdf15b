import type { Middleware } from 'koa';
import { log, withRequestRecord } from '../app/modules/config/logger.server';
import { metrics, statusClass } from '../app/modules/config/metrics.server';
import { acceptedRequestId, REQUEST_ID_HEADER } from '../app/modules/http/request-id';

/** Paths the provider serves itself that carry no id: logged as they are. Anything else is named by its route. */
const OWN_PATHS = new Set([
  '/api/v1/authn',
  '/api/v1/authn/factors/otp/send',
  '/api/v1/authn/factors/otp/verify',
  '/api/v1/sessions/me/lifecycle/refresh',
  '/api/v1/sessions/me',
  '/healthz',
]);

function routeOf(ctx: Parameters<Middleware>[0]): string {
  const oidcRoute = (ctx as { oidc?: { route?: string } }).oidc?.route;
  if (oidcRoute) return oidcRoute;
  if (OWN_PATHS.has(ctx.path)) return ctx.path;
  if (ctx.path.startsWith('/interaction/')) return '/interaction/:uid';
  return 'unmatched';
}

/**
 * The identity provider's request id and request line (decision 0110): the storefront's id when it sends one (its
 * service calls do), so one id follows a sign-in across both processes.
 */
export function requestLog(): Middleware {
  const { httpDuration, inFlight } = metrics();
  return async (ctx, next) => {
    const requestId = acceptedRequestId(
      ctx.get(REQUEST_ID_HEADER) || undefined,
      ctx.get('X-Correlation-Id') || undefined,
    );
    ctx.set(REQUEST_ID_HEADER, requestId);
    const record: Record<string, unknown> = { requestId };
    const started = performance.now();
    inFlight.inc();
    let thrownStatus: number | undefined;
    try {
      await withRequestRecord(record, () => next());
    } catch (error) {
      // Koa answers a thrown error after this: with its status when it has one, else 500.
      const status =
        (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
      thrownStatus = typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
      throw error;
    } finally {
      inFlight.dec();
      const durationMs = performance.now() - started;
      const route = routeOf(ctx);
      const status = thrownStatus ?? ctx.status;
      httpDuration.observe({ method: ctx.method, route, status_class: statusClass(status) }, durationMs / 1000);
      withRequestRecord(record, () =>
        log.info('request', { method: ctx.method, route, status, durationMs: Math.round(durationMs * 10) / 10 }),
      );
    }
  };
}
