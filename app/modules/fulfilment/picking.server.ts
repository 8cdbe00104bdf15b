import { sql, type Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database, Substitution } from '~/db/schema';
import { storePricing, productPrice } from '~/modules/catalog/product-card-select.server';
import { noteStoreChange } from '~/modules/http/state-versions.server';
import { storeById, type Store } from '~/modules/stores/stores.server';
import { queueSubstitutionRequest } from './order-messages.server';
import { bumpVersion } from './order-events.server';
import {
  answerDueAt,
  chargeFor,
  checkPick,
  isSoldByWeight,
  type LineRefusal,
  type OrderedLine,
  type PickInput,
} from './line-rules';
import { STATUS, type FulfilmentRefusal, type StaffAtStore } from './order-states';

/** How many substitutes the pick list offers for a line. */
const SUBSTITUTE_CHOICES = 6;

/** The order at the staff member's store (another store's order is not found). */
export async function orderAtStore(conn: Kysely<Database>, staff: StaffAtStore, orderNumber: string) {
  return conn
    .selectFrom('orders')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('store_id', '=', staff.storeId)
    .executeTakeFirst();
}

function pricingFor(store: Store, siteType: string) {
  return storePricing(store, siteType === 'B' ? 'business' : 'consumer');
}

/** The ordered lines with what the picker did to each, in the store's aisle order (department, aisle, name). */
export async function orderLines(conn: Kysely<Database>, orderId: number) {
  const rows = await conn
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('aisles as a', 'a.id', 'p.aisle_id')
    .leftJoin('departments as d', 'd.id', 'a.department_id')
    .leftJoin('order_line_picks as k', (join) =>
      join.onRef('k.order_id', '=', 'i.order_id').onRef('k.product_id', '=', 'i.product_id'),
    )
    .leftJoin('products as s', 's.id', 'k.substitute_product_id')
    .select([
      'i.product_id',
      'i.quantity',
      'i.unit_price_cents',
      'i.substitution',
      'i.note',
      'i.savings_cents',
      'p.name',
      'b.name as brand',
      'p.size_label',
      'p.size_quantity',
      'p.size_unit',
      'p.aisle_id',
      'a.name as aisle_name',
      'd.slug as department_slug',
      'k.outcome',
      'k.picked_quantity',
      'k.weighed_milli_lb',
      'k.substitute_product_id',
      's.name as substitute_name',
      's.size_label as substitute_size',
      'k.substitute_unit_price_cents',
      'k.approval',
      'k.answer_due_at',
      'k.answered_at',
      'k.charged_cents',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('d.position')
    .orderBy('a.position')
    .orderBy('p.name')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    brand: row.brand,
    sizeLabel: row.size_label,
    aisle: row.aisle_name,
    aisleId: row.aisle_id,
    note: row.note,
    savingsCents: Number(row.savings_cents),
    ordered: {
      quantity: row.quantity,
      unitPriceCents: row.unit_price_cents,
      sizeQuantity: Number(row.size_quantity),
      byWeight: isSoldByWeight(row),
      substitution: row.substitution as Substitution,
    } satisfies OrderedLine,
    pick: row.outcome
      ? {
          outcome: row.outcome,
          quantity: Number(row.picked_quantity),
          weighedMilliLb: row.weighed_milli_lb === null ? null : Number(row.weighed_milli_lb),
          substitute:
            row.substitute_product_id === null
              ? null
              : {
                  productId: row.substitute_product_id,
                  name: row.substitute_name ?? '',
                  sizeLabel: row.substitute_size ?? '',
                  unitPriceCents: Number(row.substitute_unit_price_cents ?? 0),
                },
          approval: row.approval,
          answerDueAt: row.answer_due_at,
          answeredAt: row.answered_at,
          chargedCents: Number(row.charged_cents),
        }
      : null,
  }));
}
export type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

/**
 * Substitutes a picker may choose for a line: grocery products of the same aisle that the store has,
 * the closest in price first. Only for lines whose shopper allows substitutes.
 */
export async function substituteChoices(store: Store, siteType: string, line: OrderLine, limit = SUBSTITUTE_CHOICES) {
  if (line.ordered.substitution === 'none' || line.aisleId === null) return [];
  // The database narrows the aisle to the few nearest in price (the store's scaled price, before rounding and
  // tiers); the exact prices then order those few. Pricing every product of the aisle cost ~6 ms a line.
  const target = line.ordered.unitPriceCents;
  const rows = await candidateQuery(db(), store.id, line.aisleId, line.productId)
    .select(['p.id', 'p.name', 'p.size_label'])
    .orderBy(
      sql`abs(coalesce(${sql.ref('o.price_cents')}, ${sql.ref('p.base_price_cents')} * ${store.price_factor_bp} / 10000.0) - ${target})`,
    )
    .orderBy('p.id')
    .limit(limit * 3)
    .execute();
  const pricing = pricingFor(store, siteType);
  return rows
    .map((row) => ({
      productId: row.id,
      name: row.name,
      sizeLabel: row.size_label,
      priceCents: productPrice(row, pricing).priceCents,
    }))
    .sort(
      (a, b) =>
        Math.abs(a.priceCents - line.ordered.unitPriceCents) - Math.abs(b.priceCents - line.ordered.unitPriceCents) ||
        a.productId - b.productId,
    )
    .slice(0, limit);
}

