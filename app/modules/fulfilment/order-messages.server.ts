import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { BANNER_IDS, DEFAULT_BANNER, hostForBanner, type BannerId } from '~/modules/banners/hosts';
import { appEnv } from '~/modules/config/env.server';
import { queueMessage } from '~/modules/mail/queue.server';
import type { Store } from '~/modules/stores/stores.server';
import { isCharged, receiptTotals, type ReceiptLineInput } from './receipt-rules';

interface MessageOrder {
  id: number;
  order_number: string;
  customer_id: number;
  banner_id: string;
  site_type: string;
  store_id: number;
  slot_start: string;
  slot_end: string;
  address_text: string | null;
  fees_cents: number;
  promo_cents: number;
  tip_cents: number;
  tender_id: number | null;
}

/**
 * The shopper's own site for links in their messages: the order's banner (and business site) on the host
 * the staff page was served from, or the local store when the step came from elsewhere.
 */
export function shopperOrigin(staffOrigin: string | undefined, order: Pick<MessageOrder, 'banner_id' | 'site_type'>) {
  const url = new URL(staffOrigin ?? `http://localhost:${appEnv().PORT}`);
  const banner = (BANNER_IDS as readonly string[]).includes(order.banner_id)
    ? (order.banner_id as BannerId)
    : DEFAULT_BANNER;
  const host = hostForBanner(
    {
      hostname: url.hostname,
      bannerId: DEFAULT_BANNER,
      siteType: order.site_type === 'B' ? 'B' : 'C',
      environment: 'prod',
    },
    banner,
    url.port || null,
  );
  return `${url.protocol}//${host}`;
}

async function recipient(conn: Kysely<Database>, order: MessageOrder) {
  const row = await conn
    .selectFrom('customers')
    .select('email')
    .where('id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  return row.email;
}

function about(order: MessageOrder) {
  return { bannerId: order.banner_id, storeId: order.store_id, orderId: order.id };
}

/** "Approve this replacement?": queued with the pick, in its transaction. */
export async function queueSubstitutionRequest(
  conn: Kysely<Database>,
  order: MessageOrder,
  store: Store,
  change: { requested: string; offered: string; quantity: number; offeredUnitCents: number; answerDueAt: string },
  origin: string | undefined,
) {
  await queueMessage(conn, {
    kind: 'substitution-request',
    to: await recipient(conn, order),
    ...about(order),
    data: {
      orderNumber: order.order_number,
      substitutions: [
        {
          requested: change.requested,
          offered: change.offered,
          quantity: change.quantity,
          offeredUnitCents: change.offeredUnitCents,
        },
      ],
      respondBy: change.answerDueAt,
      timezone: store.timezone,
      respondUrl: `${shopperOrigin(origin, order)}/account/order-summary.html?orderNumber=${order.order_number}`,
    },
  });
}

/** "Out for delivery, arriving 4:10–4:25" or "Ready for pickup", queued with the step. */
export async function queueStepMessage(
  conn: Kysely<Database>,
  order: MessageOrder,
  store: Store,
  step: { kind: 'out-for-delivery'; arrival: { start: string; end: string } } | { kind: 'ready-for-pickup' },
  origin: string | undefined,
) {
  const orderUrl = `${shopperOrigin(origin, order)}/account/order-summary.html?orderNumber=${order.order_number}`;
  if (step.kind === 'out-for-delivery') {
    await queueMessage(conn, {
      kind: 'out-for-delivery',
      to: await recipient(conn, order),
      ...about(order),
      data: {
        orderNumber: order.order_number,
        window: { startsAt: step.arrival.start, endsAt: step.arrival.end, timezone: store.timezone },
        address: order.address_text ?? store.name,
        trackUrl: orderUrl,
      },
    });
    return;
  }
  await queueMessage(conn, {
    kind: 'ready-for-pickup',
    to: await recipient(conn, order),
    ...about(order),
    data: {
      orderNumber: order.order_number,
      storeName: store.name,
      storeAddress: `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}`,
      window: { startsAt: order.slot_start, endsAt: order.slot_end, timezone: store.timezone },
      bags: null,
    },
  });
}

/** The receipt, queued with the hand-over (delivered or picked up). */
export async function queueReceipt(
  conn: Kysely<Database>,
  order: MessageOrder,
  store: Store,
  lines: readonly (ReceiptLineInput & {
    name: string;
    pick: (NonNullable<ReceiptLineInput['pick']> & { substitute: { name: string } | null }) | null;
  })[],
  handedOverAt: Date,
  origin: string | undefined,
) {
  const totals = receiptTotals(lines, {
    feesCents: order.fees_cents,
    promoCents: order.promo_cents,
    tipCents: order.tip_cents,
  });
  const tender = order.tender_id
    ? await conn
        .selectFrom('customer_tenders')
        .select(['brand', 'last_four'])
        .where('id', '=', order.tender_id)
        .where('customer_id', '=', order.customer_id)
        .executeTakeFirst()
    : undefined;
  const charged = lines.filter(isCharged);
  await queueMessage(conn, {
    kind: 'receipt',
    to: await recipient(conn, order),
    ...about(order),
    data: {
      orderNumber: order.order_number,
      lines:
        charged.length > 0
          ? charged.map((line) => ({
              name: line.pick!.substitute?.name ?? line.name,
              quantity: line.pick!.quantity,
              lineCents: line.pick!.chargedCents,
              substitutedFor: line.pick!.substitute ? line.name : null,
            }))
          : [{ name: 'Nothing could be picked', quantity: 1, lineCents: 0 }],
      subtotalCents: totals.subtotalCents,
      savingsCents: totals.savingsCents,
      promoCents: totals.promoCents,
      feesCents: totals.feesCents,
      totalCents: totals.totalCents,
      tender: tender ? { brand: tender.brand, lastFour: tender.last_four } : null,
      paidAt: handedOverAt.toISOString(),
      timezone: store.timezone,
      receiptUrl: `${shopperOrigin(origin, order)}/account/receipt.html?orderNumber=${order.order_number}`,
    },
  });
}
