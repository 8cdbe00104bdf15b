import { db } from '~/db/db.server';

/** Messages are "sent" to the outbox table; outside production /dev/outbox lists them. */
export async function sendToOutbox(message: {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}) {
  await db()
    .insertInto('outbox')
    .values({ ...message, created_at: new Date().toISOString() })
    .execute();
}

export async function latestOutbox(limit = 50) {
  return db().selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
