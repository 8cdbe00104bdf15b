import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { dataDir } from '../app/modules/config/env.server';

export interface IdpSecrets {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

/**
 * The provider's signing keys and cookie keys. Production passes IDP_JWKS (a JSON JWKS with private
 * keys) and IDP_COOKIE_KEYS; a local install generates them once into the git-ignored data folder.
 */
export async function loadIdpSecrets(): Promise<IdpSecrets> {
  if (process.env.IDP_JWKS && process.env.IDP_COOKIE_KEYS) {
    return {
      jwks: JSON.parse(process.env.IDP_JWKS) as { keys: JWK[] },
      cookieKeys: process.env.IDP_COOKIE_KEYS.split(','),
    };
  }
  const file = path.join(dataDir(), 'idp-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as IdpSecrets;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'ES256', use: 'sig' };
  const secrets: IdpSecrets = { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
