import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, useDatabaseForTests } from '~/db/db.server';
import { parseHost } from '~/modules/banners/hosts';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart } from '~/modules/cart/cart-lines.server';
import { REFERRAL_MESSAGES, REFERRAL_POINTS } from '~/modules/customers/referral-rules';
import {
  checkReferralCode,
  creditReferralAtFirstOrder,
  giveReferralCode,
  REFERRAL_CODE_TRIES,
  referralCode,
  referralSummary,
} from '~/modules/customers/referrals.server';
import { registerCustomer } from '~/modules/identity/registration.server';
import { addTender, placeOrder } from '~/modules/orders/checkout.server';
import { cancelOrder } from '~/modules/orders/order-changes.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { deliverableGroceries, saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const JORDAN = 500001; // the referrer: a consumer customer of greenleaf
const CAFE = 500003; // a business customer
const CONSUMER_HOST = parseHost('localhost:3600', 'local-origin');
const ORIGIN = 'http://localhost:3600';

describe.each(DIALECTS)('refer a friend (flag referralProgramEnabled) on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  let productIds: number[];
  let jordanCode: string;
  let slotIndex = 0;
  const now = new Date();

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    productIds = await deliverableGroceries(test.db, 2);
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  let signUps = 0;
  /** A new consumer account through registration, with the referral a checked code gave (or none). */
  async function signUp(referral: { referrerId: number; code: string } | null, phone?: string) {
    signUps += 1;
    const created = await registerCustomer(
      CONSUMER_HOST,
      {
        firstName: 'Friend',
        lastName: `Number${signUps}`,
        email: `friend-${signUps}-${dialect}@pantry.test`,
        phone: phone ?? `20655501${String(signUps).padStart(2, '0')}`,
        password: 'Fresh-basil-42',
        zipcode: '98101',
      },
      ORIGIN,
      true,
      { referral },
    );
    if (!created.ok || created.outcome !== 'created') throw new Error('sign-up failed');
    return created.customerId;
  }

  const addresses = new Map<number, { addressId: number; tenderId: number }>();
  /** Places an order for the customer (a cart of two products, a held 2-hour delivery window). */
  async function place(
    customerId: number,
    referralsEnabled = true,
    address: { address1: string; address2?: string; city: string; state: string; zipcode: string } = {
      address1: '12 Elm St',
      city: 'Seattle',
      state: 'wa',
      zipcode: '98101',
    },
  ) {
    const customer: OrderCustomer = { customerId, bannerId: 'greenleaf', siteType: 'C' };
    let ids = addresses.get(customerId);
    if (!ids) {
      ids = {
        addressId: await saveCheckoutAddress(customer, address),
        tenderId: await addTender(customerId, '4111111111111111', '12/30'),
      };
      addresses.set(customerId, ids);
    }
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, productIds[0]!, 1, store.id);
    await addToCart(cartId, productIds[1]!, 1, store.id);
    const slot = (await listSlots(store, 'delivery', now)).filter((s) => s.kind === 'delivery-2h' && s.bookable)[
      slotIndex++
    ]!;
    const held = await reserveSlot({ slotId: slot.id, cartId, customerId, store, needsAttendedDelivery: false, now });
    expect(held.ok).toBe(true);
    const result = await placeOrder({ customer, cartId, store, preference: 'Delivery', ...ids, referralsEnabled, now });
    if (!result.ok) throw new Error(`order refused: ${result.code}`);
    return result;
  }

  const referralPoints = async (customerId: number) =>
    (
      await test.db
        .selectFrom('reward_ledger')
        .select(['points', 'description'])
        .where('customer_id', '=', customerId)
        .where('reason', '=', 'referral')
        .orderBy('id')
        .execute()
    ).map((row) => row.points);

  it('gives every account its own code with the account, keeps it, and draws again a code already taken', async () => {
    jordanCode = (await referralCode(JORDAN))!;
    expect(jordanCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(await referralCode(500002)).not.toBe(jordanCode);
    expect(await giveReferralCode(db(), JORDAN, now)).toBe(jordanCode);

    const friend = await signUp(null);
    const code = await referralCode(friend);
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    // Jordan's code drawn again for someone else: skipped, and the next draw is theirs.
    await test.db.deleteFrom('referral_codes').where('customer_id', '=', friend).execute();
    const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
    const bytes = [...jordanCode, ...'22222222'].map((char) => alphabet.indexOf(char));
    let next = 0;
    expect(await giveReferralCode(db(), friend, now, () => bytes[next++]!)).toBe('22222222');
    // Two gives at once agree on one code.
    await test.db.deleteFrom('referral_codes').where('customer_id', '=', friend).execute();
    const [a, b] = await Promise.all([giveReferralCode(db(), friend, now), giveReferralCode(db(), friend, now)]);
    expect(a).toBe(b);
  });

  it('checks a typed code: none is fine; a known consumer code, typed loosely, names its owner', async () => {
    const client = { clientKey: `check-${dialect}`, siteType: 'C' as const };
    expect(await checkReferralCode('', client)).toEqual({ ok: true, referral: null });
    expect(await checkReferralCode(undefined, client)).toEqual({ ok: true, referral: null });
    const loose = `${jordanCode.slice(0, 4).toLowerCase()}-${jordanCode.slice(4)}`;
    expect(await checkReferralCode(loose, client)).toEqual({
      ok: true,
      referral: { referrerId: JORDAN, code: jordanCode },
    });
    expect(await checkReferralCode('ABC', client)).toEqual({ ok: false, message: REFERRAL_MESSAGES.format });
    const unknown = jordanCode === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    expect(await checkReferralCode(unknown, client)).toEqual({ ok: false, message: REFERRAL_MESSAGES.unknown });
    // The business site has no programme, and a business account's code is no code.
    expect(await checkReferralCode(jordanCode, { ...client, siteType: 'B' })).toMatchObject({ ok: false });
    const cafeCode = (await referralCode(CAFE))!;
    expect(await checkReferralCode(cafeCode, client)).toEqual({ ok: false, message: REFERRAL_MESSAGES.unknown });
  });

  it('stops a client guessing codes after a few tries, and says when to try again', async () => {
    const client = { clientKey: `guesser-${dialect}`, siteType: 'C' as const, nowMs: now.getTime() };
    for (let n = 0; n < REFERRAL_CODE_TRIES.limit; n++)
      expect(await checkReferralCode('ZZZZZZZZ', client)).toMatchObject({
        ok: false,
        message: REFERRAL_MESSAGES.unknown,
      });
    const refused = await checkReferralCode(jordanCode, client);
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many referral codes tried/) });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another client is not held back.
    expect(await checkReferralCode(jordanCode, { ...client, clientKey: `other-${dialect}` })).toMatchObject({
      ok: true,
    });
  });

  it('records the referral at sign-up, and nothing for an email that already has an account', async () => {
    const friend = await signUp({ referrerId: JORDAN, code: jordanCode });
    expect(
      await test.db.selectFrom('referrals').selectAll().where('referee_id', '=', friend).executeTakeFirst(),
    ).toMatchObject({ referrer_id: JORDAN, code: jordanCode, credited_order_id: null });
    const before = await test.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const again = await registerCustomer(
      CONSUMER_HOST,
      {
        firstName: 'Jordan',
        lastName: 'Rivera',
        email: 'jordan@pantry.test',
        phone: '2065550999',
        password: 'Fresh-basil-42',
        zipcode: '98101',
      },
      ORIGIN,
      true,
      { referral: { referrerId: 500002, code: 'ABCD2345' } },
    );
    expect(again).toMatchObject({ ok: true, outcome: 'existing' });
    const after = await test.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(await referralSummary(JORDAN)).toMatchObject({ friendsJoined: 1, friendsCredited: 0, pointsEarned: 0 });
  });

  it("credits both at the friend's first order, exactly once: not at the second", async () => {
    const friend = await signUp({ referrerId: JORDAN, code: jordanCode });
    const jordanBefore = await referralPoints(JORDAN);
    const first = await place(friend);
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS]);
    expect(await referralPoints(JORDAN)).toEqual([...jordanBefore, REFERRAL_POINTS]);
    const row = await test.db.selectFrom('referrals').selectAll().where('referee_id', '=', friend).executeTakeFirst();
    expect(row).toMatchObject({ credited_order_id: first.orderId });
    await place(friend);
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS]);
    expect(await referralPoints(JORDAN)).toEqual([...jordanBefore, REFERRAL_POINTS]);
    // The friend's description names their order; Jordan's does not (it is the friend's business).
    const descriptions = await test.db
      .selectFrom('reward_ledger')
      .select(['customer_id', 'description'])
      .where('reason', '=', 'referral')
      .where('customer_id', 'in', [friend, JORDAN])
      .execute();
    expect(descriptions.find((d) => d.customer_id === friend)?.description).toContain(first.orderNumber);
    expect(
      descriptions
        .filter((d) => d.customer_id === JORDAN)
        .map((d) => d.description)
        .join(),
    ).not.toContain(first.orderNumber);
  });

  it('gives the points back when the first order is cancelled, and credits the next order instead', async () => {
    const friend = await signUp({ referrerId: JORDAN, code: jordanCode });
    const first = await place(friend);
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS]);
    const cancelled = await cancelOrder(
      { customerId: friend, bannerId: 'greenleaf', siteType: 'C' },
      first.orderNumber,
    );
    expect(cancelled).toEqual({ ok: true });
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS, -REFERRAL_POINTS]);
    const row = await test.db.selectFrom('referrals').selectAll().where('referee_id', '=', friend).executeTakeFirst();
    expect(row).toMatchObject({ credited_order_id: null, credited_at: null });
    const next = await place(friend);
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS, -REFERRAL_POINTS, REFERRAL_POINTS]);
    expect(
      await test.db
        .selectFrom('referrals')
        .select('credited_order_id')
        .where('referee_id', '=', friend)
        .executeTakeFirst(),
    ).toEqual({ credited_order_id: next.orderId });
  });

  it('credits nothing with the flag off, nor later: the order that followed was not the first', async () => {
    const friend = await signUp({ referrerId: JORDAN, code: jordanCode });
    const jordanBefore = await referralPoints(JORDAN);
    await place(friend, false);
    expect(await referralPoints(friend)).toEqual([]);
    await place(friend, true);
    expect(await referralPoints(friend)).toEqual([]);
    expect(await referralPoints(JORDAN)).toEqual(jordanBefore);
  });

  it("credits no one for a self-referral: the referrer's phone number, or an order to the referrer's address", async () => {
    const jordan = await test.db
      .selectFrom('customers')
      .select('phone')
      .where('id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    const samePhone = await signUp({ referrerId: JORDAN, code: jordanCode }, jordan.phone);
    await place(samePhone);
    expect(await referralPoints(samePhone)).toEqual([]);

    const jordanAddress = await test.db
      .selectFrom('customer_addresses')
      .select(['address1', 'address2', 'city', 'state_code', 'postal_code'])
      .where('customer_id', '=', JORDAN)
      .executeTakeFirstOrThrow();
    const sameAddress = await signUp({ referrerId: JORDAN, code: jordanCode });
    await place(sameAddress, true, {
      address1: jordanAddress.address1,
      address2: jordanAddress.address2,
      city: jordanAddress.city,
      state: jordanAddress.state_code,
      zipcode: jordanAddress.postal_code,
    });
    expect(await referralPoints(sameAddress)).toEqual([]);
  });

  it('credits once when two first orders are placed at the same moment', async () => {
    const friend = await signUp({ referrerId: JORDAN, code: jordanCode });
    /** An order row and the credit, in one transaction, as placement does. */
    const placeBare = (n: number) =>
      db()
        .transaction()
        .execute(async (tx) => {
          const order = await tx
            .insertInto('orders')
            .values({
              order_number: `C9${dialect === 'postgres' ? 1 : 2}${String(friend).slice(-4)}${n}`,
              site_type: 'C',
              customer_id: friend,
              banner_id: 'greenleaf',
              store_id: store.id,
              status: 'PENDING',
              fulfillment: 'DELIVERY',
              slot_start: now.toISOString(),
              slot_end: now.toISOString(),
              subtotal_cents: 100,
              savings_cents: 0,
              fees_cents: 0,
              total_cents: 100,
              placed_at: now.toISOString(),
              cutoff_at: now.toISOString(),
              address_id: null,
              address_text: null,
              tender_id: null,
              slot_id: null,
              slot_kind: null,
              cancelled_at: null,
              updated_at: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return creditReferralAtFirstOrder(tx, {
            customerId: friend,
            orderId: order.id,
            orderNumber: `n${n}`,
            enabled: true,
            now,
          });
        });
    const credited = await Promise.all([placeBare(1), placeBare(2), placeBare(3)]);
    expect(credited.filter(Boolean)).toHaveLength(1);
    expect(await referralPoints(friend)).toEqual([REFERRAL_POINTS]);
  });
});
