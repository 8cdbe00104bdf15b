import argon2 from 'argon2';
import { developmentPagesAllowed, environmentOf } from '~/modules/config/environment.server';
import type { Environment } from '~/modules/banners/hosts';

type HashOptions = Parameters<typeof argon2.hash>[1] & { type: typeof argon2.argon2id };

/** argon2id with the library's defaults (64 MiB, t=3, p=4): what every real account is hashed with. */
export const PASSWORD_HASH_OPTIONS: HashOptions = { type: argon2.argon2id };

/**
 * The test suites' parameters (1 MiB, t=1, p=1): a default hash costs about half a second of CPU, and the suites
 * seed and sign in hundreds of times on two cores. Chosen only by PASSWORD_HASH_COST=test in an environment where
 * no real customer signs in (decision 0070); a verify reads the parameters from the hash, so either kind checks.
 */
const TEST_HASH_OPTIONS: HashOptions = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The parameters new hashes get under these variables: the test ones only when asked for where allowed. */
export function passwordHashOptions(variables: Record<string, string | undefined> = process.env): HashOptions {
  if (variables.PASSWORD_HASH_COST !== 'test') return PASSWORD_HASH_OPTIONS;
  const environment = environmentOf((variables.APP_ENV || undefined) as Environment | undefined, variables.NODE_ENV);
  return developmentPagesAllowed(environment) ? TEST_HASH_OPTIONS : PASSWORD_HASH_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashOptions());
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. For an unknown account it still verifies against a dummy hash, so known and
 * unknown emails take the same time (no account enumeration by timing).
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
