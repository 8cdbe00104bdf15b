import { sql, type Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { catalogueWords } from '~/modules/catalog/catalogue-words';
import { productCardColumns, toProductHit } from '~/modules/catalog/product-card-select.server';
import type { Language } from '~/modules/i18n/languages';
import type { PriceContext } from '~/modules/search/price-context.server';
import type { ListOwner } from './list-owner.server';
import {
  checkItemText,
  LIST_MESSAGES,
  MAX_LIST_ITEMS,
  mergedQuantity,
  moveNeighbour,
  type Checked,
} from './list-rules';
import { ownedList } from './lists.server';

const nowIso = () => new Date().toISOString();

export interface ListItemView {
  id: number;
  quantity: number;
  checked: boolean;
  /** Free text (“birthday candles”), or null for a product. */
  text: string | null;
  product: {
    id: number;
    kind: string;
    name: string;
    priceCents: number;
    stock: 'in_stock' | 'out_of_stock' | 'unavailable';
  } | null;
  aisle: string | null;
  aisleOrder: number | null;
}

export interface ListView {
  id: number;
  name: string;
  isDefault: boolean;
  items: ListItemView[];
}

/** A list with every item priced and stocked at the store, in two statements whatever its length. */
export async function listView(owner: ListOwner, listId: number, ctx: PriceContext): Promise<ListView | null> {
  const list = await ownedList(db(), owner, listId);
  if (!list) return null;
  const rows = await db()
    .selectFrom('shopping_list_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('aisles as a', 'a.id', 'p.aisle_id')
    .leftJoin('departments as d', 'd.id', 'a.department_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', ctx.storeId ?? -1),
    )
    .select([
      'i.id as item_id',
      'i.text',
      'i.quantity',
      'i.checked',
      'a.name as aisle',
      sql<number | null>`d.position * 1000 + a.position`.as('aisle_order'),
      ...productCardColumns,
    ])
    .where('i.list_id', '=', list.id)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  return {
    id: list.id,
    name: list.name,
    isDefault: Number(list.is_default) === 1,
    items: rows.map((row) => {
      const hit =
        row.id !== null && row.kind && row.name
          ? toProductHit(
              {
                id: row.id,
                kind: row.kind,
                name: row.name,
                brand: row.brand ?? '',
                size_label: row.size_label ?? '',
                size_quantity: row.size_quantity ?? 0,
                size_unit: row.size_unit ?? 'ct',
                image_key: row.image_key ?? '',
                base_price_cents: row.base_price_cents ?? 0,
                attended_delivery_only: row.attended_delivery_only ?? 0,
                override_price: row.override_price,
                stock_status: row.stock_status,
              },
              ctx,
            )
          : null;
      return {
        id: row.item_id,
        quantity: Number(row.quantity),
        checked: Number(row.checked) === 1,
        text: row.text,
        product: hit
          ? {
              id: hit.id,
              kind: hit.kind,
              name: hit.name,
              priceCents: hit.priceCents,
              stock: hit.stock,
            }
          : null,
        aisle: hit ? row.aisle : null,
        aisleOrder: hit && row.aisle_order !== null ? Number(row.aisle_order) : null,
      };
    }),
  };
}

/** What an add puts on a list: a product and its quantity, or free text. */
export type NewItem = { productId: number; quantity: number } | { text: string };

/**
 * Adds items to an owned list in one transaction: all of them or none. Products already on the list add their
 * quantity to the line (at most 99) and take no new place; the rest must fit under the list's cap, which one
 * conditional UPDATE of item_count holds even when two household members add at once.
 */
export async function addItems(owner: ListOwner, listId: number, items: NewItem[]): Promise<Checked<number>> {
  const list = await ownedList(db(), owner, listId);
  if (!list) return { ok: false, message: LIST_MESSAGES.notFound };
  const texts: string[] = [];
  const products = new Map<number, number>();
  for (const item of items) {
    if ('text' in item) {
      const text = checkItemText(item.text);
      if (!text.ok) return text;
      texts.push(text.value);
    } else products.set(item.productId, (products.get(item.productId) ?? 0) + item.quantity);
  }
  if (products.size > 0) {
    const known = await db()
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...products.keys()])
      .execute();
    if (known.length !== products.size) return { ok: false, message: LIST_MESSAGES.unknownProduct };
  }
  return db()
    .transaction()
    .execute(async (tx) => {
      const existing = products.size
        ? await tx
            .selectFrom('shopping_list_items')
            .select(['id', 'product_id', 'quantity'])
            .where('list_id', '=', list.id)
            .where('product_id', 'in', [...products.keys()])
            .execute()
        : [];
      const fresh = [...products.entries()].filter(([id]) => !existing.some((row) => row.product_id === id));
      const adding = fresh.length + texts.length;
      if (adding > 0 && !(await takePlaces(tx, list.id, adding))) {
        return { ok: false as const, message: LIST_MESSAGES.listFull };
      }
      for (const row of existing) {
        await tx
          .updateTable('shopping_list_items')
          .set({ quantity: mergedQuantity(Number(row.quantity), products.get(row.product_id!)!) })
          .where('id', '=', row.id)
          .execute();
      }
      const { top } = await tx
        .selectFrom('shopping_list_items')
        .select((eb) => eb.fn.max<number | null>('position').as('top'))
        .where('list_id', '=', list.id)
        .executeTakeFirstOrThrow();
      let position = Number(top ?? 0);
      const now = nowIso();
      const values = [
        ...fresh.map(([productId, quantity]) => ({
          list_id: list.id,
          product_id: productId,
          text: null,
          quantity: mergedQuantity(0, quantity),
          position: ++position,
          created_at: now,
        })),
        ...texts.map((text) => ({
          list_id: list.id,
          product_id: null,
          text,
          quantity: 1,
          position: ++position,
          created_at: now,
        })),
      ];
      // Chunks keep a large recipe or merge under SQLite's bound-parameter limit.
      for (let start = 0; start < values.length; start += 500) {
        await tx
          .insertInto('shopping_list_items')
          .values(values.slice(start, start + 500))
          .execute();
      }
      return { ok: true as const, value: list.id };
    });
}

