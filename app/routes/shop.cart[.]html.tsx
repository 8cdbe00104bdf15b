import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useSearchParams } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import {
  pageAccess,
  PUBLIC_PAGE,
  CART_ACTION,
  CART_PAGE,
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  formatCents,
  BusinessPriceTag,
  pageMeta,
  ScriptAnswerField,
  useT,
  type CartAnswer,
} from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { CART_DONE_MESSAGES, CART_ERROR_MESSAGES } from '~/modules/cart/cart-messages';
import { requireUserType } from '~/modules/access/shopper.server';
import { shopperCart } from '~/modules/cart/cart-session.server';
import { cartView, type CartLine } from '~/modules/cart/cart-view.server';
import { allergyWarnings } from '~/modules/customers/household-allergies.server';
import { ShipZipForm } from '~/components/ShippingEstimate';
import { cartShipments, shippingZip, type Shipment } from '~/modules/shipping/shipping-estimates.server';

/** The cart: lines priced at the shopper's store, clipped savings, substitutions and notes. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE });
export const handle = { access };

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const cart = await shopperCart(request, shopper);
  const view = await cartView({
    cartId: cart.cartId,
    customerId: cart.owner.customerId,
    bannerId: cart.owner.bannerId,
    store: cart.store,
    preference: cart.preference,
  });
  const warnings = await allergyWarnings(
    shopper,
    view.lines.map((line) => line.productId),
  );
  const zipcode = view.shippedLines.length ? await shippingZip(request, shopper) : null;
  const shipments = await cartShipments(view.shippedLines, { zipcode, store: cart.store, language: shopper.language });
  const headers = new Headers(shopper.headers);
  for (const cookie of cart.setCookies) headers.append('Set-Cookie', cookie);
  return json(
    {
      cart: { ...view, lines: view.lines.map((line) => ({ ...line, allergyWarning: warnings[line.productId] })) },
      shipments,
      zipcode,
      signedIn: shopper.userType === 'C',
      preference: cart.preference,
      i18n: pageStrings(shopper.language, ['orders', 'shop']),
    },
    { headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Your cart'), t('The groceries in your cart, their prices and savings before checkout.'));
};

/**
 * Hands a line's answer to the page's status region, which stays when a removed line goes (WCAG 4.1.3), and a
 * refusal to the page's alert box, which stays when the refused line's cart reloads without it.
 */
const AnnounceContext = createContext<(words: string, refused: boolean) => void>(() => {});

/**
 * Reads out what a line's post did ("Bananas: Quantity updated."). Emptied while the next post is in flight, so
 * the same words said twice are read out twice.
 */
function useAnnouncedAnswer(fetcher: { state: string; data?: unknown }, name: string) {
  const announce = useContext(AnnounceContext);
  const t = useT();
  const busy = fetcher.state === 'submitting';
  const answer = busy ? null : (fetcher.data as CartAnswer | undefined);
  const said = answer ? `${name}: ${t(answer.message)}` : '';
  const refused = answer?.ok === false;
  useEffect(() => {
    if (said || busy) announce(said, refused);
  }, [said, busy, refused, announce]);
}

