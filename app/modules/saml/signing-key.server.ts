import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import path from 'node:path';
import forge from 'node-forge';
import { dataDir } from '~/modules/config/env.server';

/** The key our SAML responses are signed with, and the certificate the metadata publishes for it. */
export interface SamlSigningKey {
  privateKeyPem: string;
  certificatePem: string;
}

/**
 * A new RSA key (Node's own generator) and a self-signed certificate for it, made with node-forge (ten years: SAML
 * uses the certificate to carry the key, not as a chain to a CA).
 */
export function generateSigningKey(commonName = 'Pantry SAML identity provider'): SamlSigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.rsa.setPublicKey(forgeKey.n, forgeKey.e);
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const name = [{ name: 'commonName', value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(forgeKey, forge.md.sha256.create());
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(certificate) };
}

/** Throws when the key is not an RSA private key or the certificate is not for it. */
export function checkSigningKey(key: SamlSigningKey): SamlSigningKey {
  const privateKey = createPrivateKey(key.privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('SAML_SIGNING_KEY is an RSA private key (PEM)');
  const certificate = new X509Certificate(key.certificatePem);
  if (!certificate.checkPrivateKey(privateKey))
    throw new Error('SAML_SIGNING_CERT is not the certificate of SAML_SIGNING_KEY');
  return key;
}

let cached: Promise<SamlSigningKey> | undefined;

/**
 * Production passes SAML_SIGNING_KEY and SAML_SIGNING_CERT (PEM); a local install generates them once into the
 * git-ignored data folder, as it does the provider's keys. The file is created exclusively, so processes starting
 * together end up with the one key the first wrote.
 */
export function samlSigningKey(): Promise<SamlSigningKey> {
  cached ??= loadSigningKey().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadSigningKey(): Promise<SamlSigningKey> {
  const { SAML_SIGNING_KEY: key, SAML_SIGNING_CERT: cert } = process.env;
  if (key && cert)
    return checkSigningKey({ privateKeyPem: key.replace(/\\n/g, '\n'), certificatePem: cert.replace(/\\n/g, '\n') });
  const file = path.join(dataDir(), 'saml-idp-key.json');
  if (!existsSync(file)) {
    const generated = generateSigningKey();
    mkdirSync(dataDir(), { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return checkSigningKey(JSON.parse(readFileSync(file, 'utf8')) as SamlSigningKey);
}

/** The certificate's body (base64 DER), as ds:X509Certificate spells it. */
export function certificateBody(certificatePem: string): string {
  return certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}