/** Raises the list's item count by `adding` when it stays under the cap; false when the list is full. */
async function takePlaces(tx: Transaction<Database>, listId: number, adding: number): Promise<boolean> {
  const result = await tx
    .updateTable('shopping_lists')
    .set((eb) => ({ item_count: eb('item_count', '+', adding), updated_at: nowIso() }))
    .where('id', '=', listId)
    .where('item_count', '<=', MAX_LIST_ITEMS - adding)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owned list's item with this id, or null. */
async function ownedItem(owner: ListOwner, listId: number, itemId: number) {
  const list = await ownedList(db(), owner, listId);
  if (!list) return null;
  const item = await db()
    .selectFrom('shopping_list_items')
    .select(['id', 'position'])
    .where('list_id', '=', list.id)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return item ? { list, item } : null;
}

export async function setItemQuantity(owner: ListOwner, listId: number, itemId: number, quantity: number) {
  const found = await ownedItem(owner, listId, itemId);
  if (!found) return { ok: false as const, message: LIST_MESSAGES.itemNotFound };
  await db().updateTable('shopping_list_items').set({ quantity }).where('id', '=', found.item.id).execute();
  return { ok: true as const };
}

/** Sets (never toggles) an item's check: the same post sent twice over a flaky connection leaves it the same. */
export async function setItemChecked(owner: ListOwner, listId: number, itemId: number, checked: boolean) {
  const found = await ownedItem(owner, listId, itemId);
  if (!found) return { ok: false as const, message: LIST_MESSAGES.itemNotFound };
  await db()
    .updateTable('shopping_list_items')
    .set({ checked: checked ? 1 : 0 })
    .where('id', '=', found.item.id)
    .execute();
  return { ok: true as const };
}

export async function removeItem(owner: ListOwner, listId: number, itemId: number) {
  const found = await ownedItem(owner, listId, itemId);
  if (!found) return { ok: false as const, message: LIST_MESSAGES.itemNotFound };
  await db()
    .transaction()
    .execute(async (tx) => {
      const removed = await tx.deleteFrom('shopping_list_items').where('id', '=', found.item.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 1) {
        await tx
          .updateTable('shopping_lists')
          .set((eb) => ({ item_count: eb('item_count', '-', 1), updated_at: nowIso() }))
          .where('id', '=', found.list.id)
          .execute();
      }
    });
  return { ok: true as const };
}

/** Swaps the item with its neighbour above or below; at the top or bottom nothing moves. */
export async function moveItem(owner: ListOwner, listId: number, itemId: number, direction: 'up' | 'down') {
  const found = await ownedItem(owner, listId, itemId);
  if (!found) return { ok: false as const, message: LIST_MESSAGES.itemNotFound };
  await db()
    .transaction()
    .execute(async (tx) => {
      // Only the two neighbours' rows are read: the item and the next one past it in list order.
      const { position } = found.item;
      const near = await tx
        .selectFrom('shopping_list_items')
        .select(['id', 'position'])
        .where('list_id', '=', found.list.id)
        .where((eb) =>
          direction === 'up'
            ? eb.or([eb('position', '<', position), eb.and([eb('position', '=', position), eb('id', '<=', itemId)])])
            : eb.or([eb('position', '>', position), eb.and([eb('position', '=', position), eb('id', '>=', itemId)])]),
        )
        .orderBy('position', direction === 'up' ? 'desc' : 'asc')
        .orderBy('id', direction === 'up' ? 'desc' : 'asc')
        .limit(2)
        .execute();
      const ordered = direction === 'up' ? [...near].reverse() : near;
      const other = moveNeighbour(ordered, itemId, direction);
      if (!other) return;
      // Equal positions (two adds at once) are parted so the swap always moves the item.
      const [mine, theirs] =
        other.position === position
          ? [other.position + (direction === 'up' ? 0 : 1), position + (direction === 'up' ? 1 : 0)]
          : [other.position, position];
      await tx.updateTable('shopping_list_items').set({ position: mine }).where('id', '=', itemId).execute();
      await tx.updateTable('shopping_list_items').set({ position: theirs }).where('id', '=', other.id).execute();
    });
  return { ok: true as const };
}

/** The name of a product a shopper is about to add, or null when there is no such product. */
export async function productToAdd(productId: number) {
  return (
    (await db().selectFrom('products').select(['id', 'name']).where('id', '=', productId).executeTakeFirst()) ?? null
  );
}

/**
 * A recipe's ingredients as list items: each matched product (quantity 1), else the ingredient's own words as
 * free text, in the shopper's language (0124). Null when there is no such recipe.
 */
export async function recipeItems(
  slug: string,
  language: Language = 'en',
): Promise<{ title: string; items: NewItem[] } | null> {
  const recipe = await db()
    .selectFrom('recipes')
    .select(['id', 'title', 'title_es'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!recipe) return null;
  const rows = await db()
    .selectFrom('recipe_ingredients')
    .select(['product_id', 'text', 'text_es'])
    .where('recipe_id', '=', recipe.id)
    .orderBy('position')
    .execute();
  return {
    title: catalogueWords(language, recipe.title, recipe.title_es),
    items: rows.map((row) =>
      row.product_id !== null
        ? { productId: row.product_id, quantity: 1 }
        : { text: catalogueWords(language, row.text, row.text_es).replace(/[<>]/g, '').slice(0, 100) },
    ),
  };
}
