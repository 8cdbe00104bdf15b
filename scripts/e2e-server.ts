/** Serves the production build on E2E_PORT over a fresh, small SQLite database for Playwright. */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { IDENTITY_PROVIDER, STOREFRONT } from './server-commands';

const dataDir = path.resolve('.cache/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_PRODUCTS: process.env.SEED_PRODUCTS ?? '3000',
  SESSION_SECRET: 'e2e-secret-not-for-production',
  // Every Playwright context signs in from the same client (loopback, no proxy header), hundreds of times.
  SIGNIN_CLIENT_LIMIT: '100000',
  SIGNUP_CLIENT_LIMIT: '100000',
  // Hundreds of sign-ins: cheap argon2 parameters, allowed in local-origin only (decision 0070).
  PASSWORD_HASH_COST: 'test',
  NODE_ENV: 'production' as const,
  APP_ENV: 'local-origin',
  PORT: process.env.E2E_PORT ?? '3100',
  LOG_LEVEL: 'warn',
};
process.env = env;
const { prepareDatabase } = await import('../app/db/prepare.server');
await prepareDatabase({ log: () => {} });
const idpPort = process.env.E2E_IDP_PORT ?? String(Number(env.PORT) + 1);
const idp = spawn(process.execPath, IDENTITY_PROVIDER, {
  env: { ...env, IDP_PORT: idpPort, STOREFRONT_PORT: env.PORT },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const server = spawn(process.execPath, STOREFRONT, {
  env: { ...env, IDP_ISSUER: `http://localhost:${idpPort}` },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  idp.kill('SIGTERM');
  server.kill('SIGTERM');
};
idp.on('exit', (code) => {
  server.kill('SIGTERM');
  process.exit(code ?? 1);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
