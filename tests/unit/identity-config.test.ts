import { afterEach, describe, expect, it } from 'vitest';
import { identityConfig } from '~/modules/config/env.server';

/** identityConfig is read on every request and parsed once per value of its variables. */
describe('identityConfig', () => {
  const saved = { issuer: process.env.IDP_ISSUER, client: process.env.IDP_CLIENT_ID };
  afterEach(() => {
    for (const [name, value] of [
      ['IDP_ISSUER', saved.issuer],
      ['IDP_CLIENT_ID', saved.client],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  it('follows the variables when they change after the first call', () => {
    process.env.IDP_ISSUER = 'http://localhost:4101';
    process.env.IDP_CLIENT_ID = 'first';
    expect(identityConfig()).toEqual({ issuer: 'http://localhost:4101', clientId: 'first' });
    process.env.IDP_ISSUER = 'https://id.example.test';
    expect(identityConfig()).toEqual({ issuer: 'https://id.example.test', clientId: 'first' });
    delete process.env.IDP_CLIENT_ID;
    expect(identityConfig().clientId).toBe('pantry-storefront');
  });

  it('still refuses an issuer that is not a URL, however often it was read before', () => {
    process.env.IDP_ISSUER = 'http://localhost:4101';
    identityConfig();
    process.env.IDP_ISSUER = 'not a url';
    expect(() => identityConfig()).toThrow();
  });

  it('hands each caller its own object', () => {
    process.env.IDP_ISSUER = 'http://localhost:4101';
    const first = identityConfig();
    first.issuer = 'changed by a caller';
    expect(identityConfig().issuer).toBe('http://localhost:4101');
  });
});
