import { db } from '~/db/db.server';
import type { StoreTable } from '~/db/schema';

export type Store = StoreTable;

export async function storeById(id: number | string): Promise<Store | undefined> {
  const numeric = typeof id === 'number' ? id : Number.parseInt(id, 10);
  if (!Number.isInteger(numeric)) return undefined;
  return db().selectFrom('stores').selectAll().where('id', '=', numeric).executeTakeFirst();
}

export const PREFERENCE_LABELS = {
  Delivery: 'Delivery',
  Dug: 'DriveUp & Go',
  J4U: 'In-store',
} as const;
