import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  storefrontTrustedOrigins,
  strictTransportSecurity,
} from '~/modules/http/security-headers.server';

function directives(policy: string) {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

describe('security headers', () => {
  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('lets only our scripts and the nonce run, and locks objects, base and framing', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc', trustedOrigins: ['http://localhost:3001/x'] }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    // Sign-in redirects to the provider and the session-timeout modal calls it: its origin only.
    expect(policy.get('form-action')).toEqual(["'self'", 'http://localhost:3001']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:3001']);
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
  });

  it('allows nothing inline without a nonce (data responses)', () => {
    expect(directives(contentSecurityPolicy({})).get('script-src')).toEqual(["'self'"]);
  });

  it('sets the policy enforced, with nosniff, Referrer-Policy and Permissions-Policy', () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: 'abc', frameAncestors: "'none'" });
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('Content-Security-Policy-Report-Only')).toBeNull();
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('Permissions-Policy')).toContain('camera=()');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('trusts the identity provider and the sibling banner hosts of the same site for forms and calls', () => {
    process.env.IDP_ISSUER = 'http://localhost:3001';
    try {
      const consumer = storefrontTrustedOrigins(new Request('http://localhost:3000/set-store.html'));
      expect(consumer).toEqual([
        'http://localhost:3001',
        'http://sunridge.localhost:3000',
        'http://bayside.localhost:3000',
        'http://mesa.localhost:3000',
      ]);
      const business = storefrontTrustedOrigins(
        new Request('http://business.bayside.localhost:3000/', {
          headers: { Host: 'business.bayside.localhost:3000' },
        }),
      );
      expect(business).toContain('http://business.localhost:3000');
      expect(business).not.toContain('http://business.bayside.localhost:3000');
      expect(business).not.toContain('http://localhost:3000');
    } finally {
      delete process.env.IDP_ISSUER;
    }
  });
});

describe('the live-reload socket under npm run dev', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("may be called only in development, and only at remix dev's own origin", () => {
    vi.stubEnv('REMIX_DEV_ORIGIN', 'http://localhost:3002/');
    vi.stubEnv('NODE_ENV', 'development');
    expect(directives(contentSecurityPolicy({})).get('connect-src')).toEqual(["'self'", 'ws://localhost:3002']);
    expect(directives(contentSecurityPolicy({})).get('form-action')).toEqual(["'self'"]);
    vi.stubEnv('NODE_ENV', 'production');
    expect(directives(contentSecurityPolicy({})).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('HSTS', () => {
  it('is sent in every environment but a developer machine on localhost', () => {
    expect(strictTransportSecurity('local-origin')).toBeNull();
    for (const environment of ['prod', 'stage', 'beta', 'qa1', 'dev1'] as const)
      expect(strictTransportSecurity(environment)).toBe('max-age=31536000; includeSubDomains');
  });
});
