import http from 'node:http';
import { log } from '../app/modules/config/logger.server';
import { metrics, metricsEnabled } from '../app/modules/config/metrics.server';

/**
 * The metrics listener (decision 0111): `GET /metrics` in Prometheus's text format, on its own port and by default
 * on loopback only, so the public port never shows them. Anything else here is a 404.
 */
export function createMetricsServer(): http.Server {
  const { registry } = metrics();
  return http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        log.error('metrics not collected', { error });
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics not collected');
      },
    );
  });
}

/** Starts the listener when a port is configured and METRICS is not off; resolves with it, or null when none. */
export function listenForMetrics(port: number | undefined, host: string): Promise<http.Server | null> {
  if (port === undefined || !metricsEnabled()) return Promise.resolve(null);
  const server = createMetricsServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      log.info('metrics listening', { host, port: typeof address === 'object' && address ? address.port : port });
      resolve(server);
    });
  });
}
