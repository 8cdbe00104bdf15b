import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAuthnRequest,
  decodeRedirectBinding,
  MAX_INFLATED_BYTES,
  SAML_PROBLEM_MESSAGES,
  type PendingSamlRequest,
} from '~/modules/saml/authn-request.server';
import { signedResponseXml } from '~/modules/saml/saml-response.server';
import { parseServiceProviders } from '~/modules/saml/service-providers.server';
import { checkSigningKey, generateSigningKey } from '~/modules/saml/signing-key.server';
import { authnRequestXml, encodeRedirect, verifySamlResponse } from '../support/saml-service-provider';

// Without TRUSTED_DOMAINS the trusted origins are the local banner hosts on PORT 3000.
const SP = {
  entityId: 'https://recipes.pantry.example/saml',
  acs: 'http://localhost:3000/dev/saml-acs',
  name: 'Pantry Recipes',
};
const UNTRUSTED = { entityId: 'https://partner.example/saml', acs: 'https://partner.example/acs', name: 'Partner' };
const NOW = Date.parse('2026-11-29T12:00:00Z');

let previousProviders: string | undefined;
beforeAll(() => {
  previousProviders = process.env.SAML_SERVICE_PROVIDERS;
  process.env.SAML_SERVICE_PROVIDERS = JSON.stringify([SP, UNTRUSTED]);
});
afterAll(() => {
  if (previousProviders === undefined) delete process.env.SAML_SERVICE_PROVIDERS;
  else process.env.SAML_SERVICE_PROVIDERS = previousProviders;
});

function request(overrides: Partial<Parameters<typeof authnRequestXml>[0]> = {}) {
  return encodeRedirect(
    authnRequestXml({
      id: '_abc123',
      issuer: SP.entityId,
      acs: SP.acs,
      issueInstant: new Date(NOW).toISOString(),
      ...overrides,
    }),
  );
}

function problemOf(samlRequest: string, relayState: string | null = null) {
  const check = checkAuthnRequest(samlRequest, relayState, NOW);
  return check.ok ? 'ok' : check.problem;
}

