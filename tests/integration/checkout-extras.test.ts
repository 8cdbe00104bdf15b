import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { addTender, customerAddresses, customerTenders, placeOrder } from '~/modules/orders/checkout.server';
import { addEbtCard, type CheckoutExtrasInput } from '~/modules/orders/checkout-payment.server';
import { EBT_MESSAGES } from '~/modules/orders/ebt-split';
import { saveEdit, startEdit } from '~/modules/orders/order-changes.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { changeTip } from '~/modules/orders/tip-edit.server';
import { TIP_MESSAGES } from '~/modules/orders/tip-rules';
import { listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { forgetCachedStores, storeById, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { saveCheckoutAddress, seededDeliveryWorld } from './support/fixtures';

const FIRST_ID = 720_001;
const dollars = (cents: number) => (cents / 100).toFixed(2);
const HOUR = 3_600_000;

/** Tips, EBT SNAP and delivery instructions at checkout (docs/decisions/0107-snap-ebt-tips-delivery-instructions.md). */
describe.each(DIALECTS)('tips, EBT SNAP and delivery instructions on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  /** $10.00 milk (SNAP eligible) and $5.00 paper towels (not). */
  let milk: number;
  let towels: number;
  const now = new Date();
  let serial = 0;

  async function newCustomer(): Promise<OrderCustomer> {
    const id = FIRST_ID + serial++;
    await test.db
      .insertInto('customers')
      .values({
        id,
        uuid: `00000000-0000-4000-a000-${String(id).padStart(12, '0')}`,
        email: `ebt${id}@pantry.test`,
        first_name: 'Robin',
        last_name: 'Shopper',
        phone: '2065550100',
        club_card: `3${String(id).padStart(11, '0')}`,
        house_id: `HH${id}`,
        banner_id: 'greenleaf',
        site_type: 'C',
        customer_type: 'C',
        company_name: null,
        tax_id: null,
        password_hash: null,
        zipcode: store.zipcode,
        store_id: store.id,
        preference: 'Delivery',
        email_verified: 1,
        phone_verified: 0,
        created_at: now.toISOString(),
      })
      .execute();
    return { customerId: id, bannerId: 'greenleaf', siteType: 'C' };
  }

  /** 2 milk and 1 paper towels ($25.00, $20.00 of it eligible), a held window, an address, a Visa and an EBT card. */
  async function readyCart(customer: OrderCustomer, kind: 'delivery' | 'pickup' = 'delivery') {
    const cartId = await cartForWriting(customer, null, store.id);
    await addToCart(cartId, milk, 2, store.id);
    await addToCart(cartId, towels, 1, store.id);
    const slots = (await listSlots(store, kind, now)).filter(
      (s) => (kind === 'pickup' ? s.kind === 'pickup' : s.kind === 'delivery-2h') && s.bookable,
    );
    const held = await reserveSlot({
      slotId: slots[serial % slots.length]!.id,
      cartId,
      customerId: customer.customerId,
      store,
      needsAttendedDelivery: false,
      now,
    });
    expect(held.ok).toBe(true);
    const addressId = await saveCheckoutAddress(customer, {
      address1: '12 Elm St',
      city: 'Seattle',
      state: 'wa',
      zipcode: '98101',
    });
    const tenderId = await addTender(customer.customerId, '4111111111111234', '12/30');
    const ebtId = await addEbtCard(customer.customerId, '5077123456789012');
    const view = await cartView({ cartId, ...customer, store, preference: 'Delivery' });
    const milkLine = view.lines.find((line) => line.productId === milk)!;
    // The store's price endings leave the shelf prices a little under whole dollars: read them from the cart.
    return { cartId, addressId, tenderId, ebtId, basketCents: view.totalCents, eligibleCents: milkLine.lineCents };
  }

  const extras = (over: Partial<CheckoutExtrasInput> = {}): CheckoutExtrasInput => ({
    tip: { choice: 'percent', percent: 10 },
    ebt: { tenderId: 0, amount: '', balance: '' },
    instructions: { gateCode: '4411', leaveAtDoor: true, deliveryNote: '<b>Ring twice</b>' },
    ...over,
  });

  async function place(
    customer: OrderCustomer,
    ready: Awaited<ReturnType<typeof readyCart>>,
    with_: CheckoutExtrasInput,
  ) {
    return placeOrder({
      customer,
      cartId: ready.cartId,
      store,
      preference: 'Delivery',
      addressId: ready.addressId,
      tenderId: ready.tenderId,
      extras: with_,
      now,
    });
  }

  const orderCount = async (customer: OrderCustomer) =>
    Number(
      (
        await test.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('customer_id', '=', customer.customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    const inAisle = async (...slugs: string[]) =>
      (
        await test.db
          .selectFrom('products as p')
          .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
          .select('p.id')
          .where('a.slug', 'in', slugs)
          .where('p.kind', '=', 'grocery')
          .where('p.attended_delivery_only', '=', 0)
          .orderBy('p.id')
          .executeTakeFirstOrThrow()
      ).id;
    milk = await inAisle('milk-cream');
    // The seed's first 300 products stop before household goods: one product becomes paper towels.
    towels = await inAisle('fresh-fruit');
    const paper = await test.db
      .selectFrom('aisles')
      .select('id')
      .where('slug', '=', 'paper-goods')
      .executeTakeFirstOrThrow();
    await test.db
      .updateTable('products')
      .set({ aisle_id: paper.id, name: 'Pantry Paper Towels, 6 rolls' })
      .where('id', '=', towels)
      .execute();
    await test.db.deleteFrom('store_product_overrides').where('product_id', 'in', [milk, towels]).execute();
    await test.db.updateTable('products').set({ base_price_cents: 1000 }).where('id', '=', milk).execute();
    await test.db.updateTable('products').set({ base_price_cents: 500 }).where('id', '=', towels).execute();
    // Shelf prices as they are (near whole dollars), and DriveUp & Go for the pickup order.
    await test.db
      .updateTable('stores')
      .set({ price_factor_bp: 10_000, has_dug: 1 })
      .where('id', '=', store.id)
      .execute();
    forgetCachedStores();
    store = (await storeById(store.id))!;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('marks the cart lines SNAP eligible by the rules: milk yes, household goods no', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    const view = await cartView({ cartId: ready.cartId, ...customer, store, preference: 'Delivery' });
    expect(view.lines.map((line) => [line.productId, line.snapEligible])).toEqual([
      [milk, true],
      [towels, false],
    ]);
  });

  it('places a split order: EBT pays eligible items up to the amount, the card the rest with fees and tip', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    const placed = await place(
      customer,
      ready,
      extras({ ebt: { tenderId: ready.ebtId, amount: dollars(ready.eligibleCents), balance: '50' } }),
    );
    expect(placed.ok).toBe(true);
    const row = await test.db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirstOrThrow();
    const tip = Math.round(ready.basketCents / 10);
    expect(row.tip_cents).toBe(tip);
    expect(row.ebt_cents).toBe(ready.eligibleCents);
    expect(row.ebt_tender_id).toBe(ready.ebtId);
    expect(row.total_cents).toBe(ready.basketCents + row.fees_cents + tip);
    // Fees and the tip are all on the card: the card part is the paper towels plus them.
    expect(row.total_cents - row.ebt_cents).toBe(ready.basketCents - ready.eligibleCents + row.fees_cents + tip);
    expect([row.gate_code, row.leave_at_door, row.delivery_note]).toEqual(['4411', 1, '<b>Ring twice</b>']);
    const summary = (await orderSummary(customer, row.order_number))!;
    expect(summary.payment).toBe(
      `EBT SNAP $${dollars(ready.eligibleCents)}, Visa ••1234 $${dollars(row.total_cents - ready.eligibleCents)}`,
    );
    expect(summary.instructions).toBe('Gate code 4411 · Leave at door · <b>Ring twice</b>');
    // The instructions are the address's own now, prefilled at the next checkout.
    const [address] = await customerAddresses(customer);
    expect(address!.instructions).toEqual({ gateCode: '4411', leaveAtDoor: true, deliveryNote: '<b>Ring twice</b>' });
    // The confirmation email shows the split and the instructions, escaped in HTML.
    const mail = await test.db
      .selectFrom('outbox')
      .select(['body', 'html_body'])
      .where('order_id', '=', placed.ok ? placed.orderId : -1)
      .where('kind', '=', 'order-placed')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(summary.payment);
    expect(mail.body).toContain('Delivery instructions: Gate code 4411 · Leave at door · <b>Ring twice</b>');
    expect(mail.html_body).toContain('&lt;b&gt;Ring twice&lt;/b&gt;');
    expect(mail.html_body).not.toContain('<b>Ring twice</b>');
  });

  it('words the instructions of a Spanish reader’s confirmation in Spanish, their own note as they wrote it', async () => {
    const customer = await newCustomer();
    await test.db
      .updateTable('customers')
      .set({ preferred_language: 'es' })
      .where('id', '=', customer.customerId)
      .execute();
    const placed = await place(customer, await readyCart(customer), extras());
    expect(placed.ok).toBe(true);
    const mail = await test.db
      .selectFrom('outbox')
      .select(['body', 'html_body'])
      .where('order_id', '=', placed.ok ? placed.orderId : -1)
      .where('kind', '=', 'order-placed')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(
      'Instrucciones de entrega: Código de acceso 4411 · Dejar en la puerta · <b>Ring twice</b>',
    );
    expect(mail.html_body).toContain('Código de acceso 4411 · Dejar en la puerta · &lt;b&gt;Ring twice&lt;/b&gt;');
    expect(mail.body).not.toMatch(/Gate code|Leave at door/);
  });

  it('never puts fees or the tip on EBT: an amount above the eligible items is refused and nothing is saved', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    const over = await place(
      customer,
      ready,
      extras({ ebt: { tenderId: ready.ebtId, amount: dollars(ready.eligibleCents + 1), balance: '500' } }),
    );
    expect(over).toEqual({ ok: false, code: 'EXTRAS', message: EBT_MESSAGES.OVER_ELIGIBLE });
    const balance = await place(
      customer,
      ready,
      extras({ ebt: { tenderId: ready.ebtId, amount: '15.00', balance: '14.99' } }),
    );
    expect(balance).toEqual({ ok: false, code: 'EXTRAS', message: EBT_MESSAGES.OVER_BALANCE });
    expect(await orderCount(customer)).toBe(0);
    // The cart is still active and the address's instructions untouched.
    const cart = await test.db
      .selectFrom('carts')
      .select('status')
      .where('id', '=', ready.cartId)
      .executeTakeFirstOrThrow();
    expect(cart.status).toBe('active');
    const [address] = await customerAddresses(customer);
    expect(address!.instructions).toEqual({ gateCode: '', leaveAtDoor: false, deliveryNote: '' });
  });

  it('refuses a tip of -5 or 10^9, and a tip on a pickup order, saving nothing', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    for (const amount of ['-5', '1000000000']) {
      const refused = await place(customer, ready, extras({ tip: { choice: 'custom', amount } }));
      expect(refused.ok).toBe(false);
      expect(refused.ok ? '' : 'message' in refused ? refused.message : '').toBe(
        `Enter a tip from $0.00 to $${dollars(ready.basketCents)} (at most $200.00 and never more than your groceries).`,
      );
    }
    expect(await orderCount(customer)).toBe(0);
    const picker = await newCustomer();
    const pickup = await readyCart(picker, 'pickup');
    const tipped = await place(picker, pickup, extras());
    expect(tipped).toEqual({ ok: false, code: 'EXTRAS', message: TIP_MESSAGES.PICKUP });
    expect(await orderCount(picker)).toBe(0);
    const untipped = await place(picker, pickup, extras({ tip: { choice: 'percent', percent: 0 } }));
    expect(untipped.ok).toBe(true);
  });

  it('lets the shopper change the tip until 24 hours after delivery, the card part taking the difference', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    const placed = await place(
      customer,
      ready,
      extras({ ebt: { tenderId: ready.ebtId, amount: '10', balance: '10' } }),
    );
    if (!placed.ok) throw new Error('not placed');
    const before = await test.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(await changeTip(customer, placed.orderNumber, { choice: 'custom', amount: '4.00' }, now)).toEqual({
      ok: true,
      tipCents: 400,
    });
    const current = before.total_cents - before.tip_cents + 400;
    const deliveredAt = new Date(now.getTime() - 23 * HOUR);
    await test.db
      .updateTable('orders')
      .set({
        status: 'DELIVERED',
        handed_over_at: deliveredAt.toISOString(),
        // A heavier pick: $1.50 more of groceries handed over than ordered.
        final_total_cents: current + 150,
      })
      .where('id', '=', placed.orderId)
      .execute();
    // 20 % of the groceries handed over: the final total less fees and the tip.
    const delivered = current + 150 - before.fees_cents - 400;
    const twenty = Math.round(delivered / 5);
    expect(await changeTip(customer, placed.orderNumber, { choice: 'percent', percent: 20 }, now)).toEqual({
      ok: true,
      tipCents: twenty,
    });
    const after = await test.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(after.tip_cents).toBe(twenty);
    expect(after.total_cents).toBe(current - 400 + twenty);
    expect(after.final_total_cents).toBe(current + 150 - 400 + twenty);
    expect(after.ebt_cents).toBe(1000);
    const late = new Date(deliveredAt.getTime() + 24 * HOUR + 1);
    expect(await changeTip(customer, placed.orderNumber, { choice: 'percent', percent: 5 }, late)).toEqual({
      ok: false,
      code: 'REFUSED',
      message: TIP_MESSAGES.WINDOW,
    });
    expect(await changeTip(customer, placed.orderNumber, { choice: 'custom', amount: '-5' }, now)).toMatchObject({
      ok: false,
      code: 'REFUSED',
    });
    const stranger = await newCustomer();
    expect(await changeTip(stranger, placed.orderNumber, { choice: 'percent', percent: 5 }, now)).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    const unchanged = await test.db
      .selectFrom('orders')
      .select('tip_cents')
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    expect(unchanged.tip_cents).toBe(twenty);
  });

  it('keeps the EBT part within the eligible items and the tip within its cap when the order is edited', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    const placed = await place(
      customer,
      ready,
      extras({ ebt: { tenderId: ready.ebtId, amount: dollars(ready.eligibleCents), balance: '100' } }),
    );
    if (!placed.ok) throw new Error('not placed');
    const edit = await startEdit(customer, placed.orderNumber, now);
    if (!edit.ok) throw new Error(edit.code);
    // One milk instead of two: half the eligible items are left for EBT.
    await setQuantity(edit.cartId, milk, 1, store.id);
    const saved = await saveEdit(customer, placed.orderNumber, now);
    if (!saved.ok) throw new Error(saved.code);
    const row = await test.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    const oneMilk = ready.eligibleCents / 2;
    expect(row.ebt_cents).toBe(oneMilk);
    expect(row.tip_cents).toBe(Math.round(ready.basketCents / 10));
    expect(row.total_cents).toBe(ready.basketCents - oneMilk + row.fees_cents + row.tip_cents);
  });

  it('keeps EBT cards apart from the cards a checkout or delivery pass charges', async () => {
    const customer = await newCustomer();
    const ready = await readyCart(customer);
    expect((await customerTenders(customer.customerId)).map((t) => t.id)).toEqual([ready.tenderId]);
    const onEbtAlone = await placeOrder({
      customer,
      cartId: ready.cartId,
      store,
      preference: 'Delivery',
      addressId: ready.addressId,
      tenderId: ready.ebtId,
      now,
    });
    expect(onEbtAlone).toEqual({ ok: false, code: 'NO_TENDER' });
  });
});
