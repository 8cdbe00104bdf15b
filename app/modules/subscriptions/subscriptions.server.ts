import { addMonths } from 'date-fns';
import { db } from '~/db/db.server';
import { catalogueWords } from '~/modules/catalog/catalogue-words';
import type { Language } from '~/modules/i18n/languages';
import { quoteDeliveryFee, type FeeQuote, type PlanCode, type SubscriptionRefusalCode } from './subscription-rules';

export type SubscriptionRefusal = { ok: false; code: SubscriptionRefusalCode };

export interface DeliveryPlan {
  code: string;
  name: string;
  priceCents: number;
  periodMonths: number;
  thresholdCents: number;
}

export interface CustomerSubscription {
  id: number;
  planCode: string;
  planName: string;
  bannerId: string;
  priceCents: number;
  periodMonths: number;
  thresholdCents: number;
  status: 'active' | 'cancelled' | 'expired';
  startedAt: string;
  periodEnd: string;
  endedAt: string | null;
  tender: string | null;
}

/** The banner's plans, monthly first, named in the shopper's language (decision 0123). */
export async function deliveryPlans(bannerId: string, language: Language = 'en'): Promise<DeliveryPlan[]> {
  const rows = await db()
    .selectFrom('delivery_plans')
    .selectAll()
    .where('banner_id', '=', bannerId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    code: row.code,
    name: catalogueWords(language, row.name, row.name_es),
    priceCents: row.price_cents,
    periodMonths: row.period_months,
    thresholdCents: row.threshold_cents,
  }));
}

export async function deliveryPlan(
  bannerId: string,
  code: PlanCode,
  language: Language = 'en',
): Promise<DeliveryPlan | null> {
  return (await deliveryPlans(bannerId, language)).find((plan) => plan.code === code) ?? null;
}

function subscriptionQuery(customerId: number) {
  return db()
    .selectFrom('delivery_subscriptions as s')
    .innerJoin('delivery_plans as p', 'p.id', 's.plan_id')
    .leftJoin('customer_tenders as t', (join) =>
      join.onRef('t.id', '=', 's.tender_id').onRef('t.customer_id', '=', 's.customer_id'),
    )
    .select([
      's.id',
      's.plan_code',
      'p.name',
      'p.name_es',
      's.banner_id',
      's.price_cents',
      'p.period_months',
      's.threshold_cents',
      's.status',
      's.started_at',
      's.period_end',
      's.ended_at',
      't.brand',
      't.last_four',
    ])
    .where('s.customer_id', '=', customerId);
}

type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionQuery>['executeTakeFirstOrThrow']>>;

function toSubscription(row: SubscriptionRow, now: Date, language: Language): CustomerSubscription {
  // An active row past its paid period has lapsed even before anything rewrites its status.
  const lapsed = row.status === 'active' && row.period_end <= now.toISOString();
  return {
    id: row.id,
    planCode: row.plan_code,
    planName: catalogueWords(language, row.name, row.name_es),
    bannerId: row.banner_id,
    priceCents: row.price_cents,
    periodMonths: row.period_months,
    thresholdCents: row.threshold_cents,
    status: lapsed ? 'expired' : row.status,
    startedAt: row.started_at,
    periodEnd: row.period_end,
    endedAt: lapsed ? row.period_end : row.ended_at,
    tender: row.brand ? `${row.brand} ending in ${row.last_four}` : null,
  };
}

/** The customer's subscriptions, newest first (the customer-service `subscriptions` call). */
export async function customerSubscriptions(customerId: number, now = new Date(), language: Language = 'en') {
  const rows = await subscriptionQuery(customerId).orderBy('s.id', 'desc').execute();
  return rows.map((row) => toSubscription(row, now, language));
}

/** The customer's subscription that is active now, or null. */
export async function activeSubscription(customerId: number, now = new Date(), language: Language = 'en') {
  const row = await subscriptionQuery(customerId)
    .where('s.status', '=', 'active')
    .where('s.period_end', '>', now.toISOString())
    .executeTakeFirst();
  return row ? toSubscription(row, now, language) : null;
}

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Subscribes the customer to the banner's plan, paid with one of their saved cards (Pantry charges
 * nothing). A second active subscription is refused; the unique index settles racing submits.
 */
export async function subscribe(input: {
  customerId: number;
  bannerId: string;
  code: PlanCode;
  tenderId: number;
  now?: Date;
}): Promise<{ ok: true; subscription: CustomerSubscription } | SubscriptionRefusal> {
  const now = input.now ?? new Date();
  const plan = await db()
    .selectFrom('delivery_plans')
    .selectAll()
    .where('banner_id', '=', input.bannerId)
    .where('code', '=', input.code)
    .executeTakeFirst();
  if (!plan) return { ok: false, code: 'UNKNOWN_PLAN' };
  const tender = await db()
    .selectFrom('customer_tenders')
    .select('id')
    .where('id', '=', input.tenderId)
    .where('customer_id', '=', input.customerId)
    .where('kind', '=', 'card')
    .executeTakeFirst();
  if (!tender) return { ok: false, code: 'NO_TENDER' };
  // A paid period that ran out frees the one active place before the new subscription takes it.
  await db()
    .updateTable('delivery_subscriptions')
    .set((eb) => ({ status: 'expired', ended_at: eb.ref('period_end') }))
    .where('customer_id', '=', input.customerId)
    .where('status', '=', 'active')
    .where('period_end', '<=', now.toISOString())
    .execute();
  if (await activeSubscription(input.customerId, now)) return { ok: false, code: 'ALREADY_SUBSCRIBED' };
  let id: number;
  try {
    const row = await db()
      .insertInto('delivery_subscriptions')
      .values({
        customer_id: input.customerId,
        plan_id: plan.id,
        banner_id: plan.banner_id,
        plan_code: plan.code,
        price_cents: plan.price_cents,
        threshold_cents: plan.threshold_cents,
        tender_id: tender.id,
        status: 'active',
        started_at: now.toISOString(),
        period_end: addMonths(now, plan.period_months).toISOString(),
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, code: 'ALREADY_SUBSCRIBED' };
    throw error;
  }
  const subscription = (await customerSubscriptions(input.customerId, now)).find((s) => s.id === id)!;
  return { ok: true, subscription };
}

/** Cancels at once (nothing was charged, so there is no paid time to keep); owner only. */
export async function cancelSubscription(
  customerId: number,
  subscriptionId: number,
  now = new Date(),
): Promise<{ ok: true; subscription: CustomerSubscription } | SubscriptionRefusal> {
  const updated = await db()
    .updateTable('delivery_subscriptions')
    .set({ status: 'cancelled', ended_at: now.toISOString() })
    .where('id', '=', subscriptionId)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .where('period_end', '>', now.toISOString())
    .executeTakeFirst();
  const mine = (await customerSubscriptions(customerId, now)).find((s) => s.id === subscriptionId);
  if (!mine) return { ok: false, code: 'NOT_FOUND' };
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, code: 'NOT_ACTIVE' };
  return { ok: true, subscription: mine };
}

/**
 * What a delivery or pickup slot costs this customer on this banner: the subscription (bought on the
 * same banner) waives standard delivery fees on baskets at or over its threshold.
 */
export async function deliveryFeeFor(
  customer: { customerId: number; bannerId: string } | null,
  slot: { kind: string; feeCents: number },
  basketCents: number,
  now = new Date(),
): Promise<FeeQuote> {
  const subscription = customer ? await activeSubscription(customer.customerId, now) : null;
  const applies = subscription && subscription.bannerId === customer?.bannerId ? subscription : null;
  return quoteDeliveryFee(slot, basketCents, applies);
}
