import { certificateBody, samlSigningKey } from './signing-key.server';

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

function escapeAttribute(value: string): string {
  return value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/**
 * Pantry's SAML identity provider metadata (decision 0096): its entity id, the sign-in page as the single sign-on
 * service (HTTP-Redirect binding), the signing certificate, and the persistent NameID (the customer's UUID).
 */
export async function identityProviderMetadata(input: { entityId: string; signInUrl: string }): Promise<string> {
  const certificate = certificateBody((await samlSigningKey()).certificatePem);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" ` +
    `entityID="${escapeAttribute(input.entityId)}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate>` +
    `</ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="${REDIRECT_BINDING}" Location="${escapeAttribute(input.signInUrl)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>\n`
  );
}
