/** Serves the production build on E2E_PORT over a fresh, small SQLite database for Playwright. */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { IDENTITY_PROVIDER, STOREFRONT } from './server-commands';

const dataDir = path.resolve('.cache/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

// A real SMTP server the storefront sends to: each message lands as an .eml file the tests read
// (tests/e2e/support/mailbox.ts). Plain SMTP on loopback, no TLS or login to negotiate.
const mailDir = path.resolve('.cache/e2e-mail');
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      writeFileSync(path.join(mailDir, `${Date.now()}-${received}.eml`), Buffer.concat(chunks));
      done();
    });
  },
});
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 25);
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
// The stand-in service providers tests/e2e/saml.spec.ts serves on loopback, one per project (decision 0096):
// configured here as company sites that may ask for SAML sign-in, their origins trusted beside the banners' own.
const storefrontPort = Number(process.env.E2E_PORT ?? 3100);
const samlProviders = [4, 5].map((offset) => `http://127.0.0.1:${storefrontPort + offset}`);
const { ownBannerOrigins } = await import('../app/modules/access/redirect-policy.server');
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
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_POLL_MS: '250',
  MAIL_RETRY_BASE_MS: '500',
  TRUSTED_DOMAINS: [...ownBannerOrigins(storefrontPort), ...samlProviders].join(','),
  SAML_SERVICE_PROVIDERS: JSON.stringify(
    samlProviders.map((origin) => ({ entityId: `${origin}/saml`, acs: `${origin}/acs`, name: 'Pantry Recipes' })),
  ),
};
process.env = env;
const { prepareDatabase } = await import('../app/db/prepare.server');
await prepareDatabase({ log: () => {} });
const idpPort = process.env.E2E_IDP_PORT ?? String(Number(env.PORT) + 1);
// Second storefronts that sign shoppers in through this provider too (tests/e2e/support/flag-server.ts): the banner
// switch's (e2e port + 10 and + 11) and the account flags' (+ 12 and + 13). Their origins are its clients as well.
const flagStorefronts = [10, 11, 12, 13].flatMap((offset) => ownBannerOrigins(storefrontPort + offset)).join(',');
const idp = spawn(process.execPath, IDENTITY_PROVIDER, {
  env: { ...env, IDP_PORT: idpPort, STOREFRONT_PORT: env.PORT, STOREFRONT_ORIGINS: flagStorefronts },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const server = spawn(process.execPath, STOREFRONT, {
  env: { ...env, IDP_ISSUER: `http://localhost:${idpPort}` },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  idp.kill('SIGTERM');
  server.kill('SIGTERM');
  smtp.close();
};
idp.on('exit', (code) => {
  server.kill('SIGTERM');
  process.exit(code ?? 1);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