export default function CartPage() {
  const { cart, shipments, zipcode, signedIn, preference } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const error = params.get('cartError');
  const done = params.get('cartMessage');
  const t = useT();
  const [said, setSaid] = useState('');
  // With JavaScript a refusal comes back as an answer, not as ?cartError=: shown here, where the no-JS alert is.
  const [refusal, setRefusal] = useState<string | null>(null);
  const announce = useCallback((words: string, refused: boolean) => {
    setSaid(words);
    setRefusal(refused ? words : null);
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      <div className="container-page py-8">
        {/* Always in the page, so a change made with JavaScript (no new page) is read out when its words arrive. */}
        <p role="status" className="sr-only" data-testid="cart-status">
          {said}
        </p>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-extrabold md:text-3xl">{t('Your cart')}</h1>
            <p className="mt-1 text-stone-600" data-testid="cart-summary-line">
              {t('{{count}} items', { count: cart.itemCount })} · {t('prices at {{store}}', { store: cart.storeName })}
              {cart.priceTier === 'business' ? <BusinessPriceTag /> : null}
            </p>
          </div>
          <Link to="/" className="btn-outline">
            {t('Keep shopping')}
          </Link>
        </div>
        {refusal ? (
          // Not an alert: the status region above has read these words out already.
          <p
            className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
            data-testid="cart-refusal"
          >
            {refusal}
          </p>
        ) : error ? (
          <p
            role="alert"
            className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
          >
            {t(CART_ERROR_MESSAGES[error] ?? 'That change could not be made.')}
          </p>
        ) : done ? (
          <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            {t(CART_DONE_MESSAGES[done] ?? 'Cart updated.')}
          </p>
        ) : null}

        {cart.lines.length === 0 && shipments.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-8 text-center">
            <p className="font-semibold">{t('Your cart is empty.')}</p>
            <Link to="/" className="btn-primary mt-4">
              {t('Find something good')}
            </Link>
          </div>
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
            <div className="flex flex-col gap-6">
              {cart.lines.length > 0 ? (
                <ul className="flex flex-col gap-3" aria-label={t('Cart items')}>
                  {cart.lines.map((line) => (
                    <CartLineItem key={line.productId} line={line} />
                  ))}
                </ul>
              ) : null}
              {shipments.length > 0 ? <ShippedItems shipments={shipments} zipcode={zipcode} /> : null}
            </div>
            <aside className="card h-fit p-5 lg:sticky lg:top-24" aria-labelledby="order-summary">
              <h2 id="order-summary" className="text-lg font-bold">
                {t('Order summary')}
              </h2>
              <dl className="mt-3 space-y-2 text-sm">
                <div className="flex justify-between">
                  <dt>{t('Subtotal')}</dt>
                  <dd data-testid="cart-subtotal">{formatCents(cart.subtotalCents)}</dd>
                </div>
                {cart.savingsCents > 0 ? (
                  <div className="flex justify-between text-green-800">
                    <dt>{t('Clipped coupon savings')}</dt>
                    <dd data-testid="cart-savings">-{formatCents(cart.savingsCents)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-extrabold">
                  <dt>{t('Estimated total')}</dt>
                  <dd data-testid="cart-total">{formatCents(cart.totalCents)}</dd>
                </div>
                {cart.shippedLines.length > 0 ? (
                  <div className="flex justify-between border-t border-stone-200 pt-2 text-stone-700">
                    <dt>{t('Shipped items (checked out separately)')}</dt>
                    <dd data-testid="cart-shipped-subtotal">{formatCents(cart.shippedSubtotalCents)}</dd>
                  </div>
                ) : null}
              </dl>
              {cart.unavailableCount > 0 ? (
                <p className="mt-3 text-xs text-amber-800">
                  {t('{{count}} items are not included: see the messages beside them.', {
                    count: cart.unavailableCount,
                  })}
                </p>
              ) : null}
              {cart.needsAttendedDelivery && preference !== 'Delivery' ? (
                <p className="mt-3 text-xs text-amber-800">{t('Some items need attended delivery.')}</p>
              ) : null}
              {cart.lines.length === 0 ? (
                <p className="mt-4 text-sm text-stone-700" data-testid="shipped-only-note">
                  {t(
                    'Shipped items are not checked out with groceries yet: add groceries to choose a delivery or pickup time.',
                  )}
                </p>
              ) : (
                <div className="mt-4 flex flex-col gap-2">
                  <Link to="/shop/slots.html" className="btn-outline justify-center">
                    {t('Choose a delivery or pickup time')}
                  </Link>
                  {signedIn ? (
                    <Link to="/shop/checkout.html" className="btn-primary justify-center">
                      {t('Check out')}
                    </Link>
                  ) : (
                    <Link
                      to={`/account/sign-in.html?goto=${encodeURIComponent(CART_PAGE)}`}
                      className="btn-primary justify-center"
                    >
                      {t('Sign in to check out')}
                    </Link>
                  )}
                </div>
              )}
            </aside>
          </div>
        )}
      </div>
    </AnnounceContext.Provider>
  );
}

function CartLineItem({ line }: { line: CartLine & { allergyWarning?: string } }) {
  const fetcher = useFetcher();
  const choiceFetcher = useFetcher();
  const noteFetcher = useFetcher();
  const removing = fetcher.formData?.get('intent') === 'remove';
  const t = useT();
  useAnnouncedAnswer(fetcher, line.name);
  useAnnouncedAnswer(choiceFetcher, line.name);
  useAnnouncedAnswer(noteFetcher, line.name);
  return (
    <li
      className={`card flex flex-col gap-3 p-4 sm:flex-row ${removing ? 'opacity-50' : ''}`}
      data-testid="cart-line"
      data-product-id={line.productId}
    >
      <img
        src={`/images/products/${line.imageKey}.svg`}
        alt=""
        width={80}
        height={80}
        className="h-20 w-20 shrink-0 rounded-xl bg-stone-50 p-1"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap justify-between gap-2">
          <div>
            <h2 className="font-semibold leading-snug">
              <Link to={`/shop/product-details.${line.productId}.html`} className="hover:text-brand hover:underline">
                {line.name}
              </Link>
            </h2>
            <p className="text-xs text-stone-500">
              {line.sizeLabel} · {t('{{price}} each', { price: formatCents(line.unitPriceCents) })}
              {line.unitPrice ? ` · ${line.unitPrice}` : ''}
            </p>
            {line.allergyWarning ? (
              <p className="mt-1 text-sm font-semibold text-red-800" data-testid="line-allergy-warning">
                {line.allergyWarning}
              </p>
            ) : null}
          </div>
          <div className="text-right">
            <p className="font-bold" data-testid="line-total">
              {formatCents(line.lineCents - line.savingsCents)}
            </p>
            {line.snapEligible ? <p className="text-xs text-green-800">{t('SNAP eligible')}</p> : null}
            {line.savingsCents > 0 ? (
              <p className="text-xs text-green-800" data-testid="line-savings">
                {t('You save {{amount}}', { amount: formatCents(line.savingsCents) })} · {line.offerTitle}
              </p>
            ) : null}
          </div>
        </div>
        {line.message ? (
          <p
            className={`mt-1 text-xs font-semibold ${line.available ? 'text-amber-800' : 'text-red-700'}`}
            data-testid="line-message"
          >
            {t(line.message)}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <LineQuantityForms fetcher={fetcher} line={line} />
        </div>
        <details className="mt-3 rounded-xl bg-stone-50 p-3 text-sm">
          <summary className="cursor-pointer font-semibold">
            {line.substitution === 'allow' ? t('Substitutes: allowed') : t('Substitutes: not allowed')}
            {line.note ? ` · ${t('note added')}` : ''}
          </summary>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            <choiceFetcher.Form method="post" action={CART_ACTION} className="flex flex-col gap-1">
              <input type="hidden" name="intent" value="substitution" />
              <input type="hidden" name="productId" value={line.productId} />
              <input type="hidden" name="returnTo" value={CART_PAGE} />
              <ScriptAnswerField />
              <fieldset>
                <legend className="text-xs font-semibold">{t('If this item is out of stock')}</legend>
                <label className="mt-1 flex items-center gap-2">
                  <input
                    type="radio"
                    name="substitution"
                    value="allow"
                    defaultChecked={line.substitution === 'allow'}
                  />
                  {t('Allow substitutes')}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="substitution" value="none" defaultChecked={line.substitution === 'none'} />
                  {t('No substitutes')}
                </label>
              </fieldset>
              <button type="submit" className="btn-outline w-fit py-1 text-xs">
                {t('Save choice')}
              </button>
            </choiceFetcher.Form>
            <noteFetcher.Form method="post" action={CART_ACTION} className="flex flex-col gap-1">
              <input type="hidden" name="intent" value="note" />
              <input type="hidden" name="productId" value={line.productId} />
              <input type="hidden" name="returnTo" value={CART_PAGE} />
              <ScriptAnswerField />
              <label className="text-xs font-semibold" htmlFor={`note-${line.productId}`}>
                {t('Note for your shopper')}
              </label>
              <textarea
                id={`note-${line.productId}`}
                name="note"
                rows={2}
                maxLength={MAX_NOTE_LENGTH}
                defaultValue={line.note}
                placeholder={t('e.g. green bananas, please')}
                className="rounded-lg border border-stone-300 p-2"
              />
              <button type="submit" className="btn-outline w-fit py-1 text-xs">
                {t('Save note')}
              </button>
              {/* Read out by the page's status region; shown here beside the note. */}
              {noteFetcher.state === 'idle' && noteFetcher.data ? (
                <p className="text-xs text-stone-600">{t((noteFetcher.data as CartAnswer).message)}</p>
              ) : null}
            </noteFetcher.Form>
          </div>
        </details>
      </div>
    </li>
  );
}

/** Wine and marketplace lines, grouped by who ships them, each group with its arrive-by date or the reason there is none. */
function ShippedItems({ shipments, zipcode }: { shipments: Shipment[]; zipcode: string | null }) {
  const t = useT();
  return (
    <section id="shipping" aria-labelledby="shipped-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="shipped-heading" className="text-lg font-bold">
            {t('Shipped to your door')}
          </h2>
          <p className="text-sm text-stone-600">
            {zipcode
              ? t('Not part of your grocery delivery time · estimates for ZIP {{zipcode}}.', { zipcode })
              : t('Not part of your grocery delivery time.')}
          </p>
        </div>
        <ShipZipForm zipcode={zipcode} compact />
      </div>
      {shipments.map((shipment) => (
        <section
          key={shipment.key}
          aria-labelledby={`${shipment.key}-heading`}
          className="card p-4"
          data-testid="shipment"
          data-kind={shipment.kind}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`${shipment.key}-heading`} className="font-bold">
              {shipment.title}
            </h3>
            {shipment.label ? (
              <p className="text-sm font-semibold text-brand-dark" data-testid="shipment-arrive-by">
                {shipment.label}
              </p>
            ) : null}
          </div>
          {shipment.message ? (
            <p className="mt-1 text-sm font-semibold text-amber-800" role="note" data-testid="shipment-message">
              {shipment.message}
            </p>
          ) : null}
          <ul className="mt-3 flex flex-col gap-3" aria-label={shipment.title}>
            {shipment.lines.map((line) => (
              <ShippedLineItem key={line.productId} line={line} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function ShippedLineItem({ line }: { line: Shipment['lines'][number] }) {
  const fetcher = useFetcher();
  const removing = fetcher.formData?.get('intent') === 'remove';
  useAnnouncedAnswer(fetcher, line.name);
  const href =
    line.kind === 'wine'
      ? `/shop/vineandcellar/product-details.${line.productId}.html`
      : `/shop/marketplace/product-details.${line.productId}.html`;
  const t = useT();
  return (
    <li
      className={`flex flex-col gap-3 border-t border-stone-100 pt-3 first:border-0 first:pt-0 sm:flex-row ${removing ? 'opacity-50' : ''}`}
      data-testid="shipped-line"
      data-product-id={line.productId}
    >
      <img
        src={`/images/products/${line.imageKey}.svg`}
        alt=""
        width={64}
        height={64}
        className="h-16 w-16 shrink-0 rounded-xl bg-stone-50 p-1"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap justify-between gap-2">
          <div>
            <h4 className="font-semibold leading-snug">
              <Link to={href} className="hover:text-brand hover:underline">
                {line.name}
              </Link>
            </h4>
            <p className="text-xs text-stone-500">
              {line.sizeLabel} · {t('{{price}} each', { price: formatCents(line.unitPriceCents) })}
            </p>
          </div>
          <p className="font-bold">{formatCents(line.lineCents)}</p>
        </div>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <LineQuantityForms fetcher={fetcher} line={line} />
        </div>
      </div>
    </li>
  );
}

/** Quantity and remove for one cart line (grocery or shipped): plain posts without JavaScript, one fetcher with it. */
function LineQuantityForms({
  fetcher,
  line,
}: {
  fetcher: ReturnType<typeof useFetcher>;
  line: { productId: number; name: string; quantity: number };
}) {
  const t = useT();
  return (
    <>
      <fetcher.Form method="post" action={CART_ACTION} className="flex items-end gap-2">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="returnTo" value={CART_PAGE} />
        <ScriptAnswerField />
        <label className="text-xs font-semibold">
          {t('Quantity')}
          <input
            type="number"
            name="quantity"
            min={0}
            max={MAX_LINE_QUANTITY}
            defaultValue={line.quantity}
            key={line.quantity}
            className="mt-1 block w-20 rounded-lg border border-stone-300 px-2 py-1 text-sm"
            aria-label={t('Quantity of {{name}}', { name: line.name })}
          />
        </label>
        <button type="submit" className="btn-outline py-1 text-sm">
          {t('Update')}
        </button>
      </fetcher.Form>
      <fetcher.Form method="post" action={CART_ACTION}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="returnTo" value={CART_PAGE} />
        <ScriptAnswerField />
        <button
          type="submit"
          className="btn-outline py-1 text-sm"
          aria-label={t('Remove {{name}}', { name: line.name })}
        >
          {t('Remove')}
        </button>
      </fetcher.Form>
    </>
  );
}
