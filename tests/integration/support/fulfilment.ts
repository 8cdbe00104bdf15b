import type { Kysely } from 'kysely';
import type { Database, Substitution } from '~/db/schema';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { isSoldByWeight } from '~/modules/fulfilment/line-rules';

let sequence = 0;

export interface LineSpec {
  productId: number;
  quantity: number;
  unitPriceCents: number;
  substitution?: Substitution;
  savingsCents?: number;
}

/** A pending order written straight into the tables, its slot starting `startsInHours` from now. */
export async function insertPendingOrder(
  db: Kysely<Database>,
  input: {
    customer: OrderCustomer;
    storeId: number;
    pickup?: boolean;
    lines: LineSpec[];
    now?: Date;
    startsInHours?: number;
    feesCents?: number;
  },
) {
  const now = input.now ?? new Date();
  const start = new Date(now.getTime() + (input.startsInHours ?? 3) * 3_600_000);
  sequence += 1;
  const orderNumber = `${input.customer.siteType}7${String(sequence + 100_000 * Math.floor(Math.random() * 60)).padStart(7, '0')}`;
  const subtotal = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const savings = input.lines.reduce((sum, line) => sum + (line.savingsCents ?? 0), 0);
  const fees = input.feesCents ?? 0;
  const order = await db
    .insertInto('orders')
    .values({
      order_number: orderNumber,
      site_type: input.customer.siteType,
      customer_id: input.customer.customerId,
      banner_id: input.customer.bannerId,
      store_id: input.storeId,
      status: 'PENDING',
      fulfillment: input.pickup ? 'DUG' : 'DELIVERY',
      slot_start: start.toISOString(),
      slot_end: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      subtotal_cents: subtotal,
      savings_cents: savings,
      fees_cents: fees,
      total_cents: subtotal - savings + fees,
      placed_at: now.toISOString(),
      cutoff_at: new Date(start.getTime() - 3_600_000).toISOString(),
      address_id: null,
      address_text: input.pickup ? null : '12 Elm St, Seattle, WA 98101',
      tender_id: null,
      slot_id: null,
      slot_kind: input.pickup ? 'pickup' : 'delivery-2h',
      cancelled_at: null,
      updated_at: now.toISOString(),
      picker_id: null,
      driver_id: null,
      arrival_start: null,
      arrival_end: null,
      checked_in_at: null,
      parking_spot: null,
      handed_over_at: null,
      final_total_cents: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(
      input.lines.map((line) => ({
        order_id: order.id,
        product_id: line.productId,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        substitution: line.substitution ?? 'allow',
        savings_cents: line.savingsCents ?? 0,
      })),
    )
    .execute();
  return { orderId: order.id, orderNumber };
}

/** Products a picking test needs: one sold by weight, and an aisle with at least four grocery products. */
export async function pickingProducts(db: Kysely<Database>) {
  const loose = await db
    .selectFrom('products as p')
    .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
    .innerJoin('departments as d', 'd.id', 'a.department_id')
    .select([
      'p.id',
      'p.size_quantity',
      'p.size_unit',
      'p.size_label',
      'p.base_price_cents',
      'd.slug as department_slug',
    ])
    .where('p.kind', '=', 'grocery')
    .where('p.size_unit', '=', 'lb')
    .orderBy('p.id')
    .execute();
  const weighed = loose.find((product) => isSoldByWeight(product));
  if (!weighed) throw new Error('the seeded catalogue has no product sold by weight');
  const aisle = await db
    .selectFrom('products')
    .select(['aisle_id'])
    .where('kind', '=', 'grocery')
    .where('aisle_id', 'is not', null)
    .where('size_unit', '!=', 'lb')
    .groupBy('aisle_id')
    .having((eb) => eb.fn.countAll(), '>=', 4)
    .orderBy('aisle_id')
    .executeTakeFirstOrThrow();
  const inAisle = await db
    .selectFrom('products')
    .select(['id', 'base_price_cents'])
    .where('aisle_id', '=', aisle.aisle_id)
    .where('kind', '=', 'grocery')
    .where('size_unit', '!=', 'lb')
    .orderBy('id')
    .execute();
  const otherAisle = await db
    .selectFrom('products')
    .select('id')
    .where('kind', '=', 'grocery')
    .where('aisle_id', '!=', aisle.aisle_id!)
    .where('size_unit', '!=', 'lb')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return {
    weighed: { id: weighed.id, sizeQuantity: Number(weighed.size_quantity), priceCents: weighed.base_price_cents },
    inAisle: inAisle.map((row) => ({ id: row.id, priceCents: row.base_price_cents })),
    otherAisleId: otherAisle.id,
  };
}
