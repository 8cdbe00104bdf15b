import { db } from '~/db/db.server';
import type { ListOwner } from './list-owner.server';
import { LIST_MESSAGES, MAX_LIST_ITEMS, mergedQuantity } from './list-rules';
import { ensureFavorites } from './lists.server';

const nowIso = () => new Date().toISOString();

/**
 * Sign-in merge, as the cart's: the guest list's items join the household's Favorites (a product already there
 * adds its quantity, at most 99; free text is appended after Favorites' items, checks kept), and the guest list is
 * deleted in the same transaction, so a repeated or concurrent merge finds nothing to add. Items past the
 * Favorites cap stay behind with the deleted guest list; the answer says how many were dropped.
 * Returns null when the key names no guest list of this banner and site.
 */
export async function mergeGuestList(
  guestKey: string,
  owner: ListOwner & { kind: 'household' },
): Promise<{ added: number; dropped: number; message: string | null } | null> {
  const favorites = await ensureFavorites(owner);
  return db()
    .transaction()
    .execute(async (tx) => {
      const guest = await tx
        .selectFrom('shopping_lists')
        .select('id')
        .where('guest_key', '=', guestKey)
        .where('house_id', 'is', null)
        .where('banner_id', '=', owner.bannerId)
        .where('site_type', '=', owner.siteType)
        .executeTakeFirst();
      if (!guest) return null;
      const items = await tx
        .deleteFrom('shopping_list_items')
        .where('list_id', '=', guest.id)
        .returning(['product_id', 'text', 'quantity', 'checked', 'position', 'id'])
        .execute();
      const gone = await tx.deleteFrom('shopping_lists').where('id', '=', guest.id).executeTakeFirst();
      // Of two merges at once, only the one that deleted the list adds its items.
      if (Number(gone.numDeletedRows) === 0) return null;
      items.sort((a, b) => a.position - b.position || a.id - b.id);
      const target = await tx
        .selectFrom('shopping_lists')
        .select('item_count')
        .where('id', '=', favorites)
        .executeTakeFirstOrThrow();
      const own = new Map(
        (
          await tx
            .selectFrom('shopping_list_items')
            .select(['id', 'product_id', 'quantity'])
            .where('list_id', '=', favorites)
            .where('product_id', 'is not', null)
            .execute()
        ).map((row) => [row.product_id!, row]),
      );
      const { top } = await tx
        .selectFrom('shopping_list_items')
        .select((eb) => eb.fn.max<number | null>('position').as('top'))
        .where('list_id', '=', favorites)
        .executeTakeFirstOrThrow();
      let position = Number(top ?? 0);
      let room = MAX_LIST_ITEMS - Number(target.item_count);
      let added = 0;
      let dropped = 0;
      const now = nowIso();
      for (const item of items) {
        const mine = item.product_id !== null ? own.get(item.product_id) : undefined;
        if (mine) {
          await tx
            .updateTable('shopping_list_items')
            .set({ quantity: mergedQuantity(Number(mine.quantity), Number(item.quantity)) })
            .where('id', '=', mine.id)
            .execute();
          continue;
        }
        if (room <= 0) {
          dropped += 1;
          continue;
        }
        await tx
          .insertInto('shopping_list_items')
          .values({
            list_id: favorites,
            product_id: item.product_id,
            text: item.text,
            quantity: item.quantity,
            checked: item.checked,
            position: ++position,
            created_at: now,
          })
          .execute();
        room -= 1;
        added += 1;
      }
      await tx
        .updateTable('shopping_lists')
        .set((eb) => ({ item_count: eb('item_count', '+', added), updated_at: now }))
        .where('id', '=', favorites)
        .execute();
      return { added, dropped, message: dropped > 0 ? LIST_MESSAGES.listFull : null };
    });
}
