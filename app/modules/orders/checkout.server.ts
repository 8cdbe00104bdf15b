import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { appEnv } from '~/modules/config/env.server';
import { cartView, keepShippedLines, type CartView } from '~/modules/cart/cart-view.server';
import { newAddressSchema } from '~/modules/customers/address-rules';
import { creditReferralAtFirstOrder } from '~/modules/customers/referrals.server';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import { addAddress as addCustomerAddress, listAddresses, type AddResult } from '~/modules/customers/addresses.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { heldSlot } from '~/modules/slots/slots.server';
import { ORDER_CUTOFF_MS } from '~/modules/slots/slot-rules';
import type { Store } from '~/modules/stores/stores.server';
import { deliveryFeeFor } from '~/modules/subscriptions/subscriptions.server';
import { cardBrand, ORDER_STATUS, type OrderCustomer, type Refusal } from './order-rules';
import {
  CheckoutExtrasRefusedError,
  resolveExtras,
  saveAddressInstructions,
  type CheckoutExtrasInput,
} from './checkout-payment.server';
import { paymentSplitLabel } from './ebt-split';
import { instructionsText } from './delivery-instructions';
import { promoForOrder, PromoRefusedError, redeemPromo } from './promo-codes.server';
import type { PromoRefusal } from './promo-rules';

/**
 * The next order number of the site's own series (C… consumer, B… business): one conditional
 * increment of the series row, so two orders never share a number on either dialect.
 */
export async function nextOrderNumber(siteType: 'C' | 'B', tx: Transaction<Database>): Promise<string> {
  const row = await tx
    .updateTable('order_sequences')
    .set((eb) => ({ next_value: eb('next_value', '+', 1) }))
    .where('site_type', '=', siteType)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return `${siteType}${row.next_value - 1}`;
}

/** Checkout's delivery addresses: the one selected for deliveries on this banner first (and marked). */
export async function customerAddresses(customer: Pick<OrderCustomer, 'customerId' | 'bannerId'>) {
  const [addresses, instructions] = await Promise.all([
    listAddresses(customer.customerId, customer.bannerId),
    db()
      .selectFrom('customer_addresses')
      .select(['id', 'gate_code', 'leave_at_door', 'delivery_note'])
      .where('customer_id', '=', customer.customerId)
      .execute(),
  ]);
  const instructionsOf = new Map(instructions.map((row) => [row.id, row]));
  return addresses
    .filter((address) => address.purposes.includes('DELIVERY'))
    .map((address) => {
      const saved = instructionsOf.get(address.addressId);
      return {
        id: address.addressId,
        name: address.addressName,
        line: [address.address1, address.address2].filter(Boolean).join(', '),
        city: `${address.city}, ${address.stateCode} ${address.postalCode}`,
        selected: address.selectedPurposes.includes('DELIVERY'),
        instructions: {
          gateCode: saved?.gate_code ?? '',
          leaveAtDoor: saved?.leave_at_door === 1,
          deliveryNote: saved?.delivery_note ?? '',
        },
      };
    });
}

/**
 * Checkout's quick address form goes through the address book: the ZIP code must lie in the state, the
 * same place is not saved twice, and the address becomes the selected delivery address on this banner.
 */
export async function addAddress(
  customer: Pick<OrderCustomer, 'customerId' | 'bannerId'>,
  input: { address1: string; address2: string; city: string; state: string; zipcode: string },
): Promise<AddResult> {
  const parsed = newAddressSchema.safeParse({
    addressName: 'Delivery',
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    stateCode: input.state,
    postalCode: input.zipcode,
    addressTypes: ['DELIVERY', 'BILLING'],
    purposes: ['DELIVERY'],
    isSelectedAddress: true,
    selectedAddressPurposes: ['DELIVERY'],
  });
  if (!parsed.success) {
    return { ok: false, code: 'INVALID_ADDRESS', message: parsed.error.issues[0]?.message ?? 'Check the address.' };
  }
  return addCustomerAddress(customer.customerId, customer.bannerId, parsed.data);
}

export async function customerTenders(customerId: number) {
  const rows = await db()
    .selectFrom('customer_tenders')
    .select(['id', 'brand', 'last_four', 'expiry'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'card')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, brand: row.brand, lastFour: row.last_four, expiry: row.expiry }));
}

/**
 * Saves a card as a tender: a random token and the last four digits. The number itself is used for the
 * brand and last four and then dropped; no card is charged or sent anywhere (Pantry processes no payments).
 */
