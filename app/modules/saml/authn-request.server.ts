import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { findServiceProvider, type ServiceProvider } from './service-providers.server';

export const SAMLP_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
export const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const HTTP_POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** A SAMLRequest larger than this (encoded, or inflated) is not an AuthnRequest anyone sends: refused unread. */
export const MAX_ENCODED_LENGTH = 8 * 1024;
export const MAX_INFLATED_BYTES = 32 * 1024;
/** How old an IssueInstant may be when the request arrives, and how far ahead of our clock. */
export const MAX_REQUEST_AGE_MS = 5 * 60_000;
export const CLOCK_SKEW_MS = 3 * 60_000;
/** RelayState is the service provider's own opaque value; the binding allows 80 bytes, we carry up to this. */
export const MAX_RELAY_STATE = 512;

/** A service provider's request, checked, as the storefront keeps it until the shopper is signed in. */
export interface PendingSamlRequest {
  id: string;
  spEntityId: string;
  acs: string;
  relayState?: string;
}

export type SamlProblem = 'unreadable' | 'unknown-provider' | 'wrong-return-address' | 'expired' | 'used';

export const SAML_PROBLEM_MESSAGES: Record<SamlProblem, string> = {
  unreadable: 'This sign-in link from another site could not be read. Go back to that site and try again.',
  'unknown-provider':
    'This sign-in link comes from a site Pantry does not sign you in to. Go back to that site and try again.',
  'wrong-return-address':
    'This sign-in link asks to return to an address its site has not registered with Pantry. Go back to that site and try again.',
  expired: 'This sign-in link from another site has expired. Go back to that site and try again.',
  used: 'This sign-in link from another site was already used. Go back to that site and try again.',
};

export type AuthnRequestCheck =
  | { ok: true; request: PendingSamlRequest; provider: ServiceProvider }
  | { ok: false; problem: SamlProblem; message: string };

function refuse(problem: SamlProblem): AuthnRequestCheck {
  return { ok: false, problem, message: SAML_PROBLEM_MESSAGES[problem] };
}

/** base64 → raw DEFLATE → UTF-8 text (the HTTP-Redirect binding), or null when any step fails or is too large. */
export function decodeRedirectBinding(encoded: string): string | null {
  const compact = encoded.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length > MAX_ENCODED_LENGTH) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  try {
    const inflated = inflateRawSync(Buffer.from(compact, 'base64'), { maxOutputLength: MAX_INFLATED_BYTES });
    const text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
    return text;
  } catch {
    return null;
  }
}

/** The document's root element, when the text is well-formed XML without a DOCTYPE (no entities to expand). */
export function parseXml(text: string): Element | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  let failed = false;
  const parser = new DOMParser({
    locator: {},
    errorHandler: {
      warning: () => {},
      error: () => {
        failed = true;
      },
      fatalError: () => {
        failed = true;
      },
    },
  });
  try {
    const document = parser.parseFromString(text, 'text/xml');
    const root = document?.documentElement as unknown as Element | null;
    return failed || !root ? null : root;
  } catch {
    return null;
  }
}

function childElement(parent: Element, namespace: string, localName: string): Element | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === namespace && element.localName === localName) return element;
  }
  return null;
}

/**
 * Reads and checks an HTTP-Redirect binding AuthnRequest (decision 0096): base64 of raw DEFLATE of an XML
 * samlp:AuthnRequest, Version 2.0, with an ID, a fresh IssueInstant and an Issuer that is a configured service
 * provider; an AssertionConsumerServiceURL, when present, must be that provider's registered one, and a
 * ProtocolBinding, when present, HTTP-POST. Anything else is refused with the shopper's message.
 */
// eslint-disable-next-line no-control-regex -- control characters in RelayState are refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function checkAuthnRequest(
  samlRequest: string,
  relayState: string | null,
  now: number = Date.now(),
): AuthnRequestCheck {
  if (relayState !== null && (relayState.length > MAX_RELAY_STATE || CONTROL_CHARS.test(relayState)))
    return refuse('unreadable');
  const text = decodeRedirectBinding(samlRequest);
  if (text === null) return refuse('unreadable');
  const root = parseXml(text);
  if (!root || root.namespaceURI !== SAMLP_NS || root.localName !== 'AuthnRequest') return refuse('unreadable');
  const id = root.getAttribute('ID') ?? '';
  if (root.getAttribute('Version') !== '2.0' || !/^[A-Za-z_][\w.-]{0,255}$/.test(id)) return refuse('unreadable');
  const issuedAt = Date.parse(root.getAttribute('IssueInstant') ?? '');
  if (!Number.isFinite(issuedAt)) return refuse('unreadable');
  const issuer = childElement(root, SAML_NS, 'Issuer')?.textContent?.trim() ?? '';
  if (!issuer) return refuse('unreadable');
  const provider = findServiceProvider(issuer);
  if (!provider) return refuse('unknown-provider');
  const acs = root.getAttribute('AssertionConsumerServiceURL');
  if (acs && acs !== provider.acs && !sameUrl(acs, provider.acs)) return refuse('wrong-return-address');
  const binding = root.getAttribute('ProtocolBinding');
  if (binding && binding !== HTTP_POST_BINDING) return refuse('wrong-return-address');
  if (issuedAt < now - MAX_REQUEST_AGE_MS || issuedAt > now + CLOCK_SKEW_MS) return refuse('expired');
  return {
    ok: true,
    provider,
    request: { id, spEntityId: provider.entityId, acs: provider.acs, ...(relayState ? { relayState } : {}) },
  };
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return false;
  }
}
