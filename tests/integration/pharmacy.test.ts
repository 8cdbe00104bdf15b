import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { consumeHandshake, HANDSHAKE_TTL_SECONDS, issueHandshake } from '~/modules/pharmacy/health-handshake.server';
import { customerPrescriptions, pharmacyProfile, savePharmacyProfile } from '~/modules/pharmacy/pharmacy.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const JORDAN = 500001;
const BART = 500002;

/** Flips one character in the middle of a token part (header 0, payload 1, signature 2). */
function tamper(token: string, part: 0 | 1 | 2) {
  const parts = token.split('.');
  const text = parts[part]!;
  const at = Math.floor(text.length / 2);
  parts[part] = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
  return parts.join('.');
}

describe.each(DIALECTS)('pharmacy and health handshake on %s', (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 200 });
    useDatabaseForTests(test);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  it('seeds a complete pharmacy profile and prescriptions for the demo customer only', async () => {
    expect(await pharmacyProfile(JORDAN)).toMatchObject({ dateOfBirth: '1988-03-14', missing: [] });
    expect((await customerPrescriptions(JORDAN)).length).toBeGreaterThanOrEqual(2);
    expect(await pharmacyProfile(BART)).toBeNull();
    expect(await customerPrescriptions(BART)).toEqual([]);
  });

  it('knows what a progressive-profile account is missing, and completes it once', async () => {
    const at = new Date().toISOString();
    await test.db
      .insertInto('pharmacy_profiles')
      .values({ customer_id: BART, date_of_birth: null, allergies: '', created_at: at, updated_at: at })
      .execute();
    expect((await pharmacyProfile(BART))?.missing).toEqual(['dateOfBirth']);
    await savePharmacyProfile(BART, { dateOfBirth: '1990-01-02', allergies: 'None' });
    await savePharmacyProfile(BART, { dateOfBirth: '1990-01-02', allergies: 'Latex' });
    expect(await pharmacyProfile(BART)).toEqual({ dateOfBirth: '1990-01-02', allergies: 'Latex', missing: [] });
    const rows = await test.db
      .selectFrom('pharmacy_profiles')
      .select('customer_id')
      .where('customer_id', '=', BART)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('consumes a handshake token once: the replay is refused', async () => {
    const token = await issueHandshake(JORDAN);
    expect(await consumeHandshake(token)).toEqual({ ok: true, customerId: JORDAN });
    expect(await consumeHandshake(token)).toEqual({ ok: false, reason: 'used' });
  });

  it('lets exactly one of several racing requests with the same token through', async () => {
    const token = await issueHandshake(JORDAN);
    const results = await Promise.all(Array.from({ length: 5 }, () => consumeHandshake(token)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it(`refuses a token older than ${HANDSHAKE_TTL_SECONDS} seconds as expired`, async () => {
    const issued = new Date();
    const token = await issueHandshake(JORDAN, issued);
    const late = new Date(issued.getTime() + (HANDSHAKE_TTL_SECONDS + 1) * 1000);
    expect(await consumeHandshake(token, late)).toEqual({ ok: false, reason: 'expired' });
    // The refusal consumed nothing: the same token used within its minute still opens the dashboard.
    expect(await consumeHandshake(token, new Date(issued.getTime() + 30_000))).toEqual({
      ok: true,
      customerId: JORDAN,
    });
  });

  it('refuses a tampered, foreign or missing token as invalid, without consuming anything', async () => {
    const token = await issueHandshake(JORDAN);
    for (const part of [0, 1, 2] as const)
      expect(await consumeHandshake(tamper(token, part))).toEqual({ ok: false, reason: 'invalid' });
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('pantry-storefront')
      .setAudience('pantry-health-handshake')
      .setSubject(String(BART))
      .setJti('made-up')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode('not-our-secret'));
    expect(await consumeHandshake(foreign)).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeHandshake('')).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeHandshake('not.a.token')).toEqual({ ok: false, reason: 'invalid' });
    expect(await consumeHandshake(token)).toEqual({ ok: true, customerId: JORDAN });
  });
});
