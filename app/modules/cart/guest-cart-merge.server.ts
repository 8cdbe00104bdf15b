import { db } from '~/db/db.server';
import { activeCustomerCartId, createCart, touchCart, type CartOwner } from './active-cart.server';
import { MAX_LINE_QUANTITY } from './cart-forms';

const nowIso = () => new Date().toISOString();

/**
 * Sign-in merge: the guest cart's lines are added to the customer's active cart (quantities added,
 * capped at 99; the customer's own substitution choice and note win, else the guest's), the cart takes
 * the current session's store, and the guest cart is retired so it can never be merged twice.
 * Returns the customer's cart id, or null when the guest cart is not an active guest cart of this site.
 */
export async function mergeGuestCart(
  guestCartId: string,
  owner: CartOwner & { customerId: number },
  storeId: number,
): Promise<string | null> {
  return db()
    .transaction()
    .execute(async (tx) => {
      // Retire first, conditionally: of two concurrent merges only one sees the guest cart active.
      const retired = await tx
        .updateTable('carts')
        .set({ status: 'retired', updated_at: nowIso() })
        .where('id', '=', guestCartId)
        .where('customer_id', 'is', null)
        .where('banner_id', '=', owner.bannerId)
        .where('site_type', '=', owner.siteType)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(retired.numUpdatedRows) === 0) return null;
      const cartId = (await activeCustomerCartId(owner, tx)) ?? (await createCart(owner, storeId, tx));
      const guestLines = await tx.selectFrom('cart_items').selectAll().where('cart_id', '=', guestCartId).execute();
      const ownLines = new Map(
        (await tx.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).execute()).map((line) => [
          line.product_id,
          line,
        ]),
      );
      for (const line of guestLines) {
        const own = ownLines.get(line.product_id);
        if (own) {
          await tx
            .updateTable('cart_items')
            .set({
              quantity: Math.min(MAX_LINE_QUANTITY, own.quantity + line.quantity),
              note: own.note || line.note,
            })
            .where('cart_id', '=', cartId)
            .where('product_id', '=', line.product_id)
            .execute();
        } else {
          await tx
            .insertInto('cart_items')
            .values({ ...line, cart_id: cartId })
            .execute();
        }
      }
      await touchCart(cartId, storeId, tx);
      return cartId;
    });
}
