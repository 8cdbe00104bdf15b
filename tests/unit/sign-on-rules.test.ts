import { describe, expect, it } from 'vitest';
import { shouldAttemptSignOn, type SignOnFacts } from '~/modules/identity/sign-on-rules';

const base: SignOnFacts = {
  method: 'GET',
  userType: 'A',
  signInCount: 0,
  declined: false,
  escapeSSO: false,
  keepMeSignedIn: null,
  reinit: false,
  householdId: false,
  background: false,
  bannerSwitch: false,
};

describe('single sign-on is attempted', () => {
  it('once, while the sign-in count is below 1, on a page that does not escape it', () => {
    expect(shouldAttemptSignOn(base)).toBe(true);
    expect(shouldAttemptSignOn({ ...base, signInCount: 1 })).toBe(false);
  });

  it('for a guest on any page with the banner-switch toggle, once, and never for an anonymous visitor', () => {
    const browsing = { ...base, escapeSSO: true, userType: 'G' as const };
    expect(shouldAttemptSignOn(browsing)).toBe(false);
    expect(shouldAttemptSignOn({ ...browsing, bannerSwitch: true })).toBe(true);
    expect(shouldAttemptSignOn({ ...browsing, bannerSwitch: true, signInCount: 1 })).toBe(false);
    expect(shouldAttemptSignOn({ ...browsing, bannerSwitch: true, declined: true })).toBe(false);
    expect(shouldAttemptSignOn({ ...browsing, bannerSwitch: true, userType: 'A' })).toBe(false);
    expect(shouldAttemptSignOn({ ...browsing, bannerSwitch: true, userType: 'C' })).toBe(false);
  });

  it('not again once the provider answered that it holds no session, whatever else asks for it', () => {
    expect(shouldAttemptSignOn({ ...base, declined: true })).toBe(false);
    expect(shouldAttemptSignOn({ ...base, declined: true, userType: 'R', keepMeSignedIn: 'true' })).toBe(false);
    expect(shouldAttemptSignOn({ ...base, declined: true, reinit: true })).toBe(false);
  });

  it('never for a signed-in customer, a POST, a data request or a crawler', () => {
    expect(shouldAttemptSignOn({ ...base, userType: 'C' })).toBe(false);
    expect(shouldAttemptSignOn({ ...base, method: 'POST' })).toBe(false);
    expect(shouldAttemptSignOn({ ...base, background: true })).toBe(false);
  });

  it('not on a page that escapes it, unless another condition holds', () => {
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true })).toBe(false);
  });

  it('on an escaping page when the keep-me-signed-in user has expired', () => {
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, userType: 'R', keepMeSignedIn: 'true' })).toBe(true);
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, userType: 'R', keepMeSignedIn: 'false' })).toBe(false);
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, userType: 'R', keepMeSignedIn: 'Error' })).toBe(false);
  });

  it('on an escaping page when a re-init is flagged', () => {
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, userType: 'G', reinit: true })).toBe(true);
  });

  it('on an escaping page for an anonymous user with a household id, not for a guest with one', () => {
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, householdId: true })).toBe(true);
    expect(shouldAttemptSignOn({ ...base, escapeSSO: true, userType: 'G', householdId: true })).toBe(false);
  });

  it('even with every condition, not a second time', () => {
    expect(
      shouldAttemptSignOn({
        ...base,
        escapeSSO: true,
        userType: 'R',
        keepMeSignedIn: 'true',
        reinit: true,
        signInCount: 1,
      }),
    ).toBe(false);
  });
});
