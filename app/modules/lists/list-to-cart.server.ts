import type { Shopper } from '~/modules/access/shopper';
import { runCartIntent, withCookies } from '~/modules/cart/cart-actions.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { currentStore } from '~/modules/stores/current-store.server';
import { listView } from './list-items.server';
import type { ListOwner } from './list-owner.server';

export interface ListToCartReport {
  /** Product lines added to the cart. */
  added: string[];
  /** Products not sold or out of stock at this store, by name: left on the list, not in the cart. */
  unavailable: string[];
  /** Free-text items, by name: nothing to add, still on the list. */
  freeText: string[];
  storeName: string;
}

/**
 * "Add all to cart": every unchecked product of the list at its quantity, through the cart's own add (so a guest
 * gets their cart and its cookie as from any add), at the shopper's current store. Checked items are done and
 * skipped. Null when the owner has no such list.
 */
export async function addListToCart(
  request: Request,
  shopper: Shopper,
  owner: ListOwner,
  listId: number,
): Promise<{ report: ListToCartReport; setCookies: string[] } | null> {
  const store = await currentStore(shopper);
  const list = await listView(owner, listId, priceContextFor(store, store.banner_id));
  if (!list) return null;
  const report: ListToCartReport = { added: [], unavailable: [], freeText: [], storeName: store.name };
  const setCookies: string[] = [];
  for (const item of list.items) {
    if (item.checked) continue;
    if (!item.product) {
      report.freeText.push(item.text ?? '');
      continue;
    }
    if (item.product.stock !== 'in_stock') {
      report.unavailable.push(item.product.name);
      continue;
    }
    const { answer, setCookies: cookies } = await runCartIntent(request, shopper, {
      intent: 'add',
      productId: item.product.id,
      quantity: item.quantity,
    });
    setCookies.push(...cookies);
    // A guest cart made by the first add is the one the next add uses.
    if (cookies.length > 0) request = withCookies(request, cookies);
    if (answer.ok) report.added.push(item.product.name);
    else report.unavailable.push(item.product.name);
  }
  return { report, setCookies };
}
