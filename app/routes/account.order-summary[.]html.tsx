import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { z } from 'zod';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm, parseSearchParams } from '~/modules/http/forms.server';
import { OrderProgress } from '~/components/OrderProgress';
import { HANDED_OVER, STATUS, statusLabel, type OrderStatus } from '~/modules/fulfilment/order-states';
import { answerSubstitution, checkIn, orderProgress } from '~/modules/fulfilment/order-progress.server';
import { orderPageActionSchema, PROGRESS_REFUSALS } from '~/modules/fulfilment/progress-rules';
import { fulfillmentLabel, ORDER_REFUSALS, orderNumberSchema } from '~/modules/orders/order-rules';
import { clearEditModeCookies, clearOrderNumberCookie, orderCustomer } from '~/modules/orders/order-session.server';
import { cancelOrder } from '~/modules/orders/order-changes.server';
import { orderSummary } from '~/modules/orders/order-history.server';
import { tipChoiceOf } from '~/modules/orders/checkout-extras-form';
import { changeTip } from '~/modules/orders/tip-edit.server';
import { OrderTipForm } from '~/components/checkout/CheckoutExtras';

/**
 * One order: its lines, time, address, card and totals; cancel or edit before the cut-off; where it is
 * (live), the replacements waiting for an answer, the pickup check-in and, once handed over, the receipt.
 */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const Query = z.object({
  orderNumber: orderNumberSchema,
  placed: z.string().optional(),
  saved: z.string().optional(),
  tip: z.string().optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, Query, shopper.language);
  const customer = orderCustomer(shopper)!;
  const [order, progress] = await Promise.all([
    orderSummary(customer, query.orderNumber, new Date(), shopper.language),
    orderProgress(customer, query.orderNumber, new Date(), shopper.language),
  ]);
  if (!order || !progress)
    throw json({ code: 'NOT_FOUND', message: ORDER_REFUSALS.NOT_FOUND }, { status: 404, headers: shopper.headers });
  const t = serverT(shopper.language, 'orders');
  // Step details are written by the timeline in English ("3 to answer", "Arriving 4:05 PM – 4:20 PM").
  const steps = progress.steps.map((step) => {
    const waiting = step.detail?.match(/^(\d+) to answer$/);
    const arriving = step.detail?.match(/^Arriving (.+)$/);
    if (waiting) return { ...step, detail: t('{{count}} to answer', { count: Number(waiting[1]) }) };
    if (arriving) return { ...step, detail: t('Arriving {{time}}', { time: arriving[1] }) };
    return step;
  });
  return json(
    { order, progress: { ...progress, steps }, i18n: pageStrings(shopper.language, ['orders']) },
    { headers: { ...shopper.headers, 'Cache-Control': 'no-store' } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, orderPageActionSchema);
  if (!form.ok) return json({ error: form.message }, { status: 400, headers: shopper.headers });
  const customer = orderCustomer(shopper)!;
  const { orderNumber } = form.data;
  const back = `/account/order-summary.html?orderNumber=${orderNumber}`;
  if (form.data.intent === 'tip') {
    const changed = await changeTip(customer, orderNumber, tipChoiceOf(form.data));
    if (!changed.ok)
      return json(
        { error: changed.message },
        { status: changed.code === 'NOT_FOUND' ? 404 : 400, headers: shopper.headers },
      );
    return redirect(`${back}&tip=1`, { headers: shopper.headers });
  }
  if (form.data.intent !== 'cancel') {
    const result =
      form.data.intent === 'check-in'
        ? await checkIn(customer, orderNumber, form.data.parkingSpot)
        : await answerSubstitution(customer, orderNumber, {
            productId: form.data.productId,
            approve: form.data.intent === 'approve',
          });
    if (!result.ok)
      return json(
        { error: PROGRESS_REFUSALS[result.code] },
        { status: result.code === 'NOT_FOUND' ? 404 : 409, headers: shopper.headers },
      );
    return redirect(back, { headers: shopper.headers });
  }
  const result = await cancelOrder(customer, orderNumber);
  if (!result.ok) return json({ error: ORDER_REFUSALS[result.code] }, { status: 409, headers: shopper.headers });
  const headers = new Headers(shopper.headers);
  headers.append('Set-Cookie', await clearOrderNumberCookie(shopper));
  for (const cookie of await clearEditModeCookies(shopper)) headers.append('Set-Cookie', cookie);
  return redirect(back, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data?.order ? t('Order {{orderNumber}}', { orderNumber: data.order.orderNumber }) : t('Order'),
    t('An order’s items, time, address and total, and how to change or cancel it.'),
  );
};

export default function OrderSummaryPage() {
  const { order, progress } = useLoaderData<typeof loader>();
  const finished = order.status === STATUS.cancelled || HANDED_OVER.includes(order.status as OrderStatus);
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const t = useT();
  return (
    <div className="container-page py-8">
      <Link to="/account/orders.html" className="text-sm font-semibold text-brand-dark hover:underline">
        ← {t('Your orders')}
      </Link>
      {params.get('placed') ? (
        <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          {t('Thank you! Your order {{orderNumber}} is placed.', { orderNumber: order.orderNumber })}
        </p>
      ) : params.get('tip') ? (
        <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          {t('Your tip is saved.')}
        </p>
      ) : params.get('saved') ? (
        <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          {t('Your changes to order {{orderNumber}} are saved.', { orderNumber: order.orderNumber })}
        </p>
      ) : null}
      {answer?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-semibold text-red-800"
        >
          {t(answer.error)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold md:text-3xl">
            {t('Order {{orderNumber}}', { orderNumber: order.orderNumber })}
          </h1>
          <p className="mt-1 text-stone-600" data-testid="order-status">
            {t(statusLabel(order.status))} · {t(fulfillmentLabel(order.fulfillment, order.slotKind))} ·{' '}
            {order.slotLabel}
          </p>
        </div>
        {order.editable ? (
          <div className="flex gap-2">
            <Link to={`/erums?orderNumber=${order.orderNumber}`} className="btn-primary">
              {t('Edit order')}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="orderNumber" value={order.orderNumber} />
              <button type="submit" className="btn-outline">
                {t('Cancel order')}
              </button>
            </Form>
          </div>
        ) : null}
      </div>
      {order.editable ? (
        <p className="mt-2 text-sm text-stone-600">
          {t('You can change or cancel this order until {{cutoff}}.', { cutoff: order.cutoffLabel })}
        </p>
      ) : null}
      <OrderProgress progress={progress} live={!finished} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <ul className="card divide-y divide-stone-100 p-2" aria-label={t('Items')}>
          {order.items.map((item) => (
            <li key={item.productId} className="flex items-center gap-3 p-3" data-testid="order-item">
              <img
                src={`/images/products/${item.imageKey}.svg`}
                alt=""
                width={56}
                height={56}
                className="h-14 w-14 rounded-lg bg-stone-50"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{item.name}</p>
                <p className="text-xs text-stone-500">
                  {item.quantity} × {formatCents(item.unitPriceCents)} ·{' '}
                  {item.substitution === 'allow' ? t('Substitutes allowed') : t('No substitutes')}
                  {item.note ? ` · ${t('Note: {{note}}', { note: item.note })}` : ''}
                </p>
              </div>
              <p className="font-bold">{formatCents(item.quantity * item.unitPriceCents)}</p>
            </li>
          ))}
        </ul>
        <aside className="card h-fit p-5 text-sm">
          <h2 className="text-lg font-bold">{t('Details')}</h2>
          <p className="mt-2">
            <span className="font-semibold">{t('Store:')}</span> {order.storeName}
          </p>
          {order.address ? (
            <p>
              <span className="font-semibold">{t('Address:')}</span> {order.address}
            </p>
          ) : null}
          {order.instructions ? (
            <p data-testid="order-instructions">
              <span className="font-semibold">{t('Delivery instructions:')}</span> {order.instructions}
            </p>
          ) : null}
          {order.payment ? (
            <p data-testid="order-payment">
              <span className="font-semibold">{t('Paid with:')}</span> {order.payment}
            </p>
          ) : null}
          <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3">
            <div className="flex justify-between">
              <dt>{t('Subtotal')}</dt>
              <dd>{formatCents(order.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between text-green-800">
              <dt>{t('Savings')}</dt>
              <dd>-{formatCents(order.savingsCents)}</dd>
            </div>
            {order.promoCents > 0 ? (
              <div className="flex justify-between text-green-800" data-testid="order-promo">
                <dt>{t('Promo code {{code}}', { code: order.promoCode ?? '' })}</dt>
                <dd>-{formatCents(order.promoCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>{t('Fees')}</dt>
              <dd>{formatCents(order.feesCents)}</dd>
            </div>
            {order.fulfillment === 'DELIVERY' ? (
              <div className="flex justify-between">
                <dt>{t('Tip')}</dt>
                <dd data-testid="order-tip">{formatCents(order.tipCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-extrabold">
              <dt>{t('Total')}</dt>
              <dd data-testid="order-total">{formatCents(order.totalCents)}</dd>
            </div>
          </dl>
          {order.tipEditable ? (
            <OrderTipForm
              orderNumber={order.orderNumber}
              basketCents={order.tipBasketCents}
              tipCents={order.tipCents}
            />
          ) : null}
        </aside>
      </div>
    </div>
  );
}
