import { describe, expect, it } from 'vitest';
import { haproxyConfig, storefrontMetricsPort } from '../../scripts/cluster';

/** The balancer of `npm run start:cluster` and the soak (decisions 0023 and 0053). */
describe('haproxyConfig', () => {
  const config = haproxyConfig({
    port: 3000,
    storefronts: [
      { name: 'storefront1', port: 3010 },
      { name: 'storefront2', port: 3011 },
    ],
    servedBy: false,
  });
  const section = (name: string) => config.split(/\n(?=\S)/).find((part) => part.startsWith(name)) ?? '';

  it('runs one thread (one per core spent three times the CPU per response under the soak)', () => {
    expect(section('global')).toMatch(/^\s+nbthread 1$/m);
  });

  it('balances every storefront round robin, ten requests each at a time, behind a health check', () => {
    const backend = section('backend storefronts');
    expect(backend).toMatch(/^\s+balance roundrobin$/m);
    expect(backend).toMatch(/^\s+option httpchk GET \/readyz$/m);
    for (const port of [3010, 3011])
      expect(backend).toContain(`127.0.0.1:${port} check inter 1s fall 3 rise 1 maxconn 10`);
    expect(config).not.toContain('X-Served-By');
  });

  it('gives each storefront its own metrics port above METRICS_PORT, and none without it', () => {
    expect([0, 1, 2].map((index) => storefrontMetricsPort('9400', index))).toEqual(['9400', '9401', '9402']);
    expect(storefrontMetricsPort(undefined, 1)).toBeUndefined();
    expect(storefrontMetricsPort('', 0)).toBeUndefined();
    expect(() => storefrontMetricsPort('metrics', 0)).toThrow(/METRICS_PORT/);
    expect(() => storefrontMetricsPort('65535', 1)).toThrow(/METRICS_PORT/);
  });
});
