import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { DEMO_STORE_CARDS } from '~/db/seed/demo-customers';
import { parseHost } from '~/modules/banners/hosts';
import { lookupStoreCard, storeCardTriesAllowed } from '~/modules/customers/store-cards.server';
import {
  STORE_CARD_LINKED_MESSAGE,
  STORE_CARD_NOT_FOUND_MESSAGE,
  STORE_CARD_POINTS_DESCRIPTION,
} from '~/modules/customers/store-card-words';
import { pointsBalance } from '~/modules/offers/rewards.server';
import { registerCustomer } from '~/modules/identity/registration.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import * as lookupRoute from '~/routes/api.session.lookup';
import * as stepUpRoute from '~/routes/api.customers.register.stepup';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { routeAnswer } from './support/route-answer';

const ORIGIN = 'http://localhost:3000';
const GREENLEAF = parseHost('localhost', 'local-origin');
const ALEX = DEMO_STORE_CARDS[0]!;
const JAMIE_AT_MESA = DEMO_STORE_CARDS[3]!;

function post(path: string, body: unknown, host = 'localhost:3000') {
  const origin = `http://${host}`;
  return new Request(`${origin}${path}`, {
    method: 'POST',
    headers: { Host: host, 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(body),
  });
}

const person = (email: string) => ({
  firstName: 'Alex',
  lastName: 'Moreno',
  email,
  phone: '2065550123',
  password: 'Fresh-basil-42',
  zipcode: '98101',
});

describe.each(DIALECTS)('store card lookup and register step-up on %s', (dialect) => {
  let test: TestDatabase;
  let serial = 0;

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

  /** A store card of its own for one test, issued at Greenleaf Market's first store. */
  async function issueCard(points: number) {
    serial += 1;
    const card = {
      clubCard: `55000000${String(serial).padStart(4, '0')}`,
      phone: `206555${String(7000 + serial)}`,
      houseId: `HH55000${String(serial).padStart(4, '0')}`,
      points,
    };
    const store = await test.db
      .selectFrom('stores')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto('loyalty_cards')
      .values({
        club_card: card.clubCard,
        house_id: card.houseId,
        phone: card.phone,
        first_name: 'Robin',
        last_name: 'Okafor',
        banner_id: 'greenleaf',
        store_id: store.id,
        points,
        issued_at: '2025-11-01T10:00:00.000Z',
        customer_id: null,
        stepped_up_at: null,
      })
      .execute();
    return card;
  }

  const cardRow = (clubCard: string) =>
    test.db.selectFrom('loyalty_cards').selectAll().where('club_card', '=', clubCard).executeTakeFirstOrThrow();
  const accountsWithCard = (clubCard: string) =>
    test.db.selectFrom('customers').selectAll().where('club_card', '=', clubCard).execute();
  const counts = async () => ({
    customers: (await test.db.selectFrom('customers').select('id').execute()).length,
    ledger: (await test.db.selectFrom('reward_ledger').select('id').execute()).length,
    linkedCards: (
      await test.db.selectFrom('loyalty_cards').select('club_card').where('customer_id', 'is not', null).execute()
    ).length,
  });

  it('finds an unlinked card only by its number and its phone together, on its own banner, and says nothing else', async () => {
    expect(await lookupStoreCard('greenleaf', { clubCard: ALEX.clubCard, phone: ALEX.phone })).toEqual({
      found: true,
      stepUp: true,
      firstName: 'Alex',
    });
    expect(await lookupStoreCard('greenleaf', { clubCard: ALEX.clubCard, phone: '2065550999' })).toEqual({
      found: false,
    });
    expect(await lookupStoreCard('greenleaf', { clubCard: '440099999999', phone: ALEX.phone })).toEqual({
      found: false,
    });
    // A card belongs to its banner's programme: Mesa Fresh's card is not found on Greenleaf Market.
    expect(
      await lookupStoreCard('greenleaf', { clubCard: JAMIE_AT_MESA.clubCard, phone: JAMIE_AT_MESA.phone }),
    ).toEqual({ found: false });
    expect(
      (await lookupStoreCard('mesa', { clubCard: JAMIE_AT_MESA.clubCard, phone: JAMIE_AT_MESA.phone })).found,
    ).toBe(true);
  });

  it('answers "sign in instead" for an online account’s own club card and phone', async () => {
    const jordan = await test.db
      .selectFrom('customers')
      .select(['club_card', 'phone'])
      .where('email', '=', 'jordan@pantry.test')
      .executeTakeFirstOrThrow();
    expect(await lookupStoreCard('greenleaf', { clubCard: jordan.club_card, phone: jordan.phone })).toEqual({
      found: true,
      stepUp: false,
    });
  });

  it('steps a card up once: the account gets its club card and household, its points move in one ledger row', async () => {
    const card = await issueCard(1_750);
    const email = `stepup-${dialect}@pantry.test`;
    const created = await registerCustomer(GREENLEAF, { ...person(email), phone: '2065550188' }, ORIGIN, true, {
      storeCard: { clubCard: card.clubCard, phone: card.phone },
    });
    expect(created).toMatchObject({ ok: true, outcome: 'created' });
    if (!created.ok || created.outcome !== 'created') throw new Error('not created');
    const account = await test.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', created.customerId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email, club_card: card.clubCard, house_id: card.houseId, phone: '2065550188' });
    expect(await cardRow(card.clubCard)).toMatchObject({ customer_id: created.customerId, points: 0 });
    expect((await cardRow(card.clubCard)).stepped_up_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const ledger = await test.db
      .selectFrom('reward_ledger')
      .select(['points', 'reason', 'description'])
      .where('customer_id', '=', created.customerId)
      .execute();
    expect(ledger).toEqual([{ points: 1_750, reason: 'store-card', description: STORE_CARD_POINTS_DESCRIPTION }]);
    expect(await pointsBalance(created.customerId)).toBe(1_750);

    // The card is now linked: the lookup says sign in, and a second step-up (another email) is refused.
    expect(await lookupStoreCard('greenleaf', card)).toEqual({ found: true, stepUp: false });
    const before = await counts();
    expect(
      await registerCustomer(GREENLEAF, person(`again-${dialect}@pantry.test`), ORIGIN, true, { storeCard: card }),
    ).toEqual({
      ok: false,
      code: 'CARD_ALREADY_LINKED',
      field: 'clubCard',
      message: STORE_CARD_LINKED_MESSAGE,
    });
    expect(await counts()).toEqual(before);
    expect(await pointsBalance(created.customerId)).toBe(1_750);
  });

  it('lets exactly one of two concurrent step-ups of one card win; the other leaves no account behind', async () => {
    const card = await issueCard(900);
    const before = await counts();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((tag) =>
        registerCustomer(GREENLEAF, person(`race-${tag}-${dialect}@pantry.test`), ORIGIN, true, { storeCard: card }),
      ),
    );
    const won = results.filter((result) => result.ok);
    const lost = results.filter((result) => !result.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([
      expect.objectContaining({ code: 'CARD_ALREADY_LINKED' }),
      expect.objectContaining({ code: 'CARD_ALREADY_LINKED' }),
    ]);
    expect(await accountsWithCard(card.clubCard)).toHaveLength(1);
    const winner = (await accountsWithCard(card.clubCard))[0]!;
    expect((await cardRow(card.clubCard)).customer_id).toBe(winner.id);
    expect(await pointsBalance(winner.id)).toBe(900);
    expect(await counts()).toEqual({
      customers: before.customers + 1,
      ledger: before.ledger + 1,
      linkedCards: before.linkedCards + 1,
    });
  });

  it('treats an email that has an account as registration does: same answer, owner told, the card left unlinked', async () => {
    const card = await issueCard(400);
    const before = await counts();
    const answer = await registerCustomer(GREENLEAF, person('Jordan@Pantry.test'), ORIGIN, true, { storeCard: card });
    expect(answer).toMatchObject({ ok: true, outcome: 'existing' });
    expect(await cardRow(card.clubCard)).toMatchObject({ customer_id: null, stepped_up_at: null, points: 400 });
    expect(await counts()).toEqual(before);
    const mail = await test.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', 'jordan@pantry.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Someone tried to create an account with your email');
  });

  it('refuses a wrong phone or number before anything depends on the email, and changes nothing', async () => {
    const card = await issueCard(300);
    const before = await counts();
    for (const [email, proof] of [
      [`wrong-phone-${dialect}@pantry.test`, { clubCard: card.clubCard, phone: '2065550000' }],
      ['jordan@pantry.test', { clubCard: card.clubCard, phone: '2065550000' }],
      [`wrong-card-${dialect}@pantry.test`, { clubCard: '550000009999', phone: card.phone }],
    ] as const) {
      expect(await registerCustomer(GREENLEAF, person(email), ORIGIN, true, { storeCard: proof })).toEqual({
        ok: false,
        code: 'CARD_NOT_FOUND',
        field: 'clubCard',
        message: STORE_CARD_NOT_FOUND_MESSAGE,
      });
    }
    expect(await counts()).toEqual(before);
    expect(await cardRow(card.clubCard)).toMatchObject({ customer_id: null, points: 300 });
  });

  it('gives an online registration a club card number no store card carries', async () => {
    const created = await registerCustomer(GREENLEAF, person(`plain-${dialect}@pantry.test`), ORIGIN);
    if (!created.ok || created.outcome !== 'created') throw new Error('not created');
    const account = await test.db
      .selectFrom('customers')
      .select('club_card')
      .where('id', '=', created.customerId)
      .executeTakeFirstOrThrow();
    expect(account.club_card).toMatch(/^\d{12}$/);
    expect(
      await test.db
        .selectFrom('loyalty_cards')
        .select('club_card')
        .where('club_card', '=', account.club_card)
        .execute(),
    ).toEqual([]);
    expect(created.steppedUp).toBeNull();
  });

  it('serves the lookup call: the answer for a card, 400 naming a malformed field, 404 on the business site', async () => {
    const found = await routeAnswer(
      lookupRoute.action,
      post('/api/session/lookup', { clubCard: '4400 2345 6789', phone: '(206) 555-0124' }),
    );
    expect(found).toMatchObject({ status: 200, body: { found: true, stepUp: true, firstName: 'Morgan' } });
    expect(found.headers.get('Cache-Control')).toBe('no-store');
    const bad = await routeAnswer(
      lookupRoute.action,
      post('/api/session/lookup', { clubCard: '1234', phone: '2065550124' }),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Enter the 12-digit number on your store card.' } },
    });
    const missing = await routeAnswer(lookupRoute.action, post('/api/session/lookup', { clubCard: '440023456789' }));
    expect(missing.body.error.message).toBe('Enter the 10-digit phone number on your store card.');
    const business = await routeAnswer(
      lookupRoute.action,
      post('/api/session/lookup', { clubCard: '440023456789', phone: '2065550124' }, 'business.localhost:3000'),
    );
    expect(business.status).toBe(404);
  });

  it('limits lookups on one card from one client, then answers 429 with Retry-After', async () => {
    const proof = { clubCard: '550000008888', phone: '2065550100' };
    for (let i = 0; i < 5; i++)
      expect((await routeAnswer(lookupRoute.action, post('/api/session/lookup', proof))).body).toEqual({
        found: false,
      });
    const refused = await routeAnswer(
      lookupRoute.action,
      post('/api/session/lookup', { ...proof, phone: '2065550101' }),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('counts one card’s tries from every client together: a fifth client past the ceiling is refused', async () => {
    const clubCard = '550000007777';
    for (let client = 1; client <= 4; client++)
      for (let i = 0; i < 5; i++)
        expect((await storeCardTriesAllowed(`10.0.0.${client}`, clubCard, 'step-up')).allowed).toBe(true);
    expect(await storeCardTriesAllowed('10.0.0.5', clubCard, 'step-up')).toMatchObject({ allowed: false });
    // Another card from that client is not refused.
    expect((await storeCardTriesAllowed('10.0.0.5', '550000007778', 'step-up')).allowed).toBe(true);
  });

  it('serves the step-up call: signs the new account in, and refuses a bad card with 400 naming the field', async () => {
    const card = await issueCard(650);
    const email = `api-${dialect}@pantry.test`;
    const body = { ...person(email), phone: card.phone, clubCard: card.clubCard };
    const before = await counts();
    const wrong = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', { ...body, phone: '2065550000' }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: { code: 'CARD_NOT_FOUND', message: STORE_CARD_NOT_FOUND_MESSAGE } },
    });
    const missing = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', { ...body, clubCard: undefined }),
    );
    expect(missing).toMatchObject({ status: 400, body: { error: { message: 'Send clubCard.' } } });
    const extra = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', { ...body, points: 99999 }),
    );
    expect(extra.status).toBe(400);
    expect(await counts()).toEqual(before);

    const done = await routeAnswer(stepUpRoute.action, post('/api/customers/register/stepup', body));
    expect(done.status).toBe(200);
    expect(done.body.redirectTo).toMatch(/\/oauth2\/v1\/authorize\?.*sessionToken=/);
    expect(done.headers.getSetCookie().length).toBeGreaterThan(0);
    const account = (await accountsWithCard(card.clubCard))[0]!;
    expect(account).toMatchObject({ email, house_id: card.houseId });
    expect(await pointsBalance(account.id)).toBe(650);

    const again = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', { ...body, email: `api-again-${dialect}@pantry.test` }),
    );
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'CARD_ALREADY_LINKED' } } });
  });

  it('answers the step-up call for an email that has an account exactly as for a new one', async () => {
    const card = await issueCard(120);
    const fresh = await issueCard(120);
    const known = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', {
        ...person('sam@pantry.test'),
        phone: card.phone,
        clubCard: card.clubCard,
      }),
    );
    const unknown = await routeAnswer(
      stepUpRoute.action,
      post('/api/customers/register/stepup', {
        ...person(`fresh-${dialect}@pantry.test`),
        phone: fresh.phone,
        clubCard: fresh.clubCard,
      }),
    );
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    expect(known.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(
      unknown.headers.getSetCookie().map((c) => c.split('=')[0]),
    );
    expect(await cardRow(card.clubCard)).toMatchObject({ customer_id: null, points: 120 });
    expect((await cardRow(fresh.clubCard)).customer_id).not.toBeNull();
  });
});
