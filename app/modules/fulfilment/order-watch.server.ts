import { eventStream } from 'remix-utils/sse/server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { orderVersion } from './order-progress.server';

/** How often a watching page's stream asks the database whether the order moved (the 2-second promise). */
export const WATCH_INTERVAL_MS = 1_000;
/** A stream ends after this long; the browser's EventSource reconnects by itself (and a restart is never held up). */
export const WATCH_LIFETIME_MS = 60_000;

/**
 * Server-Sent Events for one order: its `version` at once, then again whenever it moves. The database
 * is asked (one indexed row) rather than told, so any storefront process can serve any watcher. Null when
 * the order is not the customer's.
 */
export async function watchOrder(
  request: Request,
  customer: OrderCustomer,
  orderNumber: string,
): Promise<Response | null> {
  // Another customer's order (or none): no stream at all, so the browser does not keep reconnecting.
  if ((await orderVersion(customer, orderNumber)) === null) return null;
  const lifetime = AbortSignal.any([request.signal, AbortSignal.timeout(WATCH_LIFETIME_MS)]);
  return eventStream(lifetime, (send, close) => {
    // The first check always sends: the response (and its headers) starts at once, so no proxy times out a
    // quiet stream, and a page that missed a change while reconnecting learns of it.
    let last: number | null = null;
    let stopped = false;
    const check = async () => {
      if (stopped) return;
      try {
        const version = await orderVersion(customer, orderNumber);
        if (version === null) return close();
        if (version !== last) {
          last = version;
          send({ event: 'version', data: String(version) });
        }
      } catch {
        // A database hiccup: the next tick asks again; the page keeps what it shows.
      }
    };
    void check();
    const timer = setInterval(() => void check(), WATCH_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  });
}
