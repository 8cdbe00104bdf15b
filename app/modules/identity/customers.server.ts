import { db } from '~/db/db.server';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function customerByEmail(email: string) {
  return db().selectFrom('customers').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export async function customerById(id: number) {
  return db().selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}
