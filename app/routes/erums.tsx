import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType, type Shopper } from '~/modules/access/shopper.server';
import { addToCart, setQuantity } from '~/modules/cart/cart-lines.server';
import { cartView } from '~/modules/cart/cart-view.server';
import { featuredProducts } from '~/modules/catalog/product-cards.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { editFormSchema, fulfillmentLabel, ORDER_REFUSALS, orderNumberSchema } from '~/modules/orders/order-rules';
import {
  clearEditModeCookies,
  editModeCookies,
  orderCustomer,
  orderNumberCookie,
  readEditMode,
} from '~/modules/orders/order-session.server';
import { discardEdit, editedOrderFee, saveEdit, startEdit } from '~/modules/orders/order-changes.server';
import type { OrderSummary } from '~/modules/orders/order-history.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { slotLabelIn } from '~/modules/orders/order-dates.server';
import { SLOT_KIND_LABELS, SLOT_REFUSALS } from '~/modules/slots/slot-rules';
import { heldSlot, listSlots, reserveSlot } from '~/modules/slots/slots.server';
import { storeById } from '~/modules/stores/stores.server';

/** /erums: edit a pending order until its cut-off (edit-order mode: SlotInfo and OrderStoreId cookies). */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const Query = z.object({ orderNumber: orderNumberSchema.optional(), editError: z.string().max(40).optional() });

/** The edit cart priced at the order's store, with the order's fulfilment forced (spec section 6). */
async function editView(customer: OrderCustomer, cartId: string, order: OrderSummary) {
  const store = (await storeById(order.storeId))!;
  const view = await cartView({
    cartId,
    customerId: customer.customerId,
    bannerId: customer.bannerId,
    store,
    preference: order.fulfillment === 'DUG' ? 'Dug' : 'Delivery',
  });
  return { store, view };
}

