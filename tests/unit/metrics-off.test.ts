import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY = Symbol.for('pantry.metrics');
const holder = globalThis as Record<symbol, unknown>;

/** METRICS=off: the bench's measure of what metrics cost needs them really gone, not just unscraped. */
describe('METRICS=off', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    delete holder[KEY];
  });

  it('records nothing, starts no listener even with a port, and refuses any other word', async () => {
    vi.stubEnv('METRICS', 'off');
    vi.resetModules();
    delete holder[KEY];
    const { metrics, metricsEnabled } = await import('~/modules/config/metrics.server');
    const { listenForMetrics } = await import('../../server/metrics-server');
    expect(metricsEnabled()).toBe(false);
    metrics().signIns.inc({ method: 'password', outcome: 'failure', reason: 'password' });
    metrics().httpDuration.labels({ method: 'GET', route: 'root', status_class: '2xx' }).observe(0.1);
    expect((await metrics().registry.metrics()).trim()).toBe('');
    expect(await listenForMetrics(0, '127.0.0.1')).toBeNull();

    const { parseAppEnv } = await import('~/modules/config/env.server');
    expect(parseAppEnv({}).METRICS).toBe('on');
    expect(() => parseAppEnv({ METRICS: 'no' })).toThrow(/METRICS/);
  });

  it('is on by default: the same calls are counted', async () => {
    vi.resetModules();
    delete holder[KEY];
    const { metrics, metricsEnabled } = await import('~/modules/config/metrics.server');
    expect(metricsEnabled()).toBe(true);
    metrics().signIns.inc({ method: 'password', outcome: 'failure', reason: 'password' });
    expect(await metrics().registry.metrics()).toMatch(/pantry_sign_ins_total\{[^}]*\} 1/);
  });
});
