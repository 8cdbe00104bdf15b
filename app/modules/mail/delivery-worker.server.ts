import { metrics } from '~/modules/config/metrics.server';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { database, db } from '~/db/db.server';
import { mailConfig } from '~/modules/config/env.server';
import { log } from '~/modules/config/logger.server';
import { OUTBOX_STATUS } from './queue.server';
import { afterFailure } from './retry-rules';
import { sendOverSmtp } from './smtp-transport.server';

/**
 * docs/decisions/0078-outbox-delivery.md. Claims due messages under a lease, sends each over SMTP with its own
 * message id as the Message-ID, and marks it sent; a failure waits (exponential backoff) and, after the last
 * attempt, the message is dead. A process killed mid-send leaves its claim to lapse: another process (or this one
 * restarted) claims the message again once claimed_until has passed. At least once, never silently dropped.
 */

const BATCH = 5;

export interface ClaimedMessage {
  id: number;
  message_id: string;
  recipient: string;
  subject: string;
  body: string;
  html_body: string | null;
  banner_id: string | null;
  kind: string;
  attempts: number;
  unsubscribe_url: string | null;
}

export interface WorkerRun {
  claimed: number;
  sent: number;
  retrying: number;
  dead: number;
  /** Codes and links that ran out before they could be sent. */
  expired: number;
}

/**
 * Claims up to `limit` due messages for `token`: pending ones whose time has come, and ones whose sender's lease
 * lapsed. PostgreSQL skips rows another process is claiming (FOR UPDATE SKIP LOCKED); SQLite runs the one
 * statement under its single write lock. Either way each row goes to one claimant.
 */
export async function claimDueMessages(options: {
  token: string;
  now: Date;
  leaseMs: number;
  maxAttempts: number;
  limit?: number;
}): Promise<ClaimedMessage[]> {
  const now = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const limit = options.limit ?? BATCH;
  const postgres = database().dialect === 'postgres';
  return db()
    .updateTable('outbox')
    .set((eb) => ({
      status: OUTBOX_STATUS.sending,
      claimed_until: until,
      claim_token: options.token,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('outbox')
        .select('id')
        .where('attempts', '<', options.maxAttempts)
        .where((w) => w.or([w('expires_at', 'is', null), w('expires_at', '>', now)]))
        .where((w) =>
          w.or([
            w.and([w('status', '=', OUTBOX_STATUS.pending), w('next_attempt_at', '<=', now)]),
            w.and([w('status', '=', OUTBOX_STATUS.sending), w('claimed_until', '<=', now)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      return postgres ? due.forUpdate().skipLocked() : due;
    })
    .returning([
      'id',
      'message_id',
      'recipient',
      'subject',
      'body',
      'html_body',
      'banner_id',
      'kind',
      'attempts',
      'unsubscribe_url',
    ])
    .execute();
}

/**
 * Codes and links past their validity that are still waiting (or whose sender's claim lapsed): marked expired, so
 * no retry ever delivers a code that no longer works. A message being sent right now is left to its sender.
 */
async function expireStaleMessages(now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db()
    .updateTable('outbox')
    .set({
      status: OUTBOX_STATUS.expired,
      next_attempt_at: null,
      claimed_until: null,
      claim_token: null,
      last_error: 'expired before it could be sent',
    })
    .where('expires_at', '<=', at)
    .where((w) =>
      w.or([
        w('status', '=', OUTBOX_STATUS.pending),
        w.and([w('status', '=', OUTBOX_STATUS.sending), w('claimed_until', '<=', at)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A claim that lapsed after the last attempt: the process died sending it that many times. */
async function buryLapsedLastAttempts(now: Date, maxAttempts: number): Promise<number> {
  const result = await db()
    .updateTable('outbox')
    .set({
      status: OUTBOX_STATUS.dead,
      claimed_until: null,
      claim_token: null,
      last_error: 'the sending process stopped during the last attempt',
    })
    .where('status', '=', OUTBOX_STATUS.sending)
    .where('claimed_until', '<=', now.toISOString())
    .where('attempts', '>=', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An error's words for last_error: the SMTP reply or the network failure, bounded, never the message. */
function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

async function deliver(message: ClaimedMessage, token: string, now: () => Date): Promise<keyof WorkerRun> {
  const config = mailConfig();
  try {
    await sendOverSmtp({
      messageId: message.message_id,
      recipient: message.recipient,
      subject: message.subject,
      text: message.body,
      html: message.html_body,
      bannerId: message.banner_id,
      unsubscribeUrl: message.unsubscribe_url,
    });
  } catch (error) {
    const next = afterFailure(
      message.attempts,
      { maxAttempts: config.MAIL_MAX_ATTEMPTS, baseMs: config.MAIL_RETRY_BASE_MS, maxMs: config.MAIL_RETRY_MAX_MS },
      now(),
    );
    await db()
      .updateTable('outbox')
      .set({
        status: next.status,
        next_attempt_at: next.status === 'pending' ? next.nextAttemptAt.toISOString() : null,
        claimed_until: null,
        claim_token: null,
        last_error: describeFailure(error),
      })
      .where('id', '=', message.id)
      .where('claim_token', '=', token)
      .execute();
    const fields = { messageId: message.message_id, kind: message.kind, attempts: message.attempts };
    metrics().outboxSendFailures.inc({ outcome: next.status === 'dead' ? 'dead' : 'retry' });
    if (next.status === 'dead') log.error('mail dead', { ...fields, error: describeFailure(error) });
    else log.warn('mail retry', { ...fields, error: describeFailure(error), nextAttemptAt: next.nextAttemptAt });
    return next.status === 'dead' ? 'dead' : 'retrying';
  }
  // Only our own claim: if the lease lapsed and another process took the message, its outcome stands.
  await db()
    .updateTable('outbox')
    .set({ status: OUTBOX_STATUS.sent, sent_at: now().toISOString(), claimed_until: null, claim_token: null })
    .where('id', '=', message.id)
    .where('claim_token', '=', token)
    .execute();
  log.info('mail sent', { messageId: message.message_id, kind: message.kind, attempts: message.attempts });
  return 'sent';
}

/** One pass: claims a batch and sends it. Does nothing without SMTP_URL (the outbox is then the delivery). */
export async function runMailWorkerOnce(now: () => Date = () => new Date()): Promise<WorkerRun> {
  const run: WorkerRun = { claimed: 0, sent: 0, retrying: 0, dead: 0, expired: 0 };
  const config = mailConfig();
  if (!config.SMTP_URL) return run;
  run.expired = await expireStaleMessages(now());
  run.dead += await buryLapsedLastAttempts(now(), config.MAIL_MAX_ATTEMPTS);
  const token = randomUUID();
  const claimed = await claimDueMessages({
    token,
    now: now(),
    leaseMs: config.MAIL_LEASE_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
  });
  run.claimed = claimed.length;
  const outcomes = await Promise.all(claimed.map((message) => deliver(message, token, now)));
  for (const outcome of outcomes) run[outcome] += 1;
  return run;
}

/** Rows still waiting (pending, or claimed and being sent): for tests and a health view. */
export async function undeliveredCount(): Promise<number> {
  const row = await db()
    .selectFrom('outbox')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', 'in', [OUTBOX_STATUS.pending, OUTBOX_STATUS.sending])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
