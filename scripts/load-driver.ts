/**
 * Closed-loop load for a rolling restart: `connections` kept-alive connections, each asking for the next path as
 * soon as the last answer is read. A failure is any answer other than 2xx/3xx, or a connection error or reset.
 */
import http from 'node:http';

export interface LoadReport {
  requests: number;
  failed: number;
  /** Failures by kind (`502`, `ECONNRESET`, …). */
  failures: Record<string, number>;
}

export const LOAD_PATHS = ['/', '/shop/search-results.html?q=milk', '/shop/search-results.html?q=bread', '/healthz'];

export function startLoad(input: {
  url: string;
  connections?: number;
  paths?: string[];
  headers?: Record<string, string>;
}) {
  const connections = input.connections ?? 50;
  const paths = input.paths ?? LOAD_PATHS;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const report: LoadReport = { requests: 0, failed: 0, failures: {} };
  const fail = (kind: string) => {
    report.failed++;
    report.failures[kind] = (report.failures[kind] ?? 0) + 1;
  };
  let running = true;
  const once = (target: string) =>
    new Promise<void>((resolve) => {
      const request = http.get(target, { agent, timeout: 60_000, headers: input.headers }, (response) => {
        response.resume();
        response.on('end', () => {
          report.requests++;
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 400) fail(String(status));
          resolve();
        });
        response.on('error', (error: NodeJS.ErrnoException) => {
          report.requests++;
          fail(error.code ?? error.message);
          resolve();
        });
      });
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => {
        report.requests++;
        fail(error.code ?? error.message);
        resolve();
      });
    });
  const loops = Array.from({ length: connections }, async (_, index) => {
    for (let i = index; running; i++) await once(new URL(paths[i % paths.length]!, input.url).toString());
  });
  return {
    report,
    /** Lets each connection finish its request in flight, then reports. */
    stop: async (): Promise<LoadReport> => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return report;
    },
  };
}