describe('reading a SAMLRequest (HTTP-Redirect binding)', () => {
  it('accepts an AuthnRequest from a configured provider and keeps its ID, ACS and RelayState', () => {
    const check = checkAuthnRequest(request(), 'back-to/recipes?id=7', NOW);
    expect(check).toMatchObject({
      ok: true,
      request: { id: '_abc123', spEntityId: SP.entityId, acs: SP.acs, relayState: 'back-to/recipes?id=7' },
      provider: { name: 'Pantry Recipes' },
    });
  });

  it('uses the registered ACS when the request names none', () => {
    const check = checkAuthnRequest(request({ acs: undefined }), null, NOW);
    expect(check.ok && check.request.acs).toBe(SP.acs);
  });

  it('refuses text that is not base64', () => {
    expect(problemOf('not base64 at all!')).toBe('unreadable');
    expect(problemOf('')).toBe('unreadable');
  });

  it('refuses base64 that is not raw DEFLATE', () => {
    expect(problemOf(Buffer.from('<samlp:AuthnRequest/>').toString('base64'))).toBe('unreadable');
  });

  it('refuses DEFLATE that inflates past the size cap (a compression bomb)', () => {
    const bomb = deflateRawSync(Buffer.alloc(MAX_INFLATED_BYTES * 4, 'a')).toString('base64');
    expect(decodeRedirectBinding(bomb)).toBeNull();
    expect(problemOf(bomb)).toBe('unreadable');
  });

  it('refuses inflated text that is not well-formed XML', () => {
    expect(problemOf(encodeRedirect('<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"'))).toBe(
      'unreadable',
    );
  });

  it('refuses XML with a DOCTYPE (entities are never expanded)', () => {
    const xml = `<!DOCTYPE x [<!ENTITY e "boom">]>${authnRequestXml({ id: '_a', issuer: SP.entityId })}`;
    expect(problemOf(encodeRedirect(xml))).toBe('unreadable');
  });

  it('refuses XML that is not an AuthnRequest', () => {
    const logout = authnRequestXml({ id: '_a', issuer: SP.entityId }).replace(/AuthnRequest/g, 'LogoutRequest');
    expect(problemOf(encodeRedirect(logout))).toBe('unreadable');
  });

  it('refuses an AuthnRequest without an ID or Issuer', () => {
    expect(problemOf(request({ id: '' }))).toBe('unreadable');
    expect(problemOf(encodeRedirect(authnRequestXml({ id: '_a', issuer: '' })))).toBe('unreadable');
  });

  it('refuses an Issuer that is not a configured service provider', () => {
    expect(problemOf(request({ issuer: 'https://evil.example/saml' }))).toBe('unknown-provider');
  });

  it('refuses a configured provider whose ACS is not on the trusted origins', () => {
    expect(problemOf(request({ issuer: UNTRUSTED.entityId, acs: UNTRUSTED.acs }))).toBe('unknown-provider');
  });

  it('refuses an AssertionConsumerServiceURL other than the registered one (no open redirect)', () => {
    expect(problemOf(request({ acs: 'https://evil.example/acs' }))).toBe('wrong-return-address');
    expect(problemOf(request({ acs: 'http://localhost:3000/somewhere-else' }))).toBe('wrong-return-address');
  });

  it('refuses a binding other than HTTP-POST for the answer', () => {
    expect(problemOf(request({ binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact' }))).toBe(
      'wrong-return-address',
    );
  });

  it('refuses a request issued more than five minutes ago or from the future', () => {
    expect(problemOf(request({ issueInstant: new Date(NOW - 6 * 60_000).toISOString() }))).toBe('expired');
    expect(problemOf(request({ issueInstant: new Date(NOW + 10 * 60_000).toISOString() }))).toBe('expired');
    expect(problemOf(request({ issueInstant: new Date(NOW - 4 * 60_000).toISOString() }))).toBe('ok');
  });

  it('refuses a RelayState that is too long or carries control characters', () => {
    expect(problemOf(request(), 'x'.repeat(513))).toBe('unreadable');
    expect(problemOf(request(), 'a\nb')).toBe('unreadable');
  });

  it('says what happened in the shopper’s words', () => {
    expect(SAML_PROBLEM_MESSAGES.unreadable).toBe(
      'This sign-in link from another site could not be read. Go back to that site and try again.',
    );
  });
});

describe('the service provider configuration', () => {
  it('reads a JSON list of providers', () => {
    expect(parseServiceProviders(JSON.stringify([SP]))).toEqual([SP]);
    expect(parseServiceProviders(undefined)).toEqual([]);
  });

  it('throws with the reason on a malformed list', () => {
    expect(() => parseServiceProviders('{nope')).toThrow(/JSON array/);
    expect(() => parseServiceProviders(JSON.stringify([{ entityId: 'x', acs: 'not a url', name: 'X' }]))).toThrow(
      /acs/,
    );
  });
});

describe('the signed SAMLResponse', () => {
  const key = generateSigningKey();
  const pending: PendingSamlRequest = { id: '_abc123', spEntityId: SP.entityId, acs: SP.acs };
  const subject = { uuid: 'c0ffee00-0000-4000-8000-000000000001', email: 'jordan@pantry.test', firstName: 'Jordan' };
  const idpEntityId = 'http://localhost:3000/account/saml/metadata';
  const expected = {
    certificatePem: key.certificatePem,
    idpEntityId,
    audience: SP.entityId,
    acs: SP.acs,
    requestId: '_abc123',
    now: NOW,
  };

  function response() {
    return Buffer.from(signedResponseXml({ idpEntityId, request: pending, subject, key, now: NOW })).toString('base64');
  }

  it('verifies with the published certificate and names the customer', () => {
    expect(verifySamlResponse(response(), expected)).toEqual({
      nameId: subject.uuid,
      email: subject.email,
      issuer: idpEntityId,
      audience: SP.entityId,
      inResponseTo: '_abc123',
    });
  });

  it('signs with RSA-SHA256 and exclusive canonicalisation, the Response and the Assertion', () => {
    const xml = Buffer.from(response(), 'base64').toString('utf8');
    expect(xml.match(/<ds:Signature /g)).toHaveLength(2);
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(xml).toContain('Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"');
  });

  it('fails verification when the NameID is changed', () => {
    const tampered = Buffer.from(
      Buffer.from(response(), 'base64').toString('utf8').replace(subject.uuid, 'c0ffee00-0000-4000-8000-000000000002'),
    ).toString('base64');
    expect(() => verifySamlResponse(tampered, expected)).toThrow(/signature/);
  });

  it('fails verification with another key’s certificate', () => {
    const other = generateSigningKey();
    expect(() => verifySamlResponse(response(), { ...expected, certificatePem: other.certificatePem })).toThrow();
  });

  it('is no good after five minutes or for another audience', () => {
    expect(() => verifySamlResponse(response(), { ...expected, now: NOW + 5 * 60_000 })).toThrow(/time window/);
    expect(() => verifySamlResponse(response(), { ...expected, audience: 'https://other.example' })).toThrow(
      /audience/,
    );
  });

  it('escapes what it writes into the XML', () => {
    const odd = { ...subject, firstName: '<b>&"x"' };
    const xml = signedResponseXml({ idpEntityId, request: pending, subject: odd, key, now: NOW });
    expect(xml).toContain('&lt;b&gt;&amp;');
  });

  it('refuses a certificate that is not the key’s', () => {
    const other = generateSigningKey();
    expect(() => checkSigningKey({ privateKeyPem: key.privateKeyPem, certificatePem: other.certificatePem })).toThrow(
      /not the certificate/,
    );
  });
});
