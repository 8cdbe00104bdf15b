import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from '@remix-run/react';
import { CART_ACTION, type CartAnswer } from '~/modules/cart/cart-forms';
import { ScriptAnswerField } from './ScriptAnswerField';
import { useT } from './Translations';

/**
 * "Add to cart" on a product card: a plain form post (redirected back) without JavaScript, a fetcher
 * with it (the header count moves optimistically while the post is in flight). A shopper without a cart
 * gets one from their first add (its cookie comes back with the answer), so other add buttons wait for that
 * answer: a second add sent alongside it would start a second cart and the first item would be lost.
 */
export function AddToCart({ productId, name, disabled }: { productId: number; name: string; disabled?: boolean }) {
  const t = useT();
  const fetcher = useFetcher<CartAnswer>();
  const location = useLocation();
  const busy = fetcher.state !== 'idle';
  const hasCart = (useRouteLoaderData<{ cartCount?: number }>('root')?.cartCount ?? 0) > 0;
  const addsInFlight = useFetchers().some(
    (other) => other.formAction === CART_ACTION && other.formData?.get('intent') === 'add',
  );
  const cartStarting = !hasCart && addsInFlight;
  const answer = fetcher.data;
  const label = t(busy ? 'Adding…' : answer?.ok ? 'Add another' : 'Add to cart');
  // Emptied while a post is in flight, so the same words said twice are read out twice (WCAG 4.1.3).
  const said = answer && !busy ? t(answer.message) : '';
  return (
    <fetcher.Form method="post" action={CART_ACTION} data-testid="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {/* No quantity field: an add without one is one unit, here and at the lists page. */}
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <ScriptAnswerField />
      <button
        type="submit"
        className="btn-primary"
        disabled={disabled || busy || cartStarting}
        // The words on screen, then which product (WCAG 2.5.3: the name contains the visible label).
        aria-label={`${label}: ${name}`}
      >
        {label}
      </button>
      {/* The same fields posted to the lists page: no code of its own (decision 0106). */}
      <button formAction="/shop/lists/add.html" className="btn-outline" aria-label={`${t('Add to list')}: ${name}`}>
        {t('Add to list')}
      </button>
      <p className="sr-only" role="status">
        {said}
      </p>
      {answer && !answer.ok ? <p className="mt-1 text-xs font-semibold text-red-700">{said}</p> : null}
    </fetcher.Form>
  );
}
