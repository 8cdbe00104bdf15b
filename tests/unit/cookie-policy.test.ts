import { describe, expect, it } from 'vitest';
import {
  cookieName,
  GEO_ADDRESS_COOKIE_LIFETIME_MS,
  GUEST_SESSION_LIFETIME_MS,
  SESSION_COOKIE_LIFETIME_MS,
  SESSION_COOKIE_NAMES,
  sessionLifetimeMs,
  VISITOR_ID_LIFETIME_MS,
} from '~/modules/session/cookie-policy';

describe('cookie policy (spec section 9)', () => {
  it('uses the spec lifetimes', () => {
    expect(GUEST_SESSION_LIFETIME_MS).toBe(86_400_000);
    expect(SESSION_COOKIE_LIFETIME_MS).toBe(2_700_000);
    expect(GEO_ADDRESS_COOKIE_LIFETIME_MS).toBe(2_700_000);
    expect(VISITOR_ID_LIFETIME_MS).toBe(7_776_000_000);
    expect(sessionLifetimeMs('G')).toBe(86_400_000);
    expect(sessionLifetimeMs('C')).toBe(2_700_000);
  });

  it('has four session cookies, B_-prefixed on the business site', () => {
    expect(Object.keys(SESSION_COOKIE_NAMES)).toHaveLength(4);
    for (const kind of Object.keys(SESSION_COOKIE_NAMES) as (keyof typeof SESSION_COOKIE_NAMES)[]) {
      expect(cookieName(kind, 'B')).toBe(`B_${cookieName(kind, 'C')}`);
      expect(cookieName(kind, 'C').startsWith('B_')).toBe(false);
    }
  });
});
