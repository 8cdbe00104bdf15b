import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Server-only libraries must never reach a browser bundle. Minified bundles lose the package
 * names, so each library is recognised by string literals its own code carries (error codes,
 * node kinds, protocol names); tests/integration/browser-bundles.test.ts proves each signature
 * is present in the installed library, so the scan would catch it.
 */
export const SERVER_ONLY_SIGNATURES: Record<string, string[]> = {
  kysely: ['SelectQueryNode', 'InsertQueryNode'],
  pg: ['SCRAM-SHA-256', 'Client has already been connected'],
  'better-sqlite3': ['better_sqlite3.node'],
  jose: ['ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'ERR_JWT_EXPIRED'],
  argon2: ['argon2id'],
  'oidc-provider': ['invalid_grant'],
};

const SCRIPT = /\.(c|m)?js$/;

export function scriptFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'node_modules') scriptFiles(full, out);
    } else if (SCRIPT.test(name)) out.push(full);
  }
  return out;
}

export interface ServerOnlyHit {
  library: string;
  signature: string;
  file: string;
}

/** Every server-only library signature found in the scripts under `dir`. */
export function findServerOnlyCode(dir: string, files = scriptFiles(dir)): ServerOnlyHit[] {
  const hits: ServerOnlyHit[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [library, signatures] of Object.entries(SERVER_ONLY_SIGNATURES))
      for (const signature of signatures)
        if (text.includes(signature)) hits.push({ library, signature, file: path.relative(dir, file) });
  }
  return hits;
}