async function orderNumberFor(request: Request, shopper: Shopper, fromQuery: string | undefined) {
  return fromQuery ?? (await readEditMode(request, shopper))?.orderNumber ?? null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const query = parseSearchParams(request, Query, shopper.language);
  const orderNumber = await orderNumberFor(request, shopper, query.orderNumber);
  if (!orderNumber) throw redirect('/account/orders.html', { headers: shopper.headers });
  // Entering edit mode is idempotent: the order's working copy is reused while the edit lasts.
  const edit = await startEdit(customer, orderNumber, new Date(), shopper.language);
  const headers = new Headers(shopper.headers);
  const t = serverT(shopper.language, 'orders');
  const i18n = pageStrings(shopper.language, ['orders']);
  if (!edit.ok) {
    if (edit.code === 'NOT_FOUND')
      throw json({ code: 'NOT_FOUND', message: t(ORDER_REFUSALS.NOT_FOUND) }, { status: 404, headers });
    for (const cookie of await clearEditModeCookies(shopper)) headers.append('Set-Cookie', cookie);
    return json({ closed: { orderNumber, message: t(ORDER_REFUSALS[edit.code]) }, editing: null, i18n }, { headers });
  }
  for (const cookie of await editModeCookies(edit.order, shopper)) headers.append('Set-Cookie', cookie);
  const { store, view } = await editView(customer, edit.cartId, edit.order);
  const type = edit.order.fulfillment === 'DUG' ? 'pickup' : 'delivery';
  const [held, slots, products] = await Promise.all([
    heldSlot(edit.cartId, store.timezone),
    listSlots(store, type),
    featuredProducts(store, 8),
  ]);
  const feeCents = await editedOrderFee(customer, edit.order, held, view.totalCents);
  // Other languages write the windows with Intl (English keeps the slots' own wording).
  const windowLabel = (slot: { startsAt: string; endsAt: string; label: string }) =>
    shopper.language === 'en' ? slot.label : slotLabelIn(shopper.language, slot.startsAt, slot.endsAt, store.timezone);
  return json(
    {
      closed: null,
      editing: {
        order: edit.order,
        view,
        held: held && { ...held, label: windowLabel(held) },
        feeCents,
        slots: slots
          .filter((slot) => slot.bookable)
          .slice(0, 40)
          .map((slot) => ({ ...slot, label: windowLabel(slot) })),
        products: products.filter((product) => product.stock === 'in_stock'),
        error:
          query.editError && query.editError in SLOT_REFUSALS
            ? t(SLOT_REFUSALS[query.editError as keyof typeof SLOT_REFUSALS])
            : null,
      },
      i18n,
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const customer = orderCustomer(shopper)!;
  const form = await parseForm(request, editFormSchema);
  // The form's and the refusals' messages (order-rules.ts) are keys in orders.json.
  const t = serverT(shopper.language, 'orders');
  if (!form.ok) return json({ error: t(form.message) }, { status: 400, headers: shopper.headers });
  const { orderNumber } = form.data;
  const headers = new Headers(shopper.headers);
  const summary = `/account/order-summary.html?orderNumber=${orderNumber}`;
  if (form.data.intent === 'discard') {
    await discardEdit(customer, orderNumber);
    for (const cookie of await clearEditModeCookies(shopper)) headers.append('Set-Cookie', cookie);
    return redirect(summary, { headers });
  }
  if (form.data.intent === 'save') {
    const saved = await saveEdit(customer, orderNumber);
    if (!saved.ok) return json({ error: t(ORDER_REFUSALS[saved.code]) }, { status: 409, headers });
    for (const cookie of await clearEditModeCookies(shopper)) headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', await orderNumberCookie(orderNumber, saved.order.cutoffAt, shopper));
    return redirect(`${summary}&saved=1`, { headers });
  }
  const edit = await startEdit(customer, orderNumber);
  if (!edit.ok)
    return json({ error: t(ORDER_REFUSALS[edit.code]) }, { status: edit.code === 'NOT_FOUND' ? 404 : 409, headers });
  const back = `/erums?orderNumber=${orderNumber}`;
  if (form.data.intent === 'update') {
    const { productId, quantity } = form.data;
    const current = edit.order.storeId;
    const inCart = (await editView(customer, edit.cartId, edit.order)).view.lines.some(
      (l) => l.productId === productId,
    );
    if (inCart) await setQuantity(edit.cartId, productId, quantity, current);
    else if (quantity > 0) await addToCart(edit.cartId, productId, quantity, current);
    return redirect(back, { headers });
  }
  const { store, view } = await editView(customer, edit.cartId, edit.order);
  const result = await reserveSlot({
    slotId: form.data.slotId,
    cartId: edit.cartId,
    customerId: customer.customerId,
    store,
    needsAttendedDelivery: view.needsAttendedDelivery,
  });
  return redirect(result.ok ? back : `${back}&editError=${result.code}`, { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Edit your order'), t('Change the items, time or address of an order before it is picked.'));
};

export default function EditOrderPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  if (!data.editing) {
    return (
      <div className="container-page py-8">
        <h1 className="text-2xl font-extrabold">
          {t('Order {{orderNumber}}', { orderNumber: data.closed?.orderNumber ?? '' })}
        </h1>
        <p role="alert" className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900">
          {data.closed?.message}
        </p>
        <Link to="/account/orders.html" className="btn-outline mt-4">
          {t('Your orders')}
        </Link>
      </div>
    );
  }
  const { order, view, held, feeCents, slots, products, error } = data.editing;
  const inOrder = new Map(view.lines.map((line) => [line.productId, line.quantity]));
  const hidden = <input type="hidden" name="orderNumber" value={order.orderNumber} />;
  return (
    <div className="container-page py-8">
      <p className="rounded-xl bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-dark" data-testid="edit-mode">
        {t('You are editing order {{orderNumber}}. Changes apply only when you save.', {
          orderNumber: order.orderNumber,
        })}
      </p>
      {answer?.error || error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {answer?.error ?? error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">
            {t('Edit order {{orderNumber}}', { orderNumber: order.orderNumber })}
          </h1>
          <p className="mt-1 text-stone-600">
            {t(fulfillmentLabel(order.fulfillment, order.slotKind))} · {held ? held.label : order.slotLabel} ·{' '}
            {t('change until {{cutoff}}', { cutoff: order.cutoffLabel })}
          </p>
        </div>
        <div className="flex gap-2">
          <Form method="post">
            {hidden}
            <input type="hidden" name="intent" value="discard" />
            <button type="submit" className="btn-outline">
              {t('Discard changes')}
            </button>
          </Form>
          <Form method="post">
            {hidden}
            <input type="hidden" name="intent" value="save" />
            <button type="submit" className="btn-primary">
              {t('Save changes')}
            </button>
          </Form>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="text-lg font-bold">
            {t('Items')}
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {view.lines.map((line) => (
              <li key={line.productId} className="card flex flex-wrap items-center gap-3 p-3" data-testid="edit-line">
                <img
                  src={`/images/products/${line.imageKey}.svg`}
                  alt=""
                  width={48}
                  height={48}
                  className="h-12 w-12 rounded-lg bg-stone-50"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.name}</p>
                  <p className="text-xs text-stone-500">
                    {t('{{price}} each', { price: formatCents(line.unitPriceCents) })}
                    {line.message ? ` · ${t(line.message)}` : ''}
                  </p>
                </div>
                <Form method="post" className="flex items-end gap-2">
                  {hidden}
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="productId" value={line.productId} />
                  <label className="text-xs font-semibold">
                    {t('Quantity')}
                    <input
                      type="number"
                      name="quantity"
                      min={0}
                      max={99}
                      defaultValue={line.quantity}
                      key={line.quantity}
                      aria-label={t('Quantity of {{name}}', { name: line.name })}
                      className="mt-1 block w-20 rounded-lg border border-stone-300 px-2 py-1 text-sm"
                    />
                  </label>
                  <button type="submit" className="btn-outline py-1 text-sm">
                    {t('Update')}
                  </button>
                </Form>
                <Form method="post">
                  {hidden}
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="productId" value={line.productId} />
                  <input type="hidden" name="quantity" value="0" />
                  <button
                    type="submit"
                    className="btn-outline py-1 text-sm"
                    aria-label={t('Remove {{name}}', { name: line.name })}
                  >
                    {t('Remove')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 text-lg font-bold">{t('Add items')}</h2>
          <ul className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-4">
            {products.map((product) => (
              <li key={product.id} className="card flex flex-col gap-1 p-3 text-sm">
                <img
                  src={`/images/products/${product.imageKey}.svg`}
                  alt=""
                  width={64}
                  height={64}
                  className="mx-auto h-16 w-16"
                />
                <p className="line-clamp-2 font-medium">{product.name}</p>
                <p className="font-bold">{formatCents(product.priceCents)}</p>
                <Form method="post" className="mt-auto">
                  {hidden}
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="productId" value={product.id} />
                  <input type="hidden" name="quantity" value={(inOrder.get(product.id) ?? 0) + 1} />
                  <button
                    type="submit"
                    className="btn-outline w-full justify-center py-1 text-xs"
                    aria-label={t('Add {{name}} to order', { name: product.name })}
                  >
                    {t('Add')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
        <aside className="flex flex-col gap-4">
          <section className="card p-5" aria-labelledby="slot-heading">
            <h2 id="slot-heading" className="text-lg font-bold">
              {t('Time')}
            </h2>
            <p className="mt-1 text-sm">
              {held
                ? t('New: {{kind}} · {{time}}', { kind: t(SLOT_KIND_LABELS[held.kind]), time: held.label })
                : t('Current: {{time}}', { time: order.slotLabel })}
            </p>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              {hidden}
              <input type="hidden" name="intent" value="slot" />
              <label className="text-sm font-semibold" htmlFor="edit-slot">
                {t('Change to')}
              </label>
              <select id="edit-slot" name="slotId" className="rounded-lg border border-stone-300 px-2 py-2 text-sm">
                {slots.map((slot) => (
                  <option key={slot.id} value={slot.id}>
                    {t(SLOT_KIND_LABELS[slot.kind])} · {slot.label}
                    {slot.feeCents > 0 ? ` · ${formatCents(slot.feeCents)}` : ''}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn-outline w-fit text-sm">
                {t('Hold this time')}
              </button>
            </Form>
          </section>
          <section className="card p-5 text-sm" aria-labelledby="edit-total-heading">
            <h2 id="edit-total-heading" className="text-lg font-bold">
              {t('New total')}
            </h2>
            <p className="mt-1">
              {view.savingsCents > 0
                ? t('Items {{subtotal}} · savings -{{savings}}', {
                    subtotal: formatCents(view.subtotalCents),
                    savings: formatCents(view.savingsCents),
                  })
                : t('Items {{subtotal}}', { subtotal: formatCents(view.subtotalCents) })}
            </p>
            <p className="mt-1 text-base font-extrabold" data-testid="edit-total">
              {formatCents(view.totalCents + feeCents)}
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
