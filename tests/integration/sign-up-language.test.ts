/**
 * A sign-up read in Spanish (chosen, or asked for by the browser) makes an account whose profile keeps Spanish and
 * whose welcome email is written in it; one read in English keeps no choice (null) and gets the English welcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { parseHost } from '~/modules/banners/hosts';
import { registerCustomer } from '~/modules/identity/registration.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const GREENLEAF = parseHost('localhost', 'local-origin');

const person = (email: string) => ({
  firstName: 'Rosa',
  lastName: 'Delgado',
  email,
  phone: '2065550177',
  password: 'Fresh-basil-42',
  zipcode: '98101',
});

describe.each(DIALECTS)('the language of a sign-up on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300 });
    useDatabaseForTests(test);
    forgetCachedStores();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  async function signUp(email: string, language?: 'en' | 'es') {
    const created = await registerCustomer(GREENLEAF, person(email), 'http://localhost:3000', true, { language });
    expect(created).toMatchObject({ ok: true, outcome: 'created' });
    const customer = await test.db
      .selectFrom('customers')
      .select('preferred_language')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const welcome = await test.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', email)
      .where('kind', '=', 'welcome')
      .executeTakeFirstOrThrow();
    return { preferred: customer.preferred_language, welcome };
  }

  it('keeps Spanish in the profile and writes the welcome email in Spanish', async () => {
    const { preferred, welcome } = await signUp(`rosa-es-${dialect}@pantry.test`, 'es');
    expect(preferred).toBe('es');
    expect(welcome.subject).toBe('Le damos la bienvenida a Pantry');
    expect(welcome.body).not.toContain('Your Greenleaf Market account is ready');
  });

  it('keeps no choice for English and writes the welcome email in English', async () => {
    for (const [email, language] of [
      [`rosa-en-${dialect}@pantry.test`, 'en'],
      [`rosa-none-${dialect}@pantry.test`, undefined],
    ] as const) {
      const { preferred, welcome } = await signUp(email, language);
      expect(preferred).toBeNull();
      expect(welcome.subject).toBe('Welcome to Pantry');
      expect(welcome.body).toContain('Your Greenleaf Market account is ready');
    }
  });
});
