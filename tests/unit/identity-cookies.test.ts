import { describe, expect, it } from 'vitest';
import { assistantParamsFrom, assistantRedirectUris } from '~/modules/identity/assistant-sign-in.server';
import { firstLoginCookies, receiptsOnboardingCookie } from '~/modules/identity/first-login.server';
import { resetKeepMeSignedInUser, writeKeepMeSignedIn } from '~/modules/identity/keep-me-signed-in.server';
import { endSessionUrl } from '~/modules/identity/oidc-client.server';

const context = { siteType: 'C' as const, secure: false };
const business = { siteType: 'B' as const, secure: true };

function attributes(setCookie: string) {
  const [pair, ...rest] = setCookie.split(';').map((part) => part.trim());
  return { name: pair!.split('=')[0], attributes: rest.map((part) => part.toLowerCase()) };
}

describe('the keep-me-signed-in cookie', () => {
  it("lasts 90 days when 'true'", async () => {
    const cookie = attributes(await writeKeepMeSignedIn('true', context));
    expect(cookie.name).toBe('PANTRY_KMSI');
    expect(cookie.attributes).toContain(`max-age=${90 * 86_400}`);
    expect(cookie.attributes).toContain('httponly');
  });

  it("ends with the browser session when 'false' or 'Error'", async () => {
    for (const value of ['false', 'Error'] as const) {
      const cookie = attributes(await writeKeepMeSignedIn(value, context));
      expect(cookie.attributes.some((part) => part.startsWith('max-age') || part.startsWith('expires'))).toBe(false);
    }
  });

  it('carries the B_ prefix and Secure on the business site', async () => {
    const cookie = attributes(await writeKeepMeSignedIn('true', business));
    expect(cookie.name).toBe('B_PANTRY_KMSI');
    expect(cookie.attributes).toContain('secure');
  });

  it('resetting the keep-me-signed-in user clears the user and KMSI cookies and holds sign-on', async () => {
    const cookies = (await resetKeepMeSignedInUser(context)).map(attributes);
    expect(cookies.map((c) => c.name)).toEqual(['PANTRY_USER', 'PANTRY_KMSI', 'PANTRY_SIGNIN_COUNT']);
    expect(cookies[0]!.attributes).toContain('max-age=0');
    expect(cookies[1]!.attributes).toContain('max-age=0');
  });
});

describe('first login', () => {
  it('sets the re-init cookie and the account-created onboarding event', async () => {
    expect((await firstLoginCookies(context)).map((c) => attributes(c).name)).toEqual([
      'PANTRY_REINIT',
      'PANTRY_ONBOARDING_EVENT',
    ]);
  });

  it('sets the receipts onboarding event after the first order only, and only with its flag', async () => {
    const cookie = await receiptsOnboardingCookie(context, { enabled: true, firstOrder: true });
    expect(attributes(cookie!).name).toBe('PANTRY_ONBOARDING_EVENT');
    expect(await receiptsOnboardingCookie(context, { enabled: false, firstOrder: true })).toBeNull();
    expect(await receiptsOnboardingCookie(context, { enabled: true, firstOrder: false })).toBeNull();
  });
});

describe('assistant sign-in parameters', () => {
  const registered = assistantRedirectUris()[0]!;
  const params = (values: Record<string, string>) => new URLSearchParams(values);
  const all = { client_id: 'pantry-assistant', redirect_uri: registered, scope: 'openid profile', state: 'abc123' };

  it('are kept only when all four are present', () => {
    expect(assistantParamsFrom(params(all))).toEqual(all);
    for (const name of Object.keys(all)) {
      const three = { ...all } as Record<string, string>;
      delete three[name];
      expect(assistantParamsFrom(params(three))).toBeNull();
    }
  });

  it('refuse a redirect_uri that is not registered, and an unknown client', () => {
    expect(assistantParamsFrom(params({ ...all, redirect_uri: 'https://evil.example/cb' }))).toBeNull();
    expect(assistantParamsFrom(params({ ...all, client_id: 'someone-else' }))).toBeNull();
  });

  it('are registered on every banner host by default', () => {
    expect(assistantRedirectUris(3100)).toContain('http://localhost:3100/dev/assistant');
    expect(assistantRedirectUris(3100)).toContain('http://mesa.localhost:3100/dev/assistant');
  });
});

describe('the provider logout', () => {
  it('explains a forced sign-out to the signed-out page through state', () => {
    const url = new URL(endSessionUrl({ origin: 'http://localhost:3000', reason: 'system-error' }));
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/account/signed-out');
    expect(url.searchParams.get('state')).toBe('system-error');
    expect(new URL(endSessionUrl({ origin: 'http://localhost:3000', reason: 'user' })).searchParams.has('state')).toBe(
      false,
    );
  });
});
