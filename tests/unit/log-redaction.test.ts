import { describe, expect, it } from 'vitest';
import { describeError, logLine, withLogFields } from '~/modules/config/logger.server';
import { maskEmail, maskEmailsIn, REDACTED } from '~/modules/config/log-redaction';

const parse = (line: string) => JSON.parse(line) as Record<string, unknown>;

describe('masking an email address', () => {
  it('keeps the first letter and the domain only', () => {
    expect(maskEmail('jane.doe@pantry.test')).toBe('j***@pantry.test');
    expect(maskEmail('x@pantry.test')).toBe('x***@pantry.test');
  });

  it('redacts whole anything that is not an address', () => {
    for (const value of ['not-an-address', '@pantry.test', '', 42, null, { email: 'a@b.c' }]) {
      expect(maskEmail(value)).toBe(REDACTED);
    }
  });

  it('masks every address in free text', () => {
    expect(maskEmailsIn('no account for jane.doe@pantry.test or bo+x@shop.pantry.example')).toBe(
      'no account for j***@pantry.test or b***@shop.pantry.example',
    );
    expect(maskEmailsIn('nothing to mask')).toBe('nothing to mask');
  });
});

describe('what a log line never holds', () => {
  it('replaces passwords, tokens, one-time codes and credential headers', () => {
    const line = logLine('info', 'sign-in', {
      password: 'hunter2-secret',
      sessionToken: 'tok-123456',
      passCode: '123456',
      nested: { accessToken: 'eyJhbGciOi', refresh_token: 'rt-999' },
      headers: { authorization: 'Bearer eyJhbGciOi', cookie: 'pantry_session=abc', accept: 'text/html' },
    });
    for (const secret of ['hunter2-secret', 'tok-123456', '123456', 'eyJhbGciOi', 'rt-999', 'pantry_session=abc']) {
      expect(line).not.toContain(secret);
    }
    expect(parse(line)).toMatchObject({
      password: REDACTED,
      nested: { accessToken: REDACTED, refresh_token: REDACTED },
      headers: { authorization: REDACTED, cookie: REDACTED, accept: 'text/html' },
    });
  });

  it('masks email fields and addresses in the message and in errors', () => {
    const line = logLine('warn', 'no account for jane.doe@pantry.test', {
      email: 'jane.doe@pantry.test',
      detail: { username: 'sam.smith@pantry.test' },
      error: new Error('lookup failed for jane.doe@pantry.test'),
    });
    expect(line).not.toMatch(/jane\.doe|sam\.smith/);
    expect(parse(line)).toMatchObject({
      message: 'no account for j***@pantry.test',
      email: 'j***@pantry.test',
      detail: { username: 's***@pantry.test' },
    });
  });

  it('cleans one level down without touching the caller’s object', () => {
    const detail = { cookie: 'PANTRY_SESSION=secret-value', email: 'jane.doe@pantry.test', store: 1001 };
    const line = parse(logLine('info', 'nested', { detail }));
    expect(line.detail).toEqual({ cookie: REDACTED, email: 'j***@pantry.test', store: 1001 });
    expect(detail.cookie).toBe('PANTRY_SESSION=secret-value');
  });

  it('keeps a cookie name (which cookie was rejected) but never a cookie value', () => {
    expect(parse(logLine('warn', 'cookie rejected', { cookie: 'pantry_session', reason: 'tampered' }))).toMatchObject({
      cookie: 'pantry_session',
    });
  });
});

describe('an error in a log line', () => {
  it('carries its cause chain', () => {
    const error = new Error('order not placed', { cause: new Error('database busy', { cause: 'SQLITE_BUSY' }) });
    const line = parse(logLine('error', 'checkout failed', { error }));
    expect(line.error).toMatchObject({
      type: 'Error',
      message: 'order not placed',
      cause: { message: 'database busy', cause: 'SQLITE_BUSY' },
    });
    expect(describeError('plain words')).toBe('plain words');
  });
});

describe('log injection', () => {
  it('escapes newlines and terminal escapes: one event stays one line', () => {
    const query = 'milk\n{"level":"error","message":"forged"}\r\u001b[2J\u001b[31mred';
    const line = logLine('info', 'search', { q: query, userAgent: 'curl\nforged' });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain('\u001b');
    expect(line).not.toContain('\r');
    expect(parse(line)).toMatchObject({ q: query, userAgent: 'curl\nforged', message: 'search' });
  });

  it('escapes them in the message too', () => {
    const line = logLine('info', 'bad\nline\u001b[0m');
    expect(line.split('\n')).toHaveLength(1);
    expect(parse(line).message).toBe('bad\nline\u001b[0m');
  });
});

describe('request fields', () => {
  it('puts the request id on each line written while the request runs', async () => {
    const line = await withLogFields({ requestId: 'req-abc.123' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return parse(logLine('info', 'inside'));
    });
    expect(line).toMatchObject({ requestId: 'req-abc.123', message: 'inside' });
  });
});