/** The products that may stand in for a line: same aisle, grocery, not out of stock at the store. */
export function candidateQuery(conn: Kysely<Database>, storeId: number, aisleId: number, productId: number) {
  return (
    conn
      .selectFrom('products as p')
      .leftJoin('store_product_overrides as o', (join) =>
        join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', storeId),
      )
      .select(['p.size_quantity', 'p.size_unit', 'p.base_price_cents', 'o.price_cents as override_price'])
      // An expression, not the column: without statistics SQLite otherwise walks the kind index (every grocery
      // product, 30 ms at 20,000) instead of the aisle's few hundred; the pick list asks once per line.
      .where(sql<string>`${sql.ref('p.kind')} || ''`, '=', 'grocery')
      .where('p.aisle_id', '=', aisleId)
      .where('p.id', '!=', productId)
      .where((eb) =>
        eb.or([eb('o.stock_status', 'is', null), eb('o.stock_status', 'not in', ['out_of_stock', 'unavailable'])]),
      )
  );
}

/** An accepted pick carries the order's version it wrote: picks of one order commit in version order. */
export type PickResult = { ok: true; version: number } | { ok: false; code: FulfilmentRefusal | LineRefusal };

/**
 * Records what the picker did with one line. The order row is updated before the line (status and
 * picker in the WHERE), which locks it on PostgreSQL: two changes to one order queue up, changes to
 * different orders never wait on each other, and a line is never written to an order already staged.
 */
export async function recordPick(
  staff: StaffAtStore,
  orderNumber: string,
  input: PickInput,
  now = new Date(),
  origin?: string,
): Promise<PickResult> {
  const store = await storeById(staff.storeId);
  if (!store) return { ok: false, code: 'NOT_FOUND' };
  const result = await db()
    .transaction()
    .execute(async (tx): Promise<PickResult> => {
      const order = await orderAtStore(tx, staff, orderNumber);
      if (!order) return { ok: false, code: 'NOT_FOUND' };
      if (order.status !== STATUS.picking) return { ok: false, code: 'WRONG_STEP' };
      const manager = staff.roles.includes('manager');
      if (!manager && !staff.roles.includes('picker')) return { ok: false, code: 'ROLE' };
      if (!manager && order.picker_id !== staff.staffId) return { ok: false, code: 'NOT_YOURS' };
      const line = (await orderLines(tx, order.id)).find((candidate) => candidate.productId === input.productId);
      if (!line) return { ok: false, code: 'LINE_NOT_FOUND' };
      const refusal = checkPick(line.ordered, input);
      if (refusal) return { ok: false, code: refusal };
      let substitutePrice: number | null = null;
      let substituteName = '';
      if (input.outcome === 'substituted') {
        const candidate = line.aisleId
          ? await candidateQuery(tx, store.id, line.aisleId, line.productId)
              .select('p.name')
              .where('p.id', '=', input.substituteId)
              .executeTakeFirst()
          : undefined;
        if (!candidate) return { ok: false, code: 'NOT_A_SUBSTITUTE' };
        substitutePrice = productPrice(candidate, pricingFor(store, order.site_type)).priceCents;
        substituteName = candidate.name;
      }
      // Checked again under the row lock: the order may have been staged since it was read.
      const locked = await tx
        .updateTable('orders')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: now.toISOString() }))
        .where('id', '=', order.id)
        .where('status', '=', STATUS.picking)
        .where('picker_id', '=', order.picker_id)
        .returning('version')
        .executeTakeFirst();
      if (!locked) return { ok: false, code: 'WRONG_STEP' };
      const values = {
        outcome: input.outcome,
        picked_quantity: input.outcome === 'short' ? 0 : input.quantity,
        weighed_milli_lb: input.outcome === 'picked' && line.ordered.byWeight ? input.weight : null,
        substitute_product_id: input.outcome === 'substituted' ? input.substituteId : null,
        substitute_unit_price_cents: substitutePrice,
        // A substitute waits for the shopper's answer; a shortage is only told.
        approval: input.outcome === 'substituted' ? ('requested' as const) : null,
        answer_due_at: input.outcome === 'substituted' ? answerDueAt(now).toISOString() : null,
        answered_at: null,
        charged_cents: chargeFor(line.ordered, input, substitutePrice ?? 0),
        picked_by: staff.staffId,
        updated_at: now.toISOString(),
      };
      await tx
        .insertInto('order_line_picks')
        .values({ order_id: order.id, product_id: line.productId, ...values })
        .onConflict((oc) => oc.columns(['order_id', 'product_id']).doUpdateSet(values))
        .execute();
      if (input.outcome === 'substituted') {
        await queueSubstitutionRequest(
          tx,
          order,
          store,
          {
            requested: line.name,
            offered: substituteName,
            quantity: input.quantity,
            offeredUnitCents: substitutePrice ?? 0,
            answerDueAt: values.answer_due_at!,
          },
          origin,
        );
      }
      return { ok: true, version: Number(locked.version) };
    });
  if (result.ok) await noteStoreChange(staff.storeId);
  return result;
}

/**
 * Unanswered substitutions whose window has passed follow the line's preference (it allowed them).
 * Whether any did: a caller outside a transaction then notes the store's change (noteStoreChange).
 */
export async function settleDueAnswers(conn: Kysely<Database>, orderId: number, now: Date): Promise<boolean> {
  const settled = await conn
    .updateTable('order_line_picks')
    .set((eb) => ({ approval: 'auto_approved', answered_at: eb.ref('answer_due_at') }))
    .where('order_id', '=', orderId)
    .where('approval', '=', 'requested')
    .where('answer_due_at', '<=', now.toISOString())
    .executeTakeFirst();
  if (Number(settled.numUpdatedRows) === 0) return false;
  await bumpVersion(conn, orderId, now);
  return true;
}
