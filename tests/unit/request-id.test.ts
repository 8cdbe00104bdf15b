import { describe, expect, it } from 'vitest';
import { acceptedRequestId, isAcceptableRequestId, requestIdHeaders } from '~/modules/http/request-id';

const GENERATED = /^[0-9a-f-]{36}$/;

describe('the request id', () => {
  it("keeps a caller's id of up to 128 letters, digits, dots, underscores and dashes", () => {
    for (const id of ['a', 'req-7f3a9c21', 'lb.01_abc-DEF', 'x'.repeat(128)]) {
      expect(isAcceptableRequestId(id)).toBe(true);
      expect(acceptedRequestId(id)).toBe(id);
    }
  });

  it('replaces one of 10 KB, with newlines, spaces, colons or non-ASCII by a new one, never the given text', () => {
    const bad = [
      'x'.repeat(129),
      'y'.repeat(10 * 1024),
      'abc\ndef',
      'abc\r\n{"level":"error"}',
      'caf\u00e9',
      'id\u202e',
      'has space',
      'a:b',
      '\u001b[31m',
      '',
    ];
    for (const given of bad) {
      const accepted = acceptedRequestId(given);
      expect(accepted).toMatch(GENERATED);
      expect(accepted).not.toBe(given);
    }
    expect(acceptedRequestId(undefined)).toMatch(GENERATED);
    expect(acceptedRequestId(['a', 'b'])).toMatch(GENERATED);
  });

  it("falls back on a service call's correlation id, then a new one", () => {
    expect(acceptedRequestId(undefined, 'corr-0001')).toBe('corr-0001');
    expect(acceptedRequestId('req-1', 'corr-0001')).toBe('req-1');
    expect(acceptedRequestId('bad id', 'also bad')).toMatch(GENERATED);
  });

  it('goes on to the identity provider as the request id and the correlation id', () => {
    expect(requestIdHeaders('req-1')).toEqual({ 'X-Request-Id': 'req-1', 'X-Correlation-Id': 'req-1' });
    expect(requestIdHeaders(undefined)).toEqual({});
  });
});
