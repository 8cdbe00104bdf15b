import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0095-messages-that-expire.md. When a message is worth nothing any more: a one-time code or a
 * reset link whose validity has run out. The worker sends none after it; null for every other message.
 */
export const outboxExpirySchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('outbox').addColumn('expires_at', 'text').execute();
  },
};
