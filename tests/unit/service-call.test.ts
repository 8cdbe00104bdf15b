import { describe, expect, it } from 'vitest';
import { currentLogFields, logLine, withLogFields } from '~/modules/config/logger.server';
import { requestStoreFlags } from '~/modules/flags/store-flags-call';
import { acceptedCorrelationId, serviceCallHeaders } from '~/modules/http/service-call';

const SERVICE = { banner: 'greenleaf', subscriptionKey: 'unit-key' };

describe('service call headers', () => {
  it('sends banner, a fresh correlation id, the web-portal client id, the subscription key and the version asked', () => {
    const headers = serviceCallHeaders(SERVICE, { version: 2, json: true });
    expect(headers).toMatchObject({
      'X-Banner': 'greenleaf',
      'X-Client-Id': 'web-portal',
      'Pantry-Subscription-Key': 'unit-key',
      Accept: 'application/vnd.pantry.v2+json, application/json',
      'Content-Type': 'application/json',
    });
    expect(headers['X-Correlation-Id']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(serviceCallHeaders(SERVICE)['X-Correlation-Id']).not.toBe(headers['X-Correlation-Id']);
    expect(serviceCallHeaders(SERVICE).Accept).toBe('application/json');
  });

  it("keeps a caller's well-formed correlation id and replaces anything else", () => {
    expect(acceptedCorrelationId('checkout-7f3a9c21')).toBe('checkout-7f3a9c21');
    for (const bad of [undefined, null, '', 'short', 'has space in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      expect(acceptedCorrelationId(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('request log fields', () => {
  it('adds the fields to every line written inside, across awaits, and nothing outside', async () => {
    const inside = await withLogFields({ correlationId: 'corr-unit-0001' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return JSON.parse(logLine('warn', 'something', { status: 404 })) as Record<string, unknown>;
    });
    expect(inside).toMatchObject({ level: 'warn', message: 'something', status: 404, correlationId: 'corr-unit-0001' });
    expect(currentLogFields()).toEqual({});
    expect(logLine('info', 'outside')).not.toContain('correlationId');
  });
});

describe('the preload call', () => {
  it('asks for the store with ?zipcode and the service headers, and returns the flags as loaded', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const state = await requestStoreFlags(
      {
        service: SERVICE,
        fetch: async (url, init) => {
          calls.push({ url, init });
          return new Response(JSON.stringify({ loaded: true, status: 200, flags: { storeId: '1001' } }));
        },
      },
      '1001',
      '98101',
    );
    expect(state).toEqual({ loaded: true, status: 200, flags: { storeId: '1001' } });
    expect(calls[0]!.url).toBe('/api/stores/preload/1001?zipcode=98101');
    expect(calls[0]!.init?.headers).toMatchObject({ 'Pantry-Subscription-Key': 'unit-key', 'X-Banner': 'greenleaf' });
  });

  it('logs the status and answers empty flags, still loaded, when the call fails or is refused', async () => {
    const logged: unknown[] = [];
    const log = (_message: string, detail?: unknown) => void logged.push(detail);
    const refused = await requestStoreFlags(
      { service: SERVICE, log, fetch: async () => new Response('{"error":{}}', { status: 401 }) },
      '1001',
    );
    expect(refused).toEqual({ loaded: true, status: 401, flags: {} });
    const offline = await requestStoreFlags(
      {
        service: SERVICE,
        log,
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      },
      '1001',
    );
    expect(offline).toEqual({ loaded: true, status: 0, flags: {} });
    // Headers came (200), then the body was cut off: no answer, not an empty set of flags.
    const cutOff = await requestStoreFlags(
      {
        service: SERVICE,
        log,
        fetch: async () =>
          new Response(
            new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) }),
            { status: 200 },
          ),
      },
      '1001',
    );
    expect(cutOff).toEqual({ loaded: true, status: 0, flags: {} });
    expect(logged).toEqual([
      { branchId: '1001', status: 401 },
      { branchId: '1001', status: 0, error: 'Failed to fetch' },
      { branchId: '1001', status: 200, error: 'network error' },
    ]);
  });
});
