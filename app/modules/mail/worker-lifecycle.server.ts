import { mailConfig } from '~/modules/config/env.server';
import { log } from '~/modules/config/logger.server';
import { observeOutboxBacklog } from '~/modules/config/metrics.server';
import { runMailWorkerOnce, undeliveredCount } from './delivery-worker.server';
import { closeSmtp } from './smtp-transport.server';

/**
 * The worker inside a storefront process: Pantry's server starts it when it listens and stops it on SIGTERM; under
 * the stock remix-serve the entry starts it on the first request. A timer that never keeps the process alive
 * (unref), one pass at a time, again at once while passes find full batches.
 */
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let started = false;

function schedule(delayMs: number) {
  if (!started) return;
  timer = setTimeout(tick, delayMs);
  timer.unref();
}

function tick() {
  timer = undefined;
  running = runMailWorkerOnce()
    .then((run) => run.claimed > 0 && run.retrying === 0)
    .catch((error: unknown) => {
      // A database that is away (a restart) is tried again at the next poll; nothing is lost.
      log.error('mail worker pass failed', { error });
      return false;
    })
    .then((busy) => {
      running = undefined;
      schedule(busy ? 0 : mailConfig().MAIL_POLL_MS);
    });
}

/**
 * Starts the worker once per process; nothing to start without SMTP_URL. Throws when the mail settings are not
 * allowed (Pantry's server calls it at start, so a wrong SMTP_URL stops the start with the reason).
 */
export function ensureMailWorker(): void {
  // The backlog is a metric whether or not this process sends: counted when scraped.
  observeOutboxBacklog(undeliveredCount);
  if (started || !mailConfig().SMTP_URL) return;
  started = true;
  schedule(0);
}

let complained = false;

/** The entry's call on every request (the stock remix-serve has no start hook): never fails the request. */
export function ensureMailWorkerFromRequest(): void {
  try {
    ensureMailWorker();
  } catch (error) {
    if (complained) return;
    complained = true;
    log.error('mail worker not started: the mail settings are not allowed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Stops polling and waits for the pass in flight (its claims lapse if the process dies first). */
export async function stopMailWorker(): Promise<void> {
  started = false;
  if (timer) clearTimeout(timer);
  timer = undefined;
  await running;
  closeSmtp();
}
