import type { Kysely, Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import type { ListOwner } from './list-owner.server';
import {
  canCreateList,
  checkListName,
  FAVORITES_NAME,
  GUEST_LIST_NAME,
  LIST_MESSAGES,
  type Checked,
} from './list-rules';

type Conn = Kysely<Database> | Transaction<Database>;
const nowIso = () => new Date().toISOString();

export interface ListSummary {
  id: number;
  name: string;
  isDefault: boolean;
  itemCount: number;
}

/** The lists this owner may reach, as a query: every read and write of a list starts here. */
export function ownedLists(conn: Conn, owner: ListOwner) {
  const query = conn
    .selectFrom('shopping_lists')
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType);
  return owner.kind === 'household'
    ? query.where('house_id', '=', owner.houseId)
    : query.where('house_id', 'is', null).where('guest_key', '=', owner.guestKey ?? '');
}

/** The owner's list with this id, or null (another household's list is not found, never forbidden). */
export async function ownedList(conn: Conn, owner: ListOwner, listId: number) {
  return ownedLists(conn, owner)
    .select(['id', 'name', 'is_default', 'item_count'])
    .where('id', '=', listId)
    .executeTakeFirst();
}

/** The household's Favorites, made on first use (the unique default index keeps it one under a race). */
export async function ensureFavorites(owner: ListOwner & { kind: 'household' }, conn: Conn = db()): Promise<number> {
  const existing = await ownedLists(conn, owner).select('id').where('is_default', '=', 1).executeTakeFirst();
  if (existing) return existing.id;
  const now = nowIso();
  await conn
    .insertInto('shopping_lists')
    .values({
      house_id: owner.houseId,
      guest_key: null,
      banner_id: owner.bannerId,
      site_type: owner.siteType,
      name: FAVORITES_NAME,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await ownedLists(conn, owner).select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  return made.id;
}

/** A guest's one list, made at its first item under a new random key. */
export async function createGuestList(owner: ListOwner & { kind: 'guest' }, guestKey: string): Promise<number> {
  const now = nowIso();
  const row = await db()
    .insertInto('shopping_lists')
    .values({
      house_id: null,
      guest_key: guestKey,
      banner_id: owner.bannerId,
      site_type: owner.siteType,
      name: GUEST_LIST_NAME,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The owner's lists, Favorites first then by name. A read writes nothing: a household's Favorites is made by
 * its first add (or the first list made), so opening the page never changes the database.
 */
export async function listsOf(owner: ListOwner): Promise<ListSummary[]> {
  const rows = await ownedLists(db(), owner)
    .select(['id', 'name', 'is_default', 'item_count'])
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDefault: Number(row.is_default) === 1,
    itemCount: Number(row.item_count),
  }));
}

/**
 * A new named list for the household, under the cap of lists. The household's Favorites row is updated first
 * inside the transaction: on PostgreSQL that row lock makes two members' creations count one after the other.
 */
export async function createList(owner: ListOwner, rawName: string): Promise<Checked<number>> {
  if (owner.kind !== 'household') return { ok: false, message: LIST_MESSAGES.guestOneList };
  const name = checkListName(rawName);
  if (!name.ok) return name;
  const favorites = await ensureFavorites(owner);
  return db()
    .transaction()
    .execute(async (tx) => {
      const now = nowIso();
      await tx.updateTable('shopping_lists').set({ updated_at: now }).where('id', '=', favorites).execute();
      const { count } = await ownedLists(tx, owner)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (!canCreateList(Number(count))) return { ok: false as const, message: LIST_MESSAGES.tooManyLists };
      const row = await tx
        .insertInto('shopping_lists')
        .values({
          house_id: owner.houseId,
          guest_key: null,
          banner_id: owner.bannerId,
          site_type: owner.siteType,
          name: name.value,
          is_default: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true as const, value: row.id };
    });
}

export async function renameList(owner: ListOwner, listId: number, rawName: string): Promise<Checked<string>> {
  const name = checkListName(rawName);
  if (!name.ok) return name;
  const list = await ownedList(db(), owner, listId);
  if (!list) return { ok: false, message: LIST_MESSAGES.notFound };
  await db()
    .updateTable('shopping_lists')
    .set({ name: name.value, updated_at: nowIso() })
    .where('id', '=', list.id)
    .execute();
  return name;
}

/** Deletes a list and its items; Favorites stays. */
export async function deleteList(owner: ListOwner, listId: number): Promise<Checked<string>> {
  const list = await ownedList(db(), owner, listId);
  if (!list) return { ok: false, message: LIST_MESSAGES.notFound };
  if (Number(list.is_default) === 1 && owner.kind === 'household')
    return { ok: false, message: LIST_MESSAGES.favoritesStays };
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx.deleteFrom('shopping_list_items').where('list_id', '=', list.id).execute();
      await tx.deleteFrom('shopping_lists').where('id', '=', list.id).execute();
    });
  return { ok: true, value: list.name };
}
