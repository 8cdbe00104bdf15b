import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCookie } from '@remix-run/node';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { freePort, startCluster, type Cluster } from '../../../scripts/cluster';

export interface TestCluster extends Cluster {
  dataDir: string;
  /** Stops every process and removes the data folder. */
  close: () => Promise<void>;
}

/**
 * A small cluster for a test: `size` storefronts behind haproxy (X-Served-By on) and the identity provider,
 * all on free ports, migrated and seeded (small catalogue) into the given throw-away PostgreSQL database.
 */
export async function launchTestCluster(input: {
  databaseUrl: string;
  size?: number;
  seedProducts?: number;
  env?: Record<string, string | undefined>;
}): Promise<TestCluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-cluster-'));
  try {
    const cluster = await startCluster({
      databaseUrl: input.databaseUrl,
      size: input.size ?? 2,
      port: await freePort(),
      idpPort: await freePort(),
      dataDir,
      seedProducts: input.seedProducts ?? 300,
      servedBy: true,
      output: 'collect',
      // One test client signs in many times from one address.
      env: { LOG_LEVEL: 'warn', SIGNIN_CLIENT_LIMIT: '100000', SIGNUP_CLIENT_LIMIT: '100000', ...input.env },
    });
    return {
      ...cluster,
      dataDir,
      close: async () => {
        await cluster.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

const userCookie = () =>
  createCookie('PANTRY_USER', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secrets: (process.env.SESSION_SECRET ?? '').split(','),
  });

export async function readUserCookie(value: string) {
  return (await userCookie().parse(`PANTRY_USER=${value}`)) as {
    token: string;
    refreshToken?: string;
    remember?: boolean;
  } | null;
}

/**
 * The signed-in cookie with its access token replaced by an expired copy (signed with the cluster's own
 * provider key), the refresh token kept: what a customer sends when the 45-minute token has run out.
 */
export async function lapsedUserCookie(cluster: TestCluster, value: string): Promise<string> {
  const user = await readUserCookie(value);
  if (!user?.refreshToken) throw new Error('the user cookie has no refresh token');
  const secrets = JSON.parse(readFileSync(path.join(cluster.dataDir, 'idp-secrets.json'), 'utf8')) as {
    jwks: { keys: JWK[] };
  };
  const jwk = secrets.jwks.keys[0]!;
  const header = decodeProtectedHeader(user.token);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ ...decodeJwt(user.token), iat: now - 3000, exp: now - 60 })
    .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, ...(header.typ ? { typ: header.typ } : {}) })
    .sign(await importJWK(jwk, 'ES256'));
  const serialized = await userCookie().serialize({ ...user, token });
  return serialized.split(';')[0]!.slice('PANTRY_USER='.length);
}
