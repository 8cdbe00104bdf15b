import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { metrics, statusClass } from '~/modules/config/metrics.server';
import { limitName } from '~/modules/identity/rate-limit.server';
import { createMetricsServer } from '../../server/metrics-server';

describe('metric labels stay a small set', () => {
  it('groups statuses by class', () => {
    expect([200, 204, 302, 404, 429, 503].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '4xx', '5xx']);
  });

  it('names a rate limit by its kind, never the account or client it counts', () => {
    expect(limitName('signin:account:jane@pantry.test')).toBe('signin:account');
    expect(limitName('signin:client:203.0.113.9')).toBe('signin:client');
    expect(limitName('otp:verify:jane@pantry.test:203.0.113.9')).toBe('otp:verify');
    expect(limitName('signup:203.0.113.9')).toBe('signup');
  });
});

describe('the metrics listener', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createMetricsServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves the registry at /metrics in the Prometheus text format, and counts what is counted', async () => {
    metrics().signIns.inc({ method: 'password', outcome: 'failure', reason: 'password' });
    metrics().rateLimitRefusals.inc({ limit: 'signin:client' });
    const answer = await fetch(`${base}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toMatch(/pantry_sign_ins_total\{method="password",outcome="failure",reason="password"\} [1-9]/);
    expect(text).toMatch(/pantry_rate_limit_refusals_total\{limit="signin:client"\} [1-9]/);
    expect(text).toContain('pantry_nodejs_eventloop_lag_seconds');
  });

  it('answers anything else with a 404', async () => {
    for (const path of ['/', '/healthz', '/metrics/extra']) {
      const answer = await fetch(`${base}${path}`);
      await answer.arrayBuffer();
      expect(answer.status).toBe(404);
    }
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    await post.arrayBuffer();
    expect(post.status).toBe(404);
  });
});

describe('requests in flight', () => {
  it('are counted in plain numbers and read by the gauge when scraped', async () => {
    const { inFlight, registry } = metrics();
    const scraped = async () => {
      const text = await registry.getSingleMetricAsString('pantry_http_requests_in_flight');
      return Number(/^pantry_http_requests_in_flight (\S+)$/m.exec(text)?.[1]);
    };
    const base = await scraped();
    inFlight.inc();
    inFlight.inc();
    expect(await scraped()).toBe(base + 2);
    inFlight.dec();
    expect(await scraped()).toBe(base + 1);
    inFlight.dec();
    expect(await scraped()).toBe(base);
  });
});
