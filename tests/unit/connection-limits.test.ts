import { describe, expect, it } from 'vitest';
import { connectionLimitsFrom, DEFAULT_CONNECTION_LIMITS } from '../../server/connection-limits';

describe('connection limits of the production server', () => {
  it("waits for headers and whole requests far less than Node's defaults (60 s and 300 s)", () => {
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).toBe(10_000);
    expect(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs).toBe(30_000);
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).toBeLessThan(60_000);
    expect(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs).toBeLessThan(300_000);
  });

  it('takes the defaults when the environment says nothing usable', () => {
    expect(connectionLimitsFrom({ REQUEST_TIMEOUT_MS: 'soon', CLIENT_CONNECTION_LIMIT: '-1' })).toEqual(
      DEFAULT_CONNECTION_LIMITS,
    );
  });

  it('reads the limits and the exempt proxies from the environment', () => {
    expect(
      connectionLimitsFrom({
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '20000',
        CLIENT_CONNECTION_LIMIT: '64',
        TRUSTED_PROXIES: '10.0.0.2, 10.0.0.3',
      }),
    ).toEqual({
      headersTimeoutMs: 5000,
      requestTimeoutMs: 20000,
      connectionsPerClient: 64,
      exempt: ['10.0.0.2', '10.0.0.3'],
    });
  });
});
