import type { Kysely, Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { wordsIn } from '~/modules/i18n/translations.server';
import type { OrderCustomer } from './order-rules';
import {
  evaluatePromo,
  normalisePromoCode,
  PROMO_MESSAGES,
  type PromoRefusal,
  type PromoRefusalCode,
  type PromoTerms,
} from './promo-rules';

/** decision 0105: promo codes kept on the cart at checkout and redeemed in the order's own transaction. */

export type PromoCheck = { ok: true; code: string; discountCents: number } | PromoRefusal;

/** The code on the checkout page: applied and what it takes off, or applied but refused now (with why). */
export type CheckoutPromo = { code: string; discountCents: number; refusal: string | null } | null;

type Executor = Kysely<Database> | Transaction<Database>;

function refusal(code: Exclude<PromoRefusalCode, 'BELOW_MINIMUM'>): PromoRefusal {
  return { ok: false, code, message: PROMO_MESSAGES[code] };
}

/** A code of the customer's banner and site: a consumer code is unknown on the business site and the other way. */
async function findPromo(executor: Executor, customer: OrderCustomer, code: string) {
  return executor
    .selectFrom('promo_codes')
    .selectAll()
    .where('banner_id', '=', customer.bannerId)
    .where('site_type', '=', customer.siteType)
    .where('code', '=', code)
    .executeTakeFirst();
}

type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromo>>>;

function termsOf(row: PromoRow): PromoTerms {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minBasketCents: row.min_basket_cents,
    firstOrderOnly: row.first_order_only === 1,
    oncePerCustomer: row.once_per_customer === 1,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    usageCap: row.usage_cap,
    usedCount: row.used_count,
  };
}

async function checkRow(executor: Executor, customer: OrderCustomer, row: PromoRow, basketCents: number, now: Date) {
  const [orders, used] = await Promise.all([
    executor
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customer.customerId)
      .where('banner_id', '=', customer.bannerId)
      .where('site_type', '=', customer.siteType)
      .executeTakeFirst(),
    executor
      .selectFrom('promo_redemptions')
      .select('id')
      .where('code_id', '=', row.id)
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirst(),
  ]);
  return evaluatePromo(termsOf(row), {
    basketCents,
    earlierOrders: Number(orders?.n ?? 0),
    alreadyUsed: used !== undefined,
    now,
    words: wordsIn(customer.language ?? 'en', 'orders'),
  });
}

/** Checks a typed code for this customer and basket; a malformed code is refused before any query. */
export async function checkPromoCode(
  customer: OrderCustomer,
  rawCode: string,
  basketCents: number,
  now = new Date(),
  executor: Executor = db(),
): Promise<PromoCheck> {
  const code = normalisePromoCode(rawCode);
  if (!code) return refusal('FORMAT');
  const row = await findPromo(executor, customer, code);
  if (!row) return refusal('UNKNOWN');
  return checkRow(executor, customer, row, basketCents, now);
}

/** Applies a code to the customer's active cart when it passes; a refused code leaves the cart as it was. */
export async function applyPromoCode(
  customer: OrderCustomer,
  cartId: string | null,
  rawCode: string,
  basketCents: number,
  now = new Date(),
): Promise<PromoCheck> {
  const checked = await checkPromoCode(customer, rawCode, basketCents, now);
  if (!checked.ok || !cartId) return checked;
  await db()
    .updateTable('carts')
    .set({ promo_code: checked.code })
    .where('id', '=', cartId)
    .where('customer_id', '=', customer.customerId)
    .where('status', '=', 'active')
    .execute();
  return checked;
}

export async function removePromoCode(customer: OrderCustomer, cartId: string | null) {
  if (!cartId) return;
  await db()
    .updateTable('carts')
    .set({ promo_code: null })
    .where('id', '=', cartId)
    .where('customer_id', '=', customer.customerId)
    .where('status', '=', 'active')
    .execute();
}

async function cartPromoCode(executor: Executor, customer: OrderCustomer, cartId: string | null) {
  if (!cartId) return null;
  const row = await executor
    .selectFrom('carts')
    .select('promo_code')
    .where('id', '=', cartId)
    .where('customer_id', '=', customer.customerId)
    .executeTakeFirst();
  return row?.promo_code ?? null;
}

/** The applied code as checkout shows it: checked again against today's basket. */
export async function checkoutPromo(
  customer: OrderCustomer,
  cartId: string | null,
  basketCents: number,
  now = new Date(),
): Promise<CheckoutPromo> {
  const code = await cartPromoCode(db(), customer, cartId);
  if (!code) return null;
  const checked = await checkPromoCode(customer, code, basketCents, now);
  return checked.ok
    ? { code, discountCents: checked.discountCents, refusal: null }
    : { code, discountCents: 0, refusal: checked.message };
}

/** Thrown inside the placing transaction so that nothing of the order stays when its code is refused. */
export class PromoRefusedError extends Error {
  constructor(readonly refusal: PromoRefusal) {
    super(refusal.message);
  }
}

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * In the placing transaction, before the order row: the cart's code checked again against the basket.
 * Returns the discount to write on the order (null without a code); throws PromoRefusedError when refused.
 */
export async function promoForOrder(
  tx: Transaction<Database>,
  customer: OrderCustomer,
  cartId: string,
  basketCents: number,
  now: Date,
): Promise<{ codeId: number; code: string; discountCents: number; oncePerCustomer: boolean } | null> {
  const code = await cartPromoCode(tx, customer, cartId);
  if (!code) return null;
  const row = await findPromo(tx, customer, code);
  if (!row) throw new PromoRefusedError(refusal('UNKNOWN'));
  const checked = await checkRow(tx, customer, row, basketCents, now);
  if (!checked.ok) throw new PromoRefusedError(checked);
  return { codeId: row.id, code, discountCents: checked.discountCents, oncePerCustomer: row.once_per_customer === 1 };
}

/**
 * Redeems the code for the order: one conditional increment (the cap holds however many checkouts race; rows
 * affected 0 means the cap was reached) and a redemption row (unique per code and customer when once per customer).
 */
export async function redeemPromo(
  tx: Transaction<Database>,
  customer: OrderCustomer,
  promo: { codeId: number; discountCents: number; oncePerCustomer: boolean },
  orderId: number,
  now: Date,
) {
  const raised = await tx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', promo.codeId)
    .where((eb) => eb.or([eb('usage_cap', 'is', null), eb('used_count', '<', eb.ref('usage_cap'))]))
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) === 0) throw new PromoRefusedError(refusal('USED_UP'));
  try {
    await tx
      .insertInto('promo_redemptions')
      .values({
        code_id: promo.codeId,
        customer_id: customer.customerId,
        order_id: orderId,
        once_key: promo.oncePerCustomer ? customer.customerId : null,
        discount_cents: promo.discountCents,
        created_at: now.toISOString(),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new PromoRefusedError(refusal('USED'));
    throw error;
  }
}
