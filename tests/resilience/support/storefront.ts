import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port';
import { STOREFRONT } from '../../../scripts/server-commands';

export { freePort };

export const SESSION_SECRET = 'resilience-secret-not-for-production';

export interface Storefront {
  origin: string;
  port: number;
  process: ChildProcess;
  /** What the server wrote to stderr (errors are logged as JSON lines there). */
  stderr: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * The production build served the way `npm start` serves it (server/serve.ts, NODE_ENV=production) on a
 * free port, over the database at `databaseUrl` (a SQLite file path or postgres://…). Resolves once
 * /healthz answers. Needs `npm run build` first.
 */
export async function startStorefront(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { port?: number; command?: string[] } = {},
): Promise<Storefront> {
  if (!existsSync(STOREFRONT[0]!)) throw new Error(`${STOREFRONT[0]} is missing: run \`npm run build\` first`);
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-resilience-data-'));
  const [command, ...prefix] = options.command ?? [process.execPath];
  const child = spawn(command!, [...prefix, ...STOREFRONT], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'local-origin',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // The test process signs cookies with the same secret (vitest sets it), so it can sign a shopper in.
      SESSION_SECRET: process.env.SESSION_SECRET ?? SESSION_SECRET,
      LOG_LEVEL: 'warn',
      // No identity provider runs: guests only, unless the test starts one and passes IDP_ISSUER.
      IDP_ISSUER: `http://localhost:${await freePort()}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-200_000);
  });
  const origin = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`storefront exited ${child.exitCode}: ${stderr}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running after the failure (it would hold its port and memory for the rest of the run).
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`storefront did not become healthy: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    port,
    process: child,
    stderr: () => stderr,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar for one shopper: keeps the Set-Cookie values it is given and sends them back. */
export class Shopper {
  private readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Cookie', this.cookieHeader());
    if (init.method && init.method !== 'GET') headers.set('Origin', this.origin);
    const response = await fetch(`${this.origin}${pathname}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** POST /api/cart/add as JSON; returns the status and how long the answer took. */
  async addToCart(productId: number, quantity = 1) {
    const started = performance.now();
    const response = await this.fetch('/api/cart/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId, quantity }),
    });
    const body = await response.text();
    return { status: response.status, ms: performance.now() - started, response, body };
  }
}

/**
 * A stand-in identity provider for process-level tests: it publishes its own ES256 key at the JWKS
 * address the storefront reads, and issues access tokens the storefront verifies exactly as it
 * verifies the real provider's (signature, issuer, audience, expiry). Sign-in pages are not exercised.
 */
export async function startTokenIssuer() {
  const { exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { createServer: createHttpServer } = await import('node:http');
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'resilience', alg: 'ES256', use: 'sig' };
  const server = createHttpServer((request, response) => {
    if (request.url === '/oauth2/v1/keys') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const issuer = `http://localhost:${address.port}`;
  return {
    issuer,
    /** A signed-in customer's access token (scope shop: a full C shopper). */
    token: (customer: { customerId: number; firstName: string }) =>
      new SignJWT({ customerId: String(customer.customerId), firstName: customer.firstName, scope: 'openid shop' })
        .setProtectedHeader({ alg: 'ES256', kid: 'resilience' })
        .setIssuer(issuer)
        .setAudience('pantry-storefront')
        .setSubject(`customer-${customer.customerId}`)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
