import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { CUSTOMER_ONLY, pageAccess, SIGN_IN_PATH, formatCents, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import type { T } from '~/modules/i18n/translate';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { orderReceipt } from '~/modules/fulfilment/receipt.server';
import { poundsLabel } from '~/modules/fulfilment/line-rules';
import { parseSearchParams } from '~/modules/http/forms.server';
import { ORDER_REFUSALS, orderNumberSchema } from '~/modules/orders/order-rules';
import { orderCustomer } from '~/modules/orders/order-session.server';

/** The itemised receipt of a delivered or picked-up order: ordered against picked, printable. */
export const access = pageAccess({ allowedUserTypes: CUSTOMER_ONLY, redirections: { DEFAULT: SIGN_IN_PATH } });
export const handle = { access };

const Query = z.object({ orderNumber: orderNumberSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const query = parseSearchParams(request, Query, shopper.language);
  const receipt = await orderReceipt(orderCustomer(shopper)!, query.orderNumber, shopper.language);
  if (!receipt)
    throw json({ code: 'NOT_FOUND', message: ORDER_REFUSALS.NOT_FOUND }, { status: 404, headers: shopper.headers });
  return json(
    { receipt, i18n: pageStrings(shopper.language, ['orders']) },
    { headers: { ...shopper.headers, 'Cache-Control': 'private, no-store' } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(
    data ? t('Receipt for order {{orderNumber}}', { orderNumber: data.receipt.orderNumber }) : t('Receipt'),
    t('An itemised receipt of your order.'),
  );
};

function outcomeText(line: ReturnType<typeof useLoaderData<typeof loader>>['receipt']['lines'][number], t: T) {
  if (line.outcome === 'short') return t('Out of stock — not charged');
  if (line.outcome === 'substituted') {
    const what = t('Replaced by {{quantity}} × {{name}}', {
      quantity: line.pickedQuantity,
      name: line.substitute?.name ?? '',
    });
    return line.approval === 'rejected' ? `${what} — ${t('you declined it, not charged')}` : what;
  }
  const picked =
    line.pickedQuantity < line.orderedQuantity
      ? t('Picked {{quantity}}', { quantity: line.pickedQuantity })
      : t('Picked');
  return line.weighedMilliLb
    ? `${picked} · ${t('weighed {{weight}}', { weight: poundsLabel(line.weighedMilliLb) })}`
    : picked;
}

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page py-8">
      <Link to="/account/orders.html" className="text-sm font-semibold text-brand-dark hover:underline print:hidden">
        ← {t('Your orders')}
      </Link>
      <article
        className="card mx-auto mt-4 max-w-3xl p-5 print:border-0 print:shadow-none"
        aria-labelledby="receipt-heading"
      >
        <header className="border-b border-stone-200 pb-3">
          <h1 id="receipt-heading" className="text-2xl font-extrabold">
            {t('Receipt for order {{orderNumber}}', { orderNumber: receipt.orderNumber })}
          </h1>
          <p className="text-sm text-stone-700">
            {receipt.storeName} · {receipt.storeAddress}
          </p>
          <p className="text-sm text-stone-700">
            {t(receipt.fulfillment)} · {t('placed {{date}}', { date: receipt.placedLabel })} ·{' '}
            {t('handed over {{date}}', { date: receipt.handedOverLabel })}
          </p>
          {receipt.businessPrices ? (
            <p className="mt-1 text-sm font-semibold text-stone-800">
              {t('Business prices (the business price tier)')}
            </p>
          ) : null}
        </header>
        <table className="mt-3 w-full text-sm" data-testid="receipt-lines">
          <caption className="sr-only">{t('What you ordered and what you received')}</caption>
          <thead>
            <tr className="text-left text-stone-700">
              <th scope="col" className="py-1 font-semibold">
                {t('Item')}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {t('Ordered')}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t('Charged')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {receipt.lines.map((line) => (
              <tr key={line.productId} data-testid="receipt-line" data-outcome={line.outcome}>
                <td className="py-2 pr-2">
                  <span className="font-semibold">{line.name}</span>{' '}
                  <span className="text-stone-700">({line.sizeLabel})</span>
                  <span className="block text-stone-700">{outcomeText(line, t)}</span>
                  {line.savingsCents > 0 ? (
                    <span className="block text-green-800">
                      {t('Clipped offer −{{amount}}', { amount: formatCents(line.savingsCents) })}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-2 align-top">
                  {line.orderedQuantity} · {formatCents(line.orderedCents)}
                </td>
                <td className="py-2 text-right align-top font-semibold">{formatCents(line.chargedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>{t('Items')}</dt>
            <dd>{formatCents(receipt.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between text-green-800">
            <dt>{t('Clipped-offer savings')}</dt>
            <dd>−{formatCents(receipt.savingsCents)}</dd>
          </div>
          {receipt.promoCents > 0 ? (
            <div className="flex justify-between text-green-800" data-testid="receipt-promo">
              <dt>{t('Promo code')}</dt>
              <dd>−{formatCents(receipt.promoCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>{t('Fees')}</dt>
            <dd>{formatCents(receipt.feesCents)}</dd>
          </div>
          {receipt.tipCents > 0 ? (
            <div className="flex justify-between">
              <dt>{t('Tip')}</dt>
              <dd data-testid="receipt-tip">{formatCents(receipt.tipCents)}</dd>
            </div>
          ) : null}
          {receipt.waivedFeeCents > 0 ? (
            <div className="flex justify-between text-green-800">
              <dt>{t('Fees waived')}</dt>
              <dd>{formatCents(receipt.waivedFeeCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-base font-extrabold">
            <dt>{t('Total')}</dt>
            <dd data-testid="receipt-total">{formatCents(receipt.totalCents)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-stone-700">
          <span data-testid="receipt-payment">
            {receipt.payment ? t('Paid with {{payment}}.', { payment: receipt.payment }) : t('Paid at hand-over.')}
          </span>{' '}
          {t('You ordered items worth {{amount}}.', { amount: formatCents(receipt.orderedCents) })}
        </p>
        {receipt.instructions ? (
          <p className="mt-1 text-sm text-stone-700" data-testid="receipt-instructions">
            {t('Delivery instructions: {{instructions}}', { instructions: receipt.instructions })}
          </p>
        ) : null}
      </article>
    </div>
  );
}
