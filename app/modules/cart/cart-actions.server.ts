import type { Shopper } from '~/modules/access/shopper.server';
import { subjectOf } from '~/modules/http/state-versions.server';
import { serverT } from '~/modules/i18n/translations.server';
import { cartForWriting, cartItemCount } from './active-cart.server';
import { addToCart, removeFromCart, setNote, setQuantity, setSubstitution } from './cart-lines.server';
import type { CartForm } from './cart-form-schema';
import type { CartAnswer } from './cart-forms';
import { CART_DONE_MESSAGES } from './cart-messages';
import { guestCartCookie, shopperCart } from './cart-session.server';

/** One cart action, switching on the intent (Hydrogen style). Returns the answer and any cookies. */
export async function runCartIntent(
  request: Request,
  shopper: Shopper,
  form: CartForm,
): Promise<{ answer: CartAnswer; setCookies: string[]; stateNoted: string[] }> {
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
      stateNoted: [],
    };
  }
  if (!cartId) {
    cartId = await cartForWriting(cart.owner, cart.guestCartId, storeId);
    if (cart.owner.customerId === null) setCookies.push(await guestCartCookie(cartId, shopper));
  }
  // A signed-in customer's add moves their state version on in the same commit.
  const stateSubject = cart.owner.customerId !== null ? subjectOf(cart.owner.customerId) : undefined;
  const result =
    form.intent === 'add'
      ? await addToCart(cartId, form.productId, form.quantity, storeId, { shipped: 'allow', stateSubject })
      : form.intent === 'update'
        ? await setQuantity(cartId, form.productId, form.quantity, storeId)
        : form.intent === 'remove'
          ? await removeFromCart(cartId, form.productId, storeId)
          : form.intent === 'substitution'
            ? await setSubstitution(cartId, form.productId, form.substitution, storeId)
            : await setNote(cartId, form.productId, form.note, storeId);
  if (!result.ok) {
    return {
      answer: { ok: false, code: result.code, message: result.message, productId: form.productId },
      setCookies,
      stateNoted: [],
    };
  }
  return {
    answer: {
      ok: true,
      intent: form.intent,
      productId: form.productId,
      // An add answers with the count it read in its own statement; the other intents read it now.
      itemCount:
        'itemCount' in result && typeof result.itemCount === 'number' ? result.itemCount : await cartItemCount(cartId),
      message: CART_DONE_MESSAGES[form.intent] ?? 'Cart updated.',
    },
    setCookies,
    stateNoted: form.intent === 'add' && stateSubject ? [stateSubject] : [],
  };
}

/**
 * The add-to-cart forms of product and recipe pages (one product, or every ingredient of a recipe):
 * each product is added through the cart's own intent. The message says what happened, and why
 * for anything that could not be added (a wine or marketplace item ships on its own).
 */
export async function addProductsFromPage(
  request: Request,
  shopper: Shopper,
  productIds: number[],
  quantity: number,
): Promise<{ ok: boolean; message: string; setCookies: string[] }> {
  const setCookies: string[] = [];
  let added = 0;
  let refusal: string | null = null;
  for (const productId of productIds) {
    const { answer, setCookies: cookies } = await runCartIntent(request, shopper, {
      intent: 'add',
      productId,
      quantity,
    });
    setCookies.push(...cookies);
    if (answer.ok) added += 1;
    else refusal ??= answer.message;
    // A guest cart created by the first add must be the one the next add uses.
    if (cookies.length > 0) request = withCookies(request, cookies);
  }
  // The cart's messages are keys in orders.json; the page shows this one in its shopper's language.
  const t = serverT(shopper.language, 'orders');
  if (added === 0) return { ok: false, message: t(refusal ?? 'Nothing was added.'), setCookies };
  const message =
    productIds.length === 1
      ? t('Added to your cart.')
      : t('Added {{added}} of {{count}} items to your cart.', { added, count: productIds.length });
  return { ok: true, message: refusal && productIds.length > 1 ? `${message} ${t(refusal)}` : message, setCookies };
}

/** The same request as if the browser had already stored these cookies. */
export function withCookies(request: Request, setCookies: string[]): Request {
  const pairs = setCookies.map((cookie) => cookie.split(';')[0]!);
  const existing = request.headers.get('Cookie');
  const headers = new Headers(request.headers);
  headers.set('Cookie', [existing, ...pairs].filter(Boolean).join('; '));
  return new Request(request.url, { method: request.method, headers });
}
