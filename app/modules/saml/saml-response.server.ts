import { randomBytes } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { PendingSamlRequest } from './authn-request.server';
import { SAML_NS, SAMLP_NS } from './authn-request.server';
import type { SamlSigningKey } from './signing-key.server';

const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXCLUSIVE_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** An assertion is good for this long after it is made: the browser posts it at once. */
export const ASSERTION_LIFETIME_MS = 5 * 60_000;
const NOT_BEFORE_SKEW_MS = 60_000;

/** Who the assertion names: the customer's UUID as a persistent NameID, and the few attributes a site needs. */
export interface SamlSubject {
  uuid: string;
  email: string;
  firstName: string;
}

function escapeXml(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function samlId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

function instant(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function attribute(name: string, value: string): string {
  return (
    `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
    `<saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue></saml:Attribute>`
  );
}

/** The unsigned Response with its Assertion, every value escaped. */
export function responseXml(input: {
  idpEntityId: string;
  request: PendingSamlRequest;
  subject: SamlSubject;
  now: number;
  responseId?: string;
  assertionId?: string;
}): string {
  const { idpEntityId, request, subject, now } = input;
  const issuer = `<saml:Issuer>${escapeXml(idpEntityId)}</saml:Issuer>`;
  const assertionId = input.assertionId ?? samlId();
  const notOnOrAfter = instant(now + ASSERTION_LIFETIME_MS);
  const acs = escapeXml(request.acs);
  const inResponseTo = escapeXml(request.id);
  return (
    `<samlp:Response xmlns:samlp="${SAMLP_NS}" xmlns:saml="${SAML_NS}" ID="${input.responseId ?? samlId()}" ` +
    `Version="2.0" IssueInstant="${instant(now)}" Destination="${acs}" InResponseTo="${inResponseTo}">` +
    issuer +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:saml="${SAML_NS}" ID="${assertionId}" Version="2.0" IssueInstant="${instant(now)}">` +
    issuer +
    `<saml:Subject>` +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escapeXml(subject.uuid)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${inResponseTo}" NotOnOrAfter="${notOnOrAfter}" Recipient="${acs}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(now - NOT_BEFORE_SKEW_MS)}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(request.spEntityId)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(now)}" SessionIndex="${assertionId}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', subject.email)}${attribute('firstName', subject.firstName)}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

/** An enveloped RSA-SHA256 signature (exclusive c14n) over the element the xpath names, placed after its Issuer. */
function signElement(xml: string, key: SamlSigningKey, elementPath: string): string {
  const signature = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signature.addReference({ xpath: elementPath, transforms: [ENVELOPED, EXCLUSIVE_C14N], digestAlgorithm: SHA256 });
  signature.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${elementPath}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signature.getSignedXml();
}

/**
 * The signed Response a service provider's ACS receives (decision 0096): the Assertion is signed, then the
 * Response around it, so a provider that checks either finds our signature. Returns the XML text.
 */
export function signedResponseXml(input: {
  idpEntityId: string;
  request: PendingSamlRequest;
  subject: SamlSubject;
  key: SamlSigningKey;
  now?: number;
}): string {
  const unsigned = responseXml({ ...input, now: input.now ?? Date.now() });
  const assertionSigned = signElement(unsigned, input.key, "/*[local-name(.)='Response']/*[local-name(.)='Assertion']");
  return signElement(assertionSigned, input.key, "/*[local-name(.)='Response']");
}
