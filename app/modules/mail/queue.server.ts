import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { mailConfig } from '~/modules/config/env.server';
import { log } from '~/modules/config/logger.server';
import { MARKETING_KINDS, TEXTABLE_KINDS, type QueuedMessage } from './message-kinds';
import { renderMessage } from './render-message';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import type { MailWords } from './mail-layout';

/** The database or a transaction (Kysely's Transaction is a Kysely). */
export type MailExecutor = Kysely<Database>;

export const OUTBOX_STATUS = {
  pending: 'pending',
  sending: 'sending',
  sent: 'sent',
  dead: 'dead',
  /** A one-time code or link whose validity ran out before it could be sent: never sent, never sent again. */
  expired: 'expired',
  /** Delivered to the outbox alone: no SMTP configured, or a text (there is no text gateway). */
  outbox: 'outbox',
} as const;

/**
 * The language a message is written in: the recipient customer's preferred language (migration 0050), English
 * when they never chose one or the address is no customer's. Read through the executor, so it sees the same
 * transaction as the message's cause.
 */
async function recipientLanguage(executor: MailExecutor, to: string, channel: 'email' | 'sms'): Promise<Language> {
  const row = await executor
    .selectFrom('customers')
    .select('preferred_language')
    .where(channel === 'sms' ? 'phone' : 'email', '=', to)
    .where('preferred_language', 'is not', null)
    .executeTakeFirst();
  return isLanguage(row?.preferred_language) ? row.preferred_language : DEFAULT_LANGUAGE;
}

function mailWords(language: Language): MailWords {
  const t = serverT(language, 'mail');
  return { language, t: (key, options) => t(key, options) };
}

/**
 * Queues a message through `executor`: pass the transaction that writes its cause (an order, a code), so the
 * message exists exactly when its cause does. The worker sends it after the commit. Returns its message id.
 */
export async function queueMessage(executor: MailExecutor, message: QueuedMessage): Promise<string> {
  const channel = message.channel ?? 'email';
  if (channel === 'sms' && !TEXTABLE_KINDS.includes(message.kind)) throw new Error(`${message.kind} is email only`);
  const rendered = renderMessage(
    message.kind,
    message.bannerId,
    message.data,
    mailWords(await recipientLanguage(executor, message.to, channel)),
  );
  const queuedAt = new Date();
  const now = queuedAt.toISOString();
  const messageId = randomUUID();
  const delivered = channel === 'sms' || !mailConfig().SMTP_URL;
  await executor
    .insertInto('outbox')
    .values({
      message_id: messageId,
      kind: message.kind,
      channel,
      recipient: message.to,
      subject: rendered.subject,
      body: rendered.text,
      html_body: channel === 'sms' ? null : rendered.html,
      banner_id: message.bannerId,
      store_id: message.storeId ?? null,
      order_id: message.orderId ?? null,
      status: delivered ? OUTBOX_STATUS.outbox : OUTBOX_STATUS.pending,
      attempts: 0,
      next_attempt_at: delivered ? null : now,
      claimed_until: null,
      claim_token: null,
      last_error: null,
      sent_at: delivered ? now : null,
      created_at: now,
      expires_at: messageExpiry(message, queuedAt),
      unsubscribe_url: MARKETING_KINDS.includes(message.kind)
        ? (message.data as { unsubscribeUrl: string }).unsubscribeUrl
        : null,
    })
    .execute();
  // The outbox has no column for the request: this line (which carries the request id) ties the two, and the
  // worker's lines name the same messageId.
  log.info('message queued', { messageId, kind: message.kind, channel });
  return messageId;
}

/**
 * When a message stops being worth sending: a code or link whose data says how many minutes it lasts (sign-in and
 * verification codes, password reset links). A late retry must not hand the shopper a code that no longer works.
 */
export function messageExpiry(message: QueuedMessage, queuedAt: Date): string | null {
  const data = message.data as { minutes?: unknown };
  return typeof data.minutes === 'number' ? new Date(queuedAt.getTime() + data.minutes * 60_000).toISOString() : null;
}

/** The simple call: queues on its own, outside any transaction. */
export function sendMessage(message: QueuedMessage): Promise<string> {
  return queueMessage(db(), message);
}

/** Outside production /dev/outbox lists these. */
export async function latestOutbox(limit = 50) {
  return db()
    .selectFrom('outbox')
    .select(['id', 'kind', 'channel', 'recipient', 'subject', 'body', 'status', 'attempts', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A store's messages that could not be delivered (for its manager); no bodies. */
export async function deadLettersOfStore(storeId: number, limit = 100) {
  return db()
    .selectFrom('outbox')
    .select(['message_id', 'kind', 'recipient', 'subject', 'order_id', 'attempts', 'last_error', 'created_at'])
    .where('store_id', '=', storeId)
    .where('status', '=', OUTBOX_STATUS.dead)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A store's dead letter goes back to the worker as if new: pending, due now, attempts reset, no lease or error.
 * Only a dead row of that store moves (one conditional UPDATE), so pressing "Send again" twice queues it once.
 */
export async function resendDeadLetter(storeId: number, messageId: string, now = new Date()): Promise<boolean> {
  const moved = await db()
    .updateTable('outbox')
    .set({
      status: OUTBOX_STATUS.pending,
      attempts: 0,
      next_attempt_at: now.toISOString(),
      claimed_until: null,
      claim_token: null,
      last_error: null,
    })
    .where('message_id', '=', messageId)
    .where('store_id', '=', storeId)
    .where('status', '=', OUTBOX_STATUS.dead)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
