import { execFileSync } from 'node:child_process';

/** The e2e server's cookie secret (scripts/e2e-server.ts): the one `npm run content:link` signs with there. */
const E2E_SESSION_SECRET = 'e2e-secret-not-for-production';

/** A content editor's link, printed by `npm run content:link` as an editor runs it (decision 0093). */
export function contentLink(origin: string, mode: 'preview' | 'author', at: Date): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/content-link.ts', '--mode', mode, '--at', at.toISOString(), '--origin', origin],
    { env: { ...process.env, SESSION_SECRET: E2E_SESSION_SECRET }, encoding: 'utf8' },
  ).trim();
}
