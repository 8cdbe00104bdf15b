import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { db } from '~/db/db.server';
import { cookieSecrets } from '~/modules/config/env.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { storeById } from '~/modules/stores/stores.server';

/**
 * Marketing email and its unsubscribe link (spec section 7, customer service `unsubscribe`; decision 0100). Every
 * marketing message carries a link signed for its customer: it needs no sign-in (a mail client's one-click POST
 * has none), names no email address, works for as long as the message might be read, and does one thing only.
 */
const TOKEN = z.string().regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/);

function signatureFor(secret: string, customerId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${customerId}`).digest('base64url');
}

export function unsubscribeToken(customerId: number): string {
  return `${customerId}.${signatureFor(cookieSecrets()[0]!, customerId)}`;
}

export function unsubscribeUrl(origin: string, customerId: number): string {
  return `${origin}/account/unsubscribe.html?t=${unsubscribeToken(customerId)}`;
}

/** The customer a token names, when one of the current secrets signed it (rotation keeps old links working). */
export function customerOfUnsubscribeToken(token: unknown): number | null {
  const parsed = TOKEN.safeParse(token);
  if (!parsed.success) return null;
  const [id, signature] = parsed.data.split('.') as [string, string];
  const customerId = Number(id);
  const given = Buffer.from(signature);
  const valid = cookieSecrets().some((secret) => {
    const expected = Buffer.from(signatureFor(secret, customerId));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? customerId : null;
}

/** j•••@pantry.test: enough for the owner to recognise, not enough to harvest from a forwarded link. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Use the link in your latest email from us.';

/** What the unsubscribe page shows for a link: whose email (masked) and whether it is already unsubscribed. */
export async function unsubscribeTarget(token: unknown) {
  const customerId = customerOfUnsubscribeToken(token);
  if (customerId === null) return null;
  const customer = await db()
    .selectFrom('customers')
    .select(['email', 'marketing_opt_out_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  return { email: maskEmail(customer.email), unsubscribed: customer.marketing_opt_out_at !== null };
}

/** Unsubscribes the link's customer from marketing email; idempotent (the first time is kept). Null: bad link. */
export async function unsubscribe(token: unknown, now = new Date()) {
  const customerId = customerOfUnsubscribeToken(token);
  if (customerId === null) return null;
  const customer = await db().selectFrom('customers').select('email').where('id', '=', customerId).executeTakeFirst();
  if (!customer) return null;
  const changed = await db()
    .updateTable('customers')
    .set({ marketing_opt_out_at: now.toISOString() })
    .where('id', '=', customerId)
    .where('marketing_opt_out_at', 'is', null)
    .executeTakeFirst();
  return { email: maskEmail(customer.email), alreadyUnsubscribed: Number(changed.numUpdatedRows) === 0 };
}

/** How many offers one weekly email lists. */
const OFFERS_PER_EMAIL = 5;

/**
 * Queues the week's offers email for one customer: the banner's newest live offers, for their store. Nothing for a
 * customer who unsubscribed, whose account is closed, or when the banner has no live offer.
 */
export async function queueWeeklyOffers(customerId: number, origin: string, now = new Date()): Promise<string | null> {
  const customer = await db()
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'banner_id', 'store_id', 'marketing_opt_out_at', 'closed_at'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer || customer.marketing_opt_out_at !== null || customer.closed_at !== null) return null;
  const at = now.toISOString();
  const [offers, store] = await Promise.all([
    db()
      .selectFrom('offers')
      .select(['title', 'description'])
      .where('banner_id', '=', customer.banner_id)
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .orderBy('starts_at', 'desc')
      .orderBy('id')
      .limit(OFFERS_PER_EMAIL)
      .execute(),
    storeById(customer.store_id),
  ]);
  if (offers.length === 0) return null;
  return queueMessage(db(), {
    kind: 'weekly-offers',
    to: customer.email,
    bannerId: customer.banner_id,
    storeId: customer.store_id,
    data: {
      firstName: customer.first_name,
      storeName: store?.name ?? 'your store',
      offers: offers.map((offer) => ({ title: offer.title, detail: offer.description.slice(0, 300) })),
      galleryUrl: `${origin}/foru/coupons-deals.html`,
      unsubscribeUrl: unsubscribeUrl(origin, customer.id),
    },
  });
}

/** The weekly run: every open account that did not unsubscribe gets one email. Returns how many were queued. */
export async function queueWeeklyOffersForAll(origin: string, now = new Date()): Promise<number> {
  const customers = await db()
    .selectFrom('customers')
    .select('id')
    .where('marketing_opt_out_at', 'is', null)
    .where('closed_at', 'is', null)
    .orderBy('id')
    .execute();
  let queued = 0;
  for (const customer of customers) if (await queueWeeklyOffers(customer.id, origin, now)) queued++;
  return queued;
}
