import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { profilePrompt, putOffProfilePrompt } from '~/modules/customers/profile-completion.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress } from './support/fixtures';

/** A demo account without saved addresses (the driver's). */
const CUSTOMER = 500006;

describe.each(DIALECTS)('the profile-completion prompt on %s', (dialect) => {
  let test: TestDatabase;
  const now = new Date('2026-11-28T12:00:00Z');
  const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 50 });
    useDatabaseForTests(test);
    await test.db.deleteFrom('customer_addresses').where('customer_id', '=', CUSTOMER).execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('asks for what is missing while the flag is on, and stays away 180 days once put off', async () => {
    expect(await profilePrompt(CUSTOMER, true, now)).toEqual(['address']);
    expect(await profilePrompt(CUSTOMER, false, now)).toBeNull();
    await test.db.updateTable('customers').set({ phone: '' }).where('id', '=', CUSTOMER).execute();
    expect(await profilePrompt(CUSTOMER, true, now)).toEqual(['phone', 'address']);

    await putOffProfilePrompt(CUSTOMER, now);
    expect(await profilePrompt(CUSTOMER, true, now)).toBeNull();
    expect(await profilePrompt(CUSTOMER, true, later(179))).toBeNull();
    expect(await profilePrompt(CUSTOMER, true, later(180))).toEqual(['phone', 'address']);
    // Another customer's prompt is their own.
    expect(await profilePrompt(500001, true, now)).not.toEqual(['phone', 'address']);
  });

  it('asks nothing once the profile is complete', async () => {
    await test.db.updateTable('customers').set({ phone: '2065550162' }).where('id', '=', CUSTOMER).execute();
    await saveCheckoutAddress(
      { customerId: CUSTOMER, bannerId: 'greenleaf' },
      { address1: '12 Elm St', city: 'Seattle', state: 'wa', zipcode: '98101' },
    );
    expect(await profilePrompt(CUSTOMER, true, later(400))).toBeNull();
  });
});
