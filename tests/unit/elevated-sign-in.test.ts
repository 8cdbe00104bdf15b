import { describe, expect, it } from 'vitest';
import { testIssuer } from './support/tokens';
import { checkAccessToken } from '~/modules/access/token.server';
import { confirmPasswordUrl, elevationRemainingMs, isRecentElevatedSignIn } from '~/modules/identity/elevation';

const now = new Date('2026-11-24T08:00:00Z');
const secondsAgo = (seconds: number) => now.getTime() / 1000 - seconds;

describe('the elevated sign-in rule (used_credentials, at most 10 minutes old)', () => {
  it('accepts an elevated sign-in up to exactly 10 minutes old', () => {
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(0) }, now)).toBe(true);
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(599) }, now)).toBe(true);
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(600) }, now)).toBe(true);
  });

  it('refuses one that is older than 10 minutes', () => {
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(601) }, now)).toBe(false);
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(90 * 24 * 3600) }, now)).toBe(false);
  });

  it('refuses a recent sign-in without the used_credentials scope (a silent single sign-on)', () => {
    expect(isRecentElevatedSignIn({ elevated: false, authTime: secondsAgo(5) }, now)).toBe(false);
  });

  it('refuses a token that does not say when the customer signed in', () => {
    expect(isRecentElevatedSignIn({ elevated: true }, now)).toBe(false);
    expect(isRecentElevatedSignIn({ elevated: true, authTime: null }, now)).toBe(false);
  });

  it('tolerates a minute of clock skew but not a sign-in from the future', () => {
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(-30) }, now)).toBe(true);
    expect(isRecentElevatedSignIn({ elevated: true, authTime: secondsAgo(-120) }, now)).toBe(false);
  });

  it('counts down what is left of the 10 minutes', () => {
    expect(elevationRemainingMs({ elevated: true, authTime: secondsAgo(240) }, now)).toBe(360_000);
    expect(elevationRemainingMs({ elevated: true, authTime: secondsAgo(700) }, now)).toBe(0);
    expect(elevationRemainingMs({ elevated: false, authTime: secondsAgo(10) }, now)).toBe(0);
  });

  it('sends the customer to confirm the password and back', () => {
    expect(confirmPasswordUrl('/account/security.html?tab=1')).toBe(
      '/account/confirm-password.html?goto=%2Faccount%2Fsecurity.html%3Ftab%3D1',
    );
  });
});

describe('the access token says when the customer signed in', async () => {
  const { verifier, issue } = await testIssuer();
  it('reads auth_time and the customer UUID from a verified token', async () => {
    const check = await checkAccessToken(
      await issue({ scope: 'openid shop used_credentials', auth_time: 1_790_000_000, uuid: 'u-1' }),
      verifier,
    );
    expect(check).toMatchObject({
      status: 'active',
      elevated: true,
      claims: { auth_time: 1_790_000_000, uuid: 'u-1' },
    });
  });
});
