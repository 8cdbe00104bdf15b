/**
 * What a SAML service provider does with Pantry, for the tests: writes an HTTP-Redirect AuthnRequest, and checks
 * the signed Response its ACS receives the way a careful provider does (the signature over the Assertion with the
 * certificate from Pantry's metadata, then every fact read from the signed bytes only).
 */
import { deflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';

export interface AuthnRequestInput {
  id?: string;
  issuer: string;
  acs?: string;
  issueInstant?: string;
  binding?: string;
}

export function authnRequestXml(input: AuthnRequestInput): string {
  const acs = input.acs ? ` AssertionConsumerServiceURL="${input.acs}"` : '';
  const binding = ` ProtocolBinding="${input.binding ?? 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST'}"`;
  return (
    `<samlp:AuthnRequest xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="${input.id ?? `_req${Date.now()}${Math.random().toString(16).slice(2)}`}" ` +
    `Version="2.0" IssueInstant="${input.issueInstant ?? new Date().toISOString()}"${acs}${binding}>` +
    `<saml:Issuer>${input.issuer}</saml:Issuer>` +
    `<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent" AllowCreate="true"/>` +
    `</samlp:AuthnRequest>`
  );
}

/** The HTTP-Redirect binding's SAMLRequest value: base64 of the raw-deflated XML. */
export function encodeRedirect(xml: string): string {
  return deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64');
}

export function signInUrl(origin: string, request: AuthnRequestInput, relayState?: string): string {
  const url = new URL('/account/sign-in.html', origin);
  url.searchParams.set('SAMLRequest', encodeRedirect(authnRequestXml(request)));
  if (relayState) url.searchParams.set('RelayState', relayState);
  return url.toString();
}

export interface VerifiedAssertion {
  nameId: string;
  email: string | null;
  issuer: string;
  audience: string;
  inResponseTo: string;
}

function only(parent: Document | Element, namespace: string, name: string): Element {
  const found = parent.getElementsByTagNameNS(namespace, name);
  if (found.length !== 1) throw new Error(`expected one ${name}, found ${found.length}`);
  return found[0] as unknown as Element;
}

/**
 * Checks a base64 SAMLResponse as an ACS must: the Assertion's signature with the trusted certificate (and that
 * it covers the Assertion itself), then issuer, audience, recipient, InResponseTo and the time window from the
 * signed Assertion. Throws with the reason when anything is wrong.
 */
export function verifySamlResponse(
  samlResponse: string,
  expected: {
    certificatePem: string;
    idpEntityId: string;
    audience: string;
    acs: string;
    requestId: string;
    now?: number;
  },
): VerifiedAssertion {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const document = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document;
  const response = document.documentElement;
  if (response.namespaceURI !== SAMLP || response.localName !== 'Response') throw new Error('not a Response');
  const status = only(response, SAMLP, 'StatusCode').getAttribute('Value');
  if (status !== 'urn:oasis:names:tc:SAML:2.0:status:Success') throw new Error(`status ${status}`);
  const assertion = only(response, SAML, 'Assertion');
  const signatureNode = Array.from(assertion.childNodes).find((node) => (node as Element).localName === 'Signature') as
    Element | undefined;
  if (!signatureNode) throw new Error('assertion not signed');
  const signature = new SignedXml({ publicCert: expected.certificatePem, getCertFromKeyInfo: () => null });
  signature.loadSignature(signatureNode as unknown as Node);
  if (!signature.checkSignature(xml)) throw new Error('bad signature');
  const signedReferences = signature.getSignedReferences();
  if (signedReferences.length !== 1) throw new Error('the signature covers more or less than the assertion');
  const signed = new DOMParser().parseFromString(signedReferences[0]!, 'text/xml') as unknown as Document;
  const signedAssertion = signed.documentElement;
  if (signedAssertion.localName !== 'Assertion' || signedAssertion.getAttribute('ID') !== assertion.getAttribute('ID'))
    throw new Error('the signature is not over this assertion');
  const issuer = only(signedAssertion, SAML, 'Issuer').textContent ?? '';
  if (issuer !== expected.idpEntityId) throw new Error(`issuer ${issuer}`);
  const audience = only(signedAssertion, SAML, 'Audience').textContent ?? '';
  if (audience !== expected.audience) throw new Error(`audience ${audience}`);
  const confirmation = only(signedAssertion, SAML, 'SubjectConfirmationData');
  if (confirmation.getAttribute('Recipient') !== expected.acs) throw new Error('recipient');
  const inResponseTo = confirmation.getAttribute('InResponseTo') ?? '';
  if (inResponseTo !== expected.requestId) throw new Error(`InResponseTo ${inResponseTo}`);
  const now = expected.now ?? Date.now();
  const conditions = only(signedAssertion, SAML, 'Conditions');
  if (
    now < Date.parse(conditions.getAttribute('NotBefore') ?? '') ||
    now >= Date.parse(conditions.getAttribute('NotOnOrAfter') ?? '')
  )
    throw new Error('outside the assertion time window');
  const emailValues = Array.from(signedAssertion.getElementsByTagNameNS(SAML, 'Attribute'))
    .filter((attribute) => attribute.getAttribute('Name') === 'email')
    .map((attribute) => attribute.textContent ?? '');
  return {
    nameId: only(signedAssertion, SAML, 'NameID').textContent ?? '',
    email: emailValues[0] ?? null,
    issuer,
    audience,
    inResponseTo,
  };
}

/** The signing certificate Pantry's metadata publishes, as PEM. */
export function certificateFromMetadata(metadataXml: string): string {
  const document = new DOMParser().parseFromString(metadataXml, 'text/xml') as unknown as Document;
  const body =
    only(document, 'http://www.w3.org/2000/09/xmldsig#', 'X509Certificate').textContent?.replace(/\s+/g, '') ?? '';
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').trim()}\n-----END CERTIFICATE-----\n`;
}
