import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { STOREFRONT } from '../../../scripts/server-commands';

/**
 * A second storefront on the e2e build and database with some feature flags overridden (FLAG_<name>), for the
 * "flag off" half of a flag's tests. It shares the e2e server's cookie secret and identity provider, and cookies on
 * `localhost` go to every port, so a customer signed in on the e2e server is signed in here too. Each project gets
 * its own port (e2e port + `offset`, + 1 more for nojs), so the two projects never clash.
 *
 * Ports beside the e2e port: +1 the identity provider, +4/+5 the SAML stand-in sites (scripts/e2e-server.ts), +25 SMTP,
 * +50/+51 the closed business site (business.spec.ts). Flag servers: +6 occasions and referrals, +8 the cookie layout,
 * +10 the banner switch, +12 the account flags. Those two sign in through the e2e identity provider, which takes
 * their origins as clients (scripts/e2e-server.ts).
 */
export async function startFlagServer(
  testInfo: TestInfo,
  offset: number,
  flags: Record<string, 'true' | 'false'>,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = Number(new URL(testInfo.project.use.baseURL!).port);
  const flagPort = port + offset + (testInfo.project.name === 'nojs' ? 1 : 0);
  const origin = `http://localhost:${flagPort}`;
  const answering = () =>
    fetch(`${origin}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
  // Another server on that port would make every check meaningless.
  if (await answering()) throw new Error(`port ${flagPort} is already in use; free it for this test`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(flagPort),
    DATA_DIR: path.resolve('.cache/e2e-data'),
    DATABASE_URL: '',
    SESSION_SECRET: 'e2e-secret-not-for-production',
    NODE_ENV: 'production',
    APP_ENV: 'local-origin',
    LOG_LEVEL: 'warn',
    IDP_ISSUER: `http://localhost:${port + 1}`,
    SIGNUP_CLIENT_LIMIT: '100000',
    PASSWORD_HASH_COST: 'test',
  };
  for (const [name, value] of Object.entries(flags)) env[`FLAG_${name}`] = value;
  const server: ChildProcess = spawn(process.execPath, STOREFRONT, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  server.on('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (await answering()) break;
    if (exited || Date.now() > deadline) throw new Error(`the storefront with ${JSON.stringify(flags)} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Stopping waits for the process to be gone: a retry's new server on the same port must not find it still draining.
  const stop = async () => {
    if (exited) return;
    const gone = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    const forced = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(forced);
  };
  return { origin, stop };
}
