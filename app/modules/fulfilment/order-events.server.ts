import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';

/** Who took a step: a member of staff, the shopper, or Pantry itself (an answer window that ran out). */
export type Actor = { staffId: number } | 'shopper' | 'system';

function actorLabel(actor: Actor): string {
  return typeof actor === 'string' ? actor : `staff:${actor.staffId}`;
}

/**
 * Writes one step of the order's life and bumps its version, inside the caller's transaction:
 * a watching page (the shopper's timeline) compares the version to know something moved.
 */
export async function recordStep(
  conn: Kysely<Database>,
  orderId: number,
  kind: string,
  actor: Actor,
  now: Date,
  detail = '',
) {
  await conn
    .insertInto('order_events')
    .values({ order_id: orderId, kind, at: now.toISOString(), actor: actorLabel(actor), detail })
    .execute();
  await bumpVersion(conn, orderId, now);
}

export async function bumpVersion(conn: Kysely<Database>, orderId: number, now: Date) {
  await conn
    .updateTable('orders')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now.toISOString() }))
    .where('id', '=', orderId)
    .execute();
}

export async function orderEvents(conn: Kysely<Database>, orderId: number) {
  return conn
    .selectFrom('order_events')
    .select(['kind', 'at', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
