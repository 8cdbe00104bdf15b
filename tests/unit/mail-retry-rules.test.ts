import { describe, expect, it } from 'vitest';
import { parseMailConfig } from '~/modules/config/env.server';
import { afterFailure, retryDelayMs } from '~/modules/mail/retry-rules';

const policy = { maxAttempts: 8, baseMs: 30_000, maxMs: 3_600_000 };

describe('mail retries', () => {
  it('waits the base after the first failure and doubles after each next one', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, policy))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
  });

  it('never waits longer than the cap, however many attempts', () => {
    expect(retryDelayMs(8, policy)).toBe(3_600_000);
    expect(retryDelayMs(10_000, policy)).toBe(3_600_000);
  });

  it('schedules the next attempt from now until the last attempt has failed', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    expect(afterFailure(1, policy, now)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date('2026-11-28T12:00:30.000Z'),
    });
    expect(afterFailure(7, policy, now)).toMatchObject({ status: 'pending' });
    expect(afterFailure(8, policy, now)).toEqual({ status: 'dead' });
  });
});

describe('mail settings', () => {
  it('defaults to 8 attempts and no SMTP (the outbox alone)', () => {
    const config = parseMailConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_MAX_ATTEMPTS).toBe(8);
    expect(config.MAIL_FROM).toBe('no-reply@pantry.localhost');
  });

  it('takes smtp:// and smtps:// URLs, with credentials and options', () => {
    expect(parseMailConfig({ SMTP_URL: 'smtp://mail.example:587' }).SMTP_URL).toBe('smtp://mail.example:587');
    expect(parseMailConfig({ SMTP_URL: 'smtps://user:p%40ss@mail.example:465' }).SMTP_URL).toBeDefined();
    expect(parseMailConfig({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('refuses what is not an SMTP URL or a sender address', () => {
    expect(() => parseMailConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => parseMailConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL/);
    expect(() => parseMailConfig({ MAIL_FROM: 'Pantry' })).toThrow(/MAIL_FROM/);
    expect(() => parseMailConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow();
  });
});
