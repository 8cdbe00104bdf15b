import type { Shopper } from '~/modules/access/shopper.server';
import {
  addToCart,
  cartForWriting,
  cartItemCount,
  removeFromCart,
  setNote,
  setQuantity,
  setSubstitution,
} from './cart.server';
import { CART_DONE_MESSAGES, type CartAnswer, type CartForm } from './cart-forms';
import { guestCartCookie, shopperCart } from './cart-session.server';

/** One cart action, switching on the intent (Hydrogen style). Returns the answer and any cookies. */
export async function runCartIntent(
  request: Request,
  shopper: Shopper,
  form: CartForm,
): Promise<{ answer: CartAnswer; setCookies: string[] }> {
  const cart = await shopperCart(request, shopper);
  const setCookies = [...cart.setCookies];
  const storeId = cart.store.id;
  let cartId = cart.cartId;
  if (!cartId && form.intent !== 'add') {
    return {
      answer: {
        ok: false,
        code: 'NOT_IN_CART',
        message: 'That item is no longer in your cart.',
        productId: form.productId,
      },
      setCookies,
    };
  }
  if (!cartId) {
    cartId = await cartForWriting(cart.owner, cart.guestCartId, storeId);
    if (cart.owner.customerId === null) setCookies.push(await guestCartCookie(cartId, shopper));
  }
  const result =
    form.intent === 'add'
      ? await addToCart(cartId, form.productId, form.quantity, storeId)
      : form.intent === 'update'
        ? await setQuantity(cartId, form.productId, form.quantity, storeId)
        : form.intent === 'remove'
          ? await removeFromCart(cartId, form.productId, storeId)
          : form.intent === 'substitution'
            ? await setSubstitution(cartId, form.productId, form.substitution, storeId)
            : await setNote(cartId, form.productId, form.note, storeId);
  if (!result.ok) {
    return { answer: { ok: false, code: result.code, message: result.message, productId: form.productId }, setCookies };
  }
  return {
    answer: {
      ok: true,
      intent: form.intent,
      productId: form.productId,
      itemCount: await cartItemCount(cartId),
      message: CART_DONE_MESSAGES[form.intent] ?? 'Cart updated.',
    },
    setCookies,
  };
}
