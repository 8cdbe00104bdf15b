import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import {
  answerSamlRequest,
  idpEntityId,
  readPendingSamlRequest,
  receiveSamlRequest,
} from '~/modules/saml/saml-sign-on.server';
import { generateSigningKey } from '~/modules/saml/signing-key.server';
import { authnRequestXml, encodeRedirect, verifySamlResponse } from '../support/saml-service-provider';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

// Without TRUSTED_DOMAINS the trusted origins are the local banner hosts on PORT 3000.
const SP = {
  entityId: 'https://recipes.pantry.example/saml',
  acs: 'http://localhost:3000/dev/saml-acs',
  name: 'Pantry Recipes',
};
const ORIGIN = 'http://localhost:3000';
const context = { siteType: 'C' as const, secure: false };
const key = generateSigningKey();
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const name of ['SAML_SERVICE_PROVIDERS', 'SAML_SIGNING_KEY', 'SAML_SIGNING_CERT'])
    saved[name] = process.env[name];
  process.env.SAML_SERVICE_PROVIDERS = JSON.stringify([SP]);
  process.env.SAML_SIGNING_KEY = key.privateKeyPem;
  process.env.SAML_SIGNING_CERT = key.certificatePem;
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The browser's Cookie header for a Set-Cookie the module wrote. */
function requestWith(setCookie: string): Request {
  return new Request(`${ORIGIN}/account/saml/continue`, { headers: { Cookie: setCookie.split(';')[0]! } });
}

describe.each(DIALECTS)('SAML requests answered once, on %s', (dialect) => {
  let test: TestDatabase;
  let customer: { id: number; uuid: string; email: string };

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    useDatabaseForTests(test);
    await seedDatabase(test.db, dialect, { products: 50, log: () => {} });
    customer = await test.db
      .selectFrom('customers')
      .select(['id', 'uuid', 'email'])
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
  }, 120_000);
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test?.drop();
  });

  async function answeredRows() {
    return test.db.selectFrom('saml_answered_requests').selectAll().execute();
  }

  it('keeps a checked request in a cookie and writes nothing until it is answered', async () => {
    const received = await receiveSamlRequest(
      encodeRedirect(authnRequestXml({ id: '_kept', issuer: SP.entityId, acs: SP.acs })),
      'recipe-42',
      context,
    );
    expect(received.ok).toBe(true);
    if (!received.ok) return;
    expect(received.providerName).toBe('Pantry Recipes');
    expect(await readPendingSamlRequest(requestWith(received.setCookie), context)).toEqual({
      id: '_kept',
      spEntityId: SP.entityId,
      acs: SP.acs,
      relayState: 'recipe-42',
    });
    expect(await answeredRows()).toEqual([]);
  });

  it('answers with a Response the provider verifies, naming the customer, and records the request ID', async () => {
    const received = await receiveSamlRequest(
      encodeRedirect(authnRequestXml({ id: '_answered', issuer: SP.entityId })),
      null,
      context,
    );
    if (!received.ok) throw new Error(received.message);
    const pending = (await readPendingSamlRequest(requestWith(received.setCookie), context))!;
    const answer = await answerSamlRequest(pending, customer.id, { origin: ORIGIN, context });
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.acs).toBe(SP.acs);
    expect(answer.setCookie).toMatch(/^PANTRY_SAML_REQUEST=;/);
    const verified = verifySamlResponse(answer.samlResponse, {
      certificatePem: key.certificatePem,
      idpEntityId: idpEntityId(ORIGIN),
      audience: SP.entityId,
      acs: SP.acs,
      requestId: '_answered',
    });
    expect(verified).toMatchObject({ nameId: customer.uuid, email: customer.email });
    expect(await answeredRows()).toEqual([
      expect.objectContaining({ sp_entity_id: SP.entityId, request_id: '_answered', customer_id: customer.id }),
    ]);
  });

  it('gives a request ID no second answer, and refuses the same request when it comes again', async () => {
    const pending = { id: '_answered', spEntityId: SP.entityId, acs: SP.acs };
    const again = await answerSamlRequest(pending, customer.id, { origin: ORIGIN, context });
    expect(again).toMatchObject({
      ok: false,
      message: 'This sign-in link from another site was already used. Go back to that site and try again.',
    });
    const replayed = await receiveSamlRequest(
      encodeRedirect(authnRequestXml({ id: '_answered', issuer: SP.entityId })),
      null,
      context,
    );
    expect(replayed).toMatchObject({ ok: false, problem: 'used' });
    expect(await answeredRows()).toHaveLength(1);
  });

  it('forgets answered request IDs after a day', async () => {
    const pending = { id: '_tomorrow', spEntityId: SP.entityId, acs: SP.acs };
    const answer = await answerSamlRequest(pending, customer.id, {
      origin: ORIGIN,
      context,
      now: Date.now() + 25 * 3600_000,
    });
    expect(answer.ok).toBe(true);
    expect((await answeredRows()).map((row) => row.request_id)).toEqual(['_tomorrow']);
  });

  it('refuses a pending cookie whose provider was removed from the configuration', async () => {
    const received = await receiveSamlRequest(
      encodeRedirect(authnRequestXml({ id: '_removed', issuer: SP.entityId })),
      null,
      context,
    );
    if (!received.ok) throw new Error(received.message);
    process.env.SAML_SERVICE_PROVIDERS = '[]';
    try {
      expect(await readPendingSamlRequest(requestWith(received.setCookie), context)).toBeNull();
    } finally {
      process.env.SAML_SERVICE_PROVIDERS = JSON.stringify([SP]);
    }
  });
});