export async function addTender(customerId: number, cardNumber: string, expiry: string) {
  const row = await db()
    .insertInto('customer_tenders')
    .values({
      customer_id: customerId,
      token: `tok_${randomBytes(12).toString('hex')}`,
      brand: cardBrand(cardNumber),
      last_four: cardNumber.slice(-4),
      expiry,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PlaceResult =
  | { ok: true; orderId: number; orderNumber: string; cutoffAt: string }
  | Refusal
  | PromoRefusal
  | CheckoutExtrasRefusedError['refusal'];

/** An order's lines, copied from the available cart lines (with the shopper's substitution and note). */
export async function insertOrderLines(
  tx: Transaction<Database>,
  orderId: number,
  lines: Pick<
    CartView['lines'][number],
    'productId' | 'quantity' | 'unitPriceCents' | 'substitution' | 'note' | 'savingsCents'
  >[],
) {
  await tx
    .insertInto('order_items')
    .values(
      lines.map((line) => ({
        order_id: orderId,
        product_id: line.productId,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        substitution: line.substitution,
        note: line.note,
        savings_cents: line.savingsCents,
      })),
    )
    .execute();
}

/** Places the cart as an order: its available lines, the held slot (kept by the order), address and card. */
export async function placeOrder(input: {
  customer: OrderCustomer;
  cartId: string | null;
  store: Store;
  preference: string | null;
  addressId: number;
  tenderId: number;
  /** The shopper's origin, for the link in the confirmation email (callers outside a request: the local store). */
  origin?: string;
  /** Flag referralProgramEnabled: a referred customer's first order credits both (decision 0098). */
  referralsEnabled?: boolean;
  /** Tip, EBT part and delivery instructions (decision 0107); without them: no tip, all on the card, the address's instructions. */
  extras?: CheckoutExtrasInput;
  now?: Date;
}): Promise<PlaceResult> {
  const { customer } = input;
  const now = input.now ?? new Date();
  const view = await cartView({
    cartId: input.cartId,
    customerId: customer.customerId,
    bannerId: customer.bannerId,
    store: input.store,
    preference: input.preference,
  });
  const lines = view.lines.filter((line) => line.available);
  if (!input.cartId || lines.length === 0) return { ok: false, code: 'EMPTY_CART' };
  const hold = await heldSlot(input.cartId, input.store.timezone, now);
  if (!hold) return { ok: false, code: 'NO_SLOT' };
  if (hold.storeId !== input.store.id) return { ok: false, code: 'SLOT_STORE' };
  if (view.needsAttendedDelivery && hold.kind !== 'delivery-1h' && hold.kind !== 'delivery-2h')
    return { ok: false, code: 'ATTENDED_ONLY' };
  const address = await db()
    .selectFrom('customer_addresses')
    .select([
      'id',
      'address1',
      'address2',
      'city',
      'state_code',
      'postal_code',
      'gate_code',
      'leave_at_door',
      'delivery_note',
    ])
    .where('id', '=', input.addressId)
    .where('customer_id', '=', customer.customerId)
    .executeTakeFirst();
  if (!address && hold.kind !== 'pickup') return { ok: false, code: 'NO_ADDRESS' };
  const tender = await db()
    .selectFrom('customer_tenders')
    .select(['id', 'brand', 'last_four'])
    .where('id', '=', input.tenderId)
    .where('customer_id', '=', customer.customerId)
    .where('kind', '=', 'card')
    .executeTakeFirst();
  if (!tender) return { ok: false, code: 'NO_TENDER' };
  const fee = await deliveryFeeFor(customer, hold, view.totalCents, now);
  const fulfilment = hold.kind === 'pickup' ? 'pickup' : 'delivery';
  const delivered = fulfilment === 'delivery' && address ? address : null;
  const instructions = !delivered
    ? { gateCode: '', leaveAtDoor: false, deliveryNote: '' }
    : (input.extras?.instructions ?? {
        gateCode: delivered.gate_code,
        leaveAtDoor: delivered.leave_at_door === 1,
        deliveryNote: delivered.delivery_note,
      });

  const cutoffAt = new Date(new Date(hold.startsAt).getTime() - ORDER_CUTOFF_MS).toISOString();
  const placing = db()
    .transaction()
    .execute(async (tx) => {
      // The cart is ordered once: a second submit of the same cart finds it no longer active.
      const claimed = await tx
        .updateTable('carts')
        .set({ status: 'ordered', updated_at: now.toISOString() })
        .where('id', '=', input.cartId!)
        .where('customer_id', '=', customer.customerId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return null;
      // The applied promo code, checked again here: it applies to the basket after clipped-offer savings.
      const promo = await promoForOrder(tx, customer, input.cartId!, view.totalCents, now);
      const promoCents = promo?.discountCents ?? 0;
      const extras = await resolveExtras(
        tx,
        customer.customerId,
        { lines, basketCents: view.totalCents, promoCents, feesCents: fee.feeCents, fulfilment },
        input.extras ?? {
          tip: { choice: 'percent', percent: 0 },
          ebt: { tenderId: 0, amount: '', balance: '' },
          instructions,
        },
        customer.language,
      );
      const totalCents = view.totalCents - promoCents + fee.feeCents + extras.tipCents;
      const orderNumber = await nextOrderNumber(customer.siteType, tx);
      const order = await tx
        .insertInto('orders')
        .values({
          order_number: orderNumber,
          site_type: customer.siteType,
          customer_id: customer.customerId,
          banner_id: customer.bannerId,
          store_id: input.store.id,
          status: ORDER_STATUS.pending,
          fulfillment: hold.kind === 'pickup' ? 'DUG' : 'DELIVERY',
          slot_start: hold.startsAt,
          slot_end: hold.endsAt,
          subtotal_cents: view.subtotalCents,
          savings_cents: view.savingsCents,
          fees_cents: fee.feeCents,
          total_cents: totalCents,
          promo_code: promo?.code ?? null,
          promo_cents: promoCents,
          placed_at: now.toISOString(),
          cutoff_at: cutoffAt,
          address_id: address?.id ?? null,
          address_text: address
            ? [address.address1, address.address2, `${address.city}, ${address.state_code} ${address.postal_code}`]
                .filter(Boolean)
                .join(', ')
            : null,
          tender_id: tender.id,
          slot_id: hold.slotId,
          slot_kind: hold.kind,
          cancelled_at: null,
          updated_at: now.toISOString(),
          tip_cents: extras.tipCents,
          ebt_cents: extras.ebtCents,
          ebt_tender_id: extras.ebtTenderId,
          gate_code: instructions.gateCode,
          leave_at_door: instructions.leaveAtDoor ? 1 : 0,
          delivery_note: instructions.deliveryNote,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (promo) await redeemPromo(tx, customer, promo, order.id, now);
      if (delivered && input.extras) await saveAddressInstructions(tx, customer.customerId, delivered.id, instructions);
      await insertOrderLines(tx, order.id, lines);
      await creditReferralAtFirstOrder(tx, {
        customerId: customer.customerId,
        orderId: order.id,
        orderNumber,
        enabled: input.referralsEnabled ?? false,
        now,
      });
      await tx.updateTable('carts').set({ order_id: order.id }).where('id', '=', input.cartId!).execute();
      await keepShippedLines(
        tx,
        input.cartId!,
        { customerId: customer.customerId, bannerId: customer.bannerId, siteType: customer.siteType },
        input.store.id,
      );
      // The order keeps the held place: no expiry, tied to the order.
      await tx
        .updateTable('slot_holds')
        .set({ order_id: order.id, expires_at: null, cart_id: null })
        .where('id', '=', hold.holdId)
        .execute();
      const { email } = await tx
        .selectFrom('customers')
        .select('email')
        .where('id', '=', customer.customerId)
        .executeTakeFirstOrThrow();
      const origin = input.origin ?? `http://localhost:${appEnv().PORT}`;
      // In the order's transaction: the confirmation exists exactly when the order does.
      await queueMessage(tx, {
        kind: 'order-placed',
        to: email,
        bannerId: customer.bannerId,
        storeId: input.store.id,
        orderId: order.id,
        data: {
          orderNumber,
          fulfilment,
          window: { startsAt: hold.startsAt, endsAt: hold.endsAt, timezone: input.store.timezone },
          storeName: input.store.name,
          address: address
            ? [address.address1, address.address2, `${address.city}, ${address.state_code} ${address.postal_code}`]
                .filter(Boolean)
                .join(', ')
            : null,
          lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, lineCents: line.lineCents })),
          subtotalCents: view.subtotalCents,
          savingsCents: view.savingsCents,
          feesCents: fee.feeCents,
          promoCents,
          tipCents: extras.tipCents,
          totalCents,
          payment: paymentSplitLabel({
            ebtCents: extras.ebtCents,
            cardCents: totalCents - extras.ebtCents,
            card: { brand: tender.brand, lastFour: tender.last_four },
          }),
          instructions: instructionsText(instructions) ? instructions : null,
          orderUrl: `${origin}/account/order-summary.html?orderNumber=${orderNumber}`,
        },
      });
      return { orderId: order.id, orderNumber };
    });
  let placed: Awaited<typeof placing>;
  try {
    placed = await placing;
  } catch (error) {
    // The transaction rolled back: the cart is still active, no order, no number, no redemption.
    if (error instanceof PromoRefusedError) return error.refusal;
    if (error instanceof CheckoutExtrasRefusedError) return error.refusal;
    throw error;
  }
  if (!placed) return { ok: false, code: 'EMPTY_CART' };
  await noteStoreChange(input.store.id);
  return { ok: true, ...placed, cutoffAt };
}
