/**
 * The rules of shopping lists, without a database: limits, what a name or a free-text item may be, and how
 * an item moves up or down. Page-safe (no server imports, no zod).
 */
export const MAX_LISTS = 25;
export const MAX_LIST_ITEMS = 10_000;
export const MAX_LIST_NAME = 60;
export const MAX_ITEM_TEXT = 100;
export const MAX_ITEM_QUANTITY = 99;
export const FAVORITES_NAME = 'Favorites';
export const GUEST_LIST_NAME = 'Your list';

/** A default list still under the name Pantry gave it reads in the page's language; a name the shopper wrote stays. */
export const shownListName = (t: (key: string) => string, list: { name: string; isDefault: boolean }) =>
  list.isDefault && (list.name === FAVORITES_NAME || list.name === GUEST_LIST_NAME) ? t(list.name) : list.name;

export const LIST_MESSAGES = {
  nameEmpty: 'Give the list a name.',
  nameLong: `Keep the list name to ${MAX_LIST_NAME} characters or fewer.`,
  nameMarkup: 'List names cannot contain < or >.',
  textEmpty: 'Type what you want to remember, for example “birthday candles”.',
  textLong: `Keep an item to ${MAX_ITEM_TEXT} characters or fewer.`,
  textMarkup: 'Items cannot contain < or >.',
  quantity: `Enter a quantity from 1 to ${MAX_ITEM_QUANTITY}.`,
  tooManyLists: `You have ${MAX_LISTS} lists, the most you can keep. Delete a list you no longer use first.`,
  listFull: `This list has ${MAX_LIST_ITEMS.toLocaleString('en-US')} items, the most a list can hold. Remove some items or start another list.`,
  notFound: 'We could not find that list.',
  itemNotFound: 'That item is no longer on this list.',
  unknownProduct: 'We could not find that product. Please refresh the page.',
  favoritesStays: 'Favorites is your household’s default list and cannot be deleted.',
  guestOneList: 'Sign in to save your list and keep more than one.',
} as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A list name: trimmed, inner runs of white space made one space, 1–60 characters, no markup. */
export function checkListName(raw: string): Checked<string> {
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name.length === 0) return { ok: false, message: LIST_MESSAGES.nameEmpty };
  if (name.length > MAX_LIST_NAME) return { ok: false, message: LIST_MESSAGES.nameLong };
  if (/[<>]/.test(name)) return { ok: false, message: LIST_MESSAGES.nameMarkup };
  return { ok: true, value: name };
}

/** A free-text item such as “birthday candles”: the same shape as a name, up to 100 characters. */
export function checkItemText(raw: string): Checked<string> {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return { ok: false, message: LIST_MESSAGES.textEmpty };
  if (text.length > MAX_ITEM_TEXT) return { ok: false, message: LIST_MESSAGES.textLong };
  if (/[<>]/.test(text)) return { ok: false, message: LIST_MESSAGES.textMarkup };
  return { ok: true, value: text };
}

/** A quantity as typed: a whole number from 1 to 99 (0, -1, 1e9 and 2.5 are refused). */
export function checkQuantity(raw: string | number): Checked<number> {
  const text = String(raw).trim();
  if (!/^\d{1,2}$/.test(text)) return { ok: false, message: LIST_MESSAGES.quantity };
  const quantity = Number(text);
  if (quantity < 1 || quantity > MAX_ITEM_QUANTITY) return { ok: false, message: LIST_MESSAGES.quantity };
  return { ok: true, value: quantity };
}

/** Whether `adding` more items fit in a list that holds `count`. */
export function listHasRoom(count: number, adding = 1): boolean {
  return count + adding <= MAX_LIST_ITEMS;
}

/** Whether a household with `count` lists may make another. */
export function canCreateList(count: number): boolean {
  return count < MAX_LISTS;
}

/** A product line added again keeps one line: the quantities add up, at most 99. */
export function mergedQuantity(current: number, added: number): number {
  return Math.min(MAX_ITEM_QUANTITY, current + added);
}

/**
 * The item a move swaps places with: the neighbour above (up) or below (down) in list order, or null at the
 * list's top or bottom. `items` are in list order.
 */
export function moveNeighbour<T extends { id: number }>(items: readonly T[], itemId: number, direction: 'up' | 'down') {
  const index = items.findIndex((item) => item.id === itemId);
  if (index < 0) return null;
  return items[direction === 'up' ? index - 1 : index + 1] ?? null;
}

/** Items grouped by aisle, in store-walk order, free text last under “Other items”. */
export function groupByAisle<T extends { aisle: string | null; aisleOrder: number | null }>(items: readonly T[]) {
  const groups = new Map<string, { aisle: string; order: number; items: T[] }>();
  for (const item of items) {
    const aisle = item.aisle ?? 'Other items';
    const group = groups.get(aisle) ?? { aisle, order: item.aisleOrder ?? Number.MAX_SAFE_INTEGER, items: [] };
    group.items.push(item);
    groups.set(aisle, group);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order || a.aisle.localeCompare(b.aisle));
}
