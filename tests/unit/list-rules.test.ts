import { describe, expect, it } from 'vitest';
import {
  canCreateList,
  checkItemText,
  checkListName,
  checkQuantity,
  groupByAisle,
  LIST_MESSAGES,
  listHasRoom,
  MAX_LIST_ITEMS,
  MAX_LISTS,
  shownListName,
  mergedQuantity,
  moveNeighbour,
} from '~/modules/lists/list-rules';
import { addToListForm, listIdFromParam, listPageForm } from '~/modules/lists/list-forms';

describe('shopping list rules (docs/decisions/0106-shopping-lists.md)', () => {
  it('trims a list name and makes inner white space one space', () => {
    expect(checkListName('  Weekly   shop \n')).toEqual({ ok: true, value: 'Weekly shop' });
  });

  it('refuses an empty name, a name over 60 characters and a name of 10,000', () => {
    expect(checkListName('   ')).toEqual({ ok: false, message: LIST_MESSAGES.nameEmpty });
    expect(checkListName('x'.repeat(60)).ok).toBe(true);
    expect(checkListName('x'.repeat(61))).toEqual({ ok: false, message: LIST_MESSAGES.nameLong });
    expect(checkListName('x'.repeat(10_000))).toEqual({ ok: false, message: LIST_MESSAGES.nameLong });
  });

  it('refuses markup in names and free-text items', () => {
    expect(checkListName('<script>alert(1)</script>')).toEqual({ ok: false, message: LIST_MESSAGES.nameMarkup });
    expect(checkItemText('<img src=x onerror=alert(1)>')).toEqual({ ok: false, message: LIST_MESSAGES.textMarkup });
    expect(checkItemText('M&Ms "party" size')).toEqual({ ok: true, value: 'M&Ms "party" size' });
  });

  it('takes whole quantities from 1 to 99 and refuses 0, -1, 1e9 and 2.5', () => {
    expect(checkQuantity('1')).toEqual({ ok: true, value: 1 });
    expect(checkQuantity('99')).toEqual({ ok: true, value: 99 });
    for (const bad of ['0', '-1', '1e9', '1000000000', '2.5', '', 'two', '100']) {
      expect(checkQuantity(bad)).toEqual({ ok: false, message: LIST_MESSAGES.quantity });
    }
  });

  it('holds the caps: 25 lists a household, 10,000 items a list', () => {
    expect(canCreateList(MAX_LISTS - 1)).toBe(true);
    expect(canCreateList(MAX_LISTS)).toBe(false);
    expect(listHasRoom(MAX_LIST_ITEMS - 1)).toBe(true);
    expect(listHasRoom(MAX_LIST_ITEMS)).toBe(false);
    expect(listHasRoom(MAX_LIST_ITEMS - 1, 2)).toBe(false);
  });

  it('adds up a product added again, at most 99', () => {
    expect(mergedQuantity(2, 3)).toBe(5);
    expect(mergedQuantity(98, 5)).toBe(99);
  });

  it('moves an item past its neighbour, and not past the top or bottom', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(moveNeighbour(items, 2, 'up')).toEqual({ id: 1 });
    expect(moveNeighbour(items, 2, 'down')).toEqual({ id: 3 });
    expect(moveNeighbour(items, 1, 'up')).toBeNull();
    expect(moveNeighbour(items, 3, 'down')).toBeNull();
    expect(moveNeighbour(items, 9, 'up')).toBeNull();
  });

  it('groups items by aisle in store-walk order, free text last', () => {
    const groups = groupByAisle([
      { id: 1, aisle: 'Dairy', aisleOrder: 3002 },
      { id: 2, aisle: null, aisleOrder: null },
      { id: 3, aisle: 'Produce', aisleOrder: 1001 },
      { id: 4, aisle: 'Dairy', aisleOrder: 3002 },
    ]);
    expect(groups.map((g) => [g.aisle, g.items.map((i) => i.id)])).toEqual([
      ['Produce', [3]],
      ['Dairy', [1, 4]],
      ['Other items', [2]],
    ]);
  });

  it('reads a list id from its page name and nothing else', () => {
    expect(listIdFromParam('12.html')).toBe(12);
    expect(listIdFromParam('12')).toBeNull();
    expect(listIdFromParam('-1.html')).toBeNull();
    expect(listIdFromParam('1e9.html')).toBeNull();
  });

  it('refuses quantities 0, -1 and 1e9 in the forms, and takes a card post without one as one', () => {
    for (const quantity of ['0', '-1', '1e9']) {
      const parsed = addToListForm.safeParse({ intent: 'add-product', productId: '5', quantity });
      expect(parsed.success).toBe(false);
      const update = listPageForm.safeParse({ intent: 'quantity', itemId: '1', quantity });
      expect(update.success && update.data).toBe(false);
    }
    expect(addToListForm.parse({ intent: 'add', productId: '5', returnTo: '/' })).toMatchObject({ quantity: 1 });
  });
});

describe('a list name as the page shows it', () => {
  const spanish = (key: string) => ({ Favorites: 'Favoritos', 'Your list': 'Su lista' })[key] ?? key;

  it('reads a default list under the name Pantry gave it in the page language', () => {
    expect(shownListName(spanish, { name: 'Favorites', isDefault: true })).toBe('Favoritos');
    expect(shownListName(spanish, { name: 'Your list', isDefault: true })).toBe('Su lista');
  });

  it('keeps a name the shopper wrote, even one that reads like a default', () => {
    expect(shownListName(spanish, { name: 'Fiesta', isDefault: true })).toBe('Fiesta');
    expect(shownListName(spanish, { name: 'Favorites', isDefault: false })).toBe('Favorites');
  });
});
