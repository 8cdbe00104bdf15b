import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import type { DialectName } from '~/db/dialect';
import { startIdentityProvider } from '../../../idp/server';
import { createSeededTestDatabase, type TestDatabase } from './databases';
import { freePort } from '../../../scripts/free-port';

/**
 * The real identity provider for a describe block: a seeded database of the dialect, the provider on a free
 * port with its keys in a throw-away data folder, and IDP_ISSUER pointing at it. Read the fields in tests.
 */
export function useRealIdentityProvider(dialect: DialectName, origins: string[]) {
  const context = { issuer: '', test: undefined as TestDatabase | undefined };
  let server: Server | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    context.test = await createSeededTestDatabase(dialect, { products: 200 });
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
    useDatabaseForTests(context.test);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pantry-idp-'));
    process.env.DATA_DIR = dataDir;
    const port = await freePort();
    context.issuer = `http://localhost:${port}`;
    process.env.IDP_ISSUER = context.issuer;
    ({ server } = await startIdentityProvider({ port, issuer: context.issuer, origins }));
  });
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    delete process.env.IDP_ISSUER;
    // eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
    useDatabaseForTests(undefined);
    await context.test?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return context;
}
