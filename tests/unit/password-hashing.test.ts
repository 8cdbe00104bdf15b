import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { passwordHashOptions, PASSWORD_HASH_OPTIONS, verifyPassword } from '~/modules/identity/passwords.server';

/** The parameters a hash made with these options carries (`m=…,t=…,p=…`). */
async function parametersOf(options: ReturnType<typeof passwordHashOptions>) {
  const hash = await argon2.hash('Pantry-demo-2026', options);
  return /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(hash)?.[1];
}

describe('password hashing parameters', () => {
  it("hashes real accounts with argon2id's defaults: 64 MiB, three passes, four lanes", async () => {
    expect(await parametersOf(PASSWORD_HASH_OPTIONS)).toBe('m=65536,t=3,p=4');
    expect(passwordHashOptions({})).toBe(PASSWORD_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'production', APP_ENV: 'prod' })).toBe(PASSWORD_HASH_OPTIONS);
  });

  it('ignores the test parameters wherever real customers sign in, or the environment is unknown', () => {
    for (const variables of [
      { PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' },
      { PASSWORD_HASH_COST: 'test', NODE_ENV: 'production', APP_ENV: '' },
      { PASSWORD_HASH_COST: 'test', NODE_ENV: 'production', APP_ENV: 'prod' },
      { PASSWORD_HASH_COST: 'test', APP_ENV: 'beta' },
      { PASSWORD_HASH_COST: 'test', APP_ENV: 'stage' },
      { PASSWORD_HASH_COST: 'test', APP_ENV: 'nonsense' },
    ])
      expect(passwordHashOptions(variables), JSON.stringify(variables)).toBe(PASSWORD_HASH_OPTIONS);
  });

  it('takes the cheap parameters only when asked for, on a developer machine or a test run', async () => {
    expect(passwordHashOptions({ PASSWORD_HASH_COST: 'production', APP_ENV: 'local-origin' })).toBe(
      PASSWORD_HASH_OPTIONS,
    );
    const cheap = passwordHashOptions({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production', APP_ENV: 'local-origin' });
    expect(await parametersOf(cheap)).toBe('m=1024,t=1,p=1');
    expect(await parametersOf(passwordHashOptions({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' }))).toBe(
      'm=1024,t=1,p=1',
    );
  });

  it('verifies a hash of either kind, since a hash carries its own parameters', async () => {
    const cheap = await argon2.hash('Fresh-basil-42', passwordHashOptions({ PASSWORD_HASH_COST: 'test' }));
    expect(await verifyPassword(cheap, 'Fresh-basil-42')).toBe(true);
    expect(await verifyPassword(cheap, 'Fresh-basil-43')).toBe(false);
    expect(await verifyPassword(await argon2.hash('Fresh-basil-42', PASSWORD_HASH_OPTIONS), 'Fresh-basil-42')).toBe(
      true,
    );
  });
});
