import { describe, expect, it } from 'vitest';
import { accessInWords } from '~/modules/identity/linked-client-access';
import { accessOfGrant } from '~/modules/identity/linked-clients.server';

describe('what a linked client gets, in a shopper’s words', () => {
  it('says each scope once, in a fixed order, with offline access last', () => {
    expect(accessInWords({ scopes: ['offline_access', 'email', 'openid', 'profile', 'email'] })).toEqual([
      'know it is you (your Pantry account number)',
      'your name, customer number, household number and club card number',
      'your email address',
      'stay linked when you are away (offline access)',
    ]);
  });

  it('names a scope or claim it has no words for, rather than hiding it', () => {
    expect(accessInWords({ scopes: ['offline_access', 'pantry:pay'], claims: ['favouriteStore'] })).toEqual([
      'another permission: “pantry:pay”',
      'another detail of your account: “favouriteStore”',
      'stay linked when you are away (offline access)',
    ]);
  });

  it('leaves out the claims every sign-in carries and repeats no line a scope already gave', () => {
    expect(accessInWords({ scopes: ['email'], claims: ['sub', 'auth_time', 'email'] })).toEqual(['your email address']);
  });

  it('reads a grant’s OpenID scopes, claims and resource scopes together', () => {
    const grant = {
      openid: { scope: 'openid email', claims: ['clubCard'] },
      resources: { 'urn:pantry:storefront': 'shop' },
    };
    expect(accessOfGrant(grant)).toEqual({ scopes: ['openid', 'email', 'shop'], claims: ['clubCard'] });
    expect(accessInWords(accessOfGrant({}))).toEqual([]);
  });
});
