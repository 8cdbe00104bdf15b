import { Form, Link, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { formatCents, useT } from '~/components/page-essentials';
import { FIELD_INPUT_CLASS } from './FormField';
import type { TimelineStep } from '~/modules/fulfilment/progress-rules';

export interface OrderProgressView {
  orderNumber: string;
  version: number;
  pickup: boolean;
  steps: (TimelineStep & { atLabel: string | null })[];
  changes: {
    productId: number;
    name: string;
    sizeLabel: string;
    quantity: number;
    outcome: string;
    substitute: { name: string; sizeLabel: string; quantity: number } | null;
    chargedCents: number;
    approval: string | null;
    answerBy: string | null;
    canAnswer: boolean;
  }[];
  checkIn: { open: boolean; parkingSpot: string | null; at: string | null };
  handedOver: boolean;
}

/** Asks the server to say when the order moves (Server-Sent Events) and reloads the page's data then. */
function OrderWatch({ orderNumber, version }: { orderNumber: string; version: number }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const source = new EventSource(`/api/orders/progress?orderNumber=${orderNumber}`);
    const moved = (event: MessageEvent<string>) => {
      if (Number(event.data) !== version) revalidate();
    };
    source.addEventListener('version', moved);
    return () => source.close();
  }, [orderNumber, version, revalidate]);
  return null;
}

const MARK = { done: '✓', current: '●', upcoming: '○' } as const;

function Timeline({ steps }: { steps: OrderProgressView['steps'] }) {
  const t = useT();
  return (
    <ol className="mt-3 space-y-3" aria-label={t('Order progress')} data-testid="order-timeline">
      {steps.map((step) => (
        <li
          key={step.key}
          className="flex gap-3"
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-step={step.key}
          data-state={step.state}
        >
          <span
            aria-hidden="true"
            className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
              step.state === 'done'
                ? 'bg-brand text-white'
                : step.state === 'current'
                  ? 'border-2 border-brand text-brand-dark'
                  : 'border border-stone-300 text-stone-400'
            }`}
          >
            {MARK[step.state]}
          </span>
          <div>
            <p className={step.state === 'upcoming' ? 'text-stone-600' : 'font-semibold'}>
              {t(step.label)}
              <span className="sr-only">
                {step.state === 'done' ? ` ${t('(done)')}` : step.state === 'current' ? ` ${t('(now)')}` : ''}
              </span>
            </p>
            {step.atLabel || step.detail ? (
              <p className="text-sm text-stone-600">{[step.atLabel, step.detail].filter(Boolean).join(' · ')}</p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

function Change({ change, orderNumber }: { change: OrderProgressView['changes'][number]; orderNumber: string }) {
  const t = useT();
  if (change.outcome === 'short') {
    return (
      <li className="p-3" data-testid="order-change" data-outcome="short">
        <p className="font-semibold">{t('{{name}} was out of stock', { name: change.name })}</p>
        <p className="text-sm text-stone-600">{t('You will not be charged for it.')}</p>
      </li>
    );
  }
  const answered =
    change.approval === 'approved'
      ? 'You approved this replacement.'
      : change.approval === 'rejected'
        ? 'You declined this replacement: you will not be charged for it.'
        : change.approval === 'auto_approved'
          ? 'No answer came in time, so we went ahead as your substitution choice allows.'
          : null;
  return (
    <li className="p-3" data-testid="order-change" data-outcome="substituted">
      <p className="font-semibold">
        {change.name} → {change.substitute?.quantity} × {change.substitute?.name} ({change.substitute?.sizeLabel})
      </p>
      <p className="text-sm text-stone-600">
        {t('{{amount}} — never more than the item you ordered.', { amount: formatCents(change.chargedCents) })}
        {change.canAnswer && change.answerBy
          ? ` ${t('Answer by {{time}}, or we go ahead with it.', { time: change.answerBy })}`
          : ''}
      </p>
      {change.canAnswer ? (
        <div className="mt-2 flex gap-2">
          {(['approve', 'reject'] as const).map((intent) => (
            <Form method="post" key={intent} preventScrollReset>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="orderNumber" value={orderNumber} />
              <input type="hidden" name="productId" value={change.productId} />
              <button type="submit" className={intent === 'approve' ? 'btn-primary' : 'btn-outline'}>
                {intent === 'approve' ? t('Approve replacement') : t('Decline')}
                <span className="sr-only"> {t('for {{name}}', { name: change.name })}</span>
              </button>
            </Form>
          ))}
        </div>
      ) : answered ? (
        <p className="mt-1 text-sm font-semibold text-stone-700">{t(answered)}</p>
      ) : null}
    </li>
  );
}

/** Where the order is, what waits for the shopper's answer, the pickup check-in and the receipt. */
export function OrderProgress({ progress, live }: { progress: OrderProgressView; live: boolean }) {
  const t = useT();
  // The step under way, or once every step is done (handed over), the last one.
  const now =
    progress.steps.find((step) => step.state === 'current') ??
    progress.steps.filter((step) => step.state === 'done').at(-1);
  return (
    <section className="card mt-6 p-5" aria-labelledby="progress-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="progress-heading" className="text-lg font-bold">
          {t('Order status')}
        </h2>
        {live ? (
          <Link to={`?orderNumber=${progress.orderNumber}`} className="text-sm font-semibold text-brand-dark underline">
            {t('Refresh status')}
          </Link>
        ) : null}
      </div>
      {live ? <OrderWatch orderNumber={progress.orderNumber} version={progress.version} /> : null}
      {/* Read out when the order moves while the page is open (WCAG 4.1.3); the timeline below shows it. */}
      <p className="sr-only" aria-live="polite" data-testid="order-status-live">
        {now ? t('Order status: {{status}}', { status: t(now.label) }) : ''}
      </p>
      <Timeline steps={progress.steps} />
      {progress.changes.length > 0 ? (
        <>
          <h3 className="mt-5 font-bold">{t('Changes to your order')}</h3>
          <ul
            className="mt-2 divide-y divide-stone-100 rounded-xl border border-stone-200"
            aria-label={t('Changes to your order')}
          >
            {progress.changes.map((change) => (
              <Change key={change.productId} change={change} orderNumber={progress.orderNumber} />
            ))}
          </ul>
        </>
      ) : null}
      {progress.checkIn.open ? (
        <Form method="post" className="mt-5 flex flex-wrap items-end gap-3" preventScrollReset>
          <input type="hidden" name="intent" value="check-in" />
          <input type="hidden" name="orderNumber" value={progress.orderNumber} />
          <label className="text-sm font-semibold">
            {t('Parking spot number')}
            <input
              name="parkingSpot"
              required
              maxLength={4}
              autoComplete="off"
              className={`${FIELD_INPUT_CLASS} w-28`}
            />
          </label>
          <button type="submit" className="btn-primary">
            {t('I’m here')}
          </button>
        </Form>
      ) : progress.checkIn.at ? (
        <p className="mt-5 rounded-xl bg-green-50 p-3 text-sm text-green-900" data-testid="checked-in">
          {t('You checked in at {{time}}, parking spot {{spot}}. We are bringing your order out.', {
            time: progress.checkIn.at,
            spot: progress.checkIn.parkingSpot ?? '',
          })}
        </p>
      ) : null}
      {progress.handedOver ? (
        <p className="mt-5">
          <Link to={`/account/receipt.html?orderNumber=${progress.orderNumber}`} className="btn-outline">
            {t('View your receipt')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
