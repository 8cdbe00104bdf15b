import { Form } from '@remix-run/react';
import { formatCents, useT } from '~/components/page-essentials';
import { FIELD_INPUT_CLASS } from './FormField';

export interface StaffPickLineView {
  productId: number;
  name: string;
  brand: string;
  sizeLabel: string;
  aisle: string | null;
  note: string;
  ordered: { quantity: number; unitPriceCents: number; sizeQuantity: number; byWeight: boolean; substitution: string };
  pick: {
    outcome: string;
    quantity: number;
    substitute: { name: string; sizeLabel: string } | null;
    approval: string | null;
    chargedCents: number;
  } | null;
  weighedLabel: string | null;
  choices: { productId: number; name: string; sizeLabel: string; priceCents: number }[];
}

// Translated where shown: each value is a key of the staff namespace.
const APPROVAL_TEXT: Record<string, string> = {
  requested: 'waiting for the shopper',
  approved: 'the shopper approved',
  rejected: 'the shopper declined: leave it out',
  auto_approved: 'no answer in time: it goes in',
};

function PickState({ line }: { line: StaffPickLineView }) {
  const t = useT();
  const pick = line.pick;
  if (!pick) return <p className="text-sm font-semibold text-amber-800">{t('To pick')}</p>;
  if (pick.outcome === 'short')
    return <p className="text-sm font-semibold text-stone-800">{t('Out of stock — marked short')}</p>;
  if (pick.outcome === 'substituted') {
    const approval = APPROVAL_TEXT[pick.approval ?? ''];
    return (
      <p className="text-sm font-semibold text-stone-800">
        {t('Replaced by {{quantity}} × {{name}} ({{size}})', {
          quantity: pick.quantity,
          name: pick.substitute?.name ?? '',
          size: pick.substitute?.sizeLabel ?? '',
        })}{' '}
        — {approval ? t(approval) : ''}
      </p>
    );
  }
  return (
    <p className="text-sm font-semibold text-green-900">
      {t('Picked {{quantity}}', { quantity: pick.quantity })}
      {line.weighedLabel ? ` · ${line.weighedLabel}` : ''} · {formatCents(pick.chargedCents)}
    </p>
  );
}

/** Picked (with quantity and weight), out of stock, or replaced by a substitute: one form each, no script needed. */
function PickForms({ line }: { line: StaffPickLineView }) {
  const t = useT();
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-stone-100 pt-3 md:flex-row md:flex-wrap md:items-end">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="picked" />
        <input type="hidden" name="productId" value={line.productId} />
        <label className="text-xs font-semibold">
          {t('Quantity')}
          <input
            name="quantity"
            type="number"
            min={1}
            max={line.ordered.quantity}
            defaultValue={line.ordered.quantity}
            className={`${FIELD_INPUT_CLASS} w-20`}
            aria-label={t('Quantity picked of {{name}}', { name: line.name })}
          />
        </label>
        {line.ordered.byWeight ? (
          <label className="text-xs font-semibold">
            {t('Weight (lb)')}
            <input
              name="weight"
              inputMode="decimal"
              required
              placeholder="1.25"
              className={`${FIELD_INPUT_CLASS} w-24`}
              aria-label={t('Weight in pounds of {{name}}', { name: line.name })}
            />
          </label>
        ) : null}
        <button type="submit" className="btn-primary">
          {t('Picked')}
          <span className="sr-only"> {line.name}</span>
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="short" />
        <input type="hidden" name="productId" value={line.productId} />
        <button type="submit" className="btn-outline">
          {t('Out of stock')}
          <span className="sr-only">: {line.name}</span>
        </button>
      </Form>
      {line.choices.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="substituted" />
          <input type="hidden" name="productId" value={line.productId} />
          <label className="text-xs font-semibold">
            {t('Substitute')}
            <select
              name="substituteId"
              className={`${FIELD_INPUT_CLASS} max-w-xs`}
              aria-label={t('Substitute for {{name}}', { name: line.name })}
            >
              {line.choices.map((choice) => (
                <option key={choice.productId} value={choice.productId}>
                  {choice.name} ({choice.sizeLabel}) — {formatCents(choice.priceCents)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs font-semibold">
            {t('Quantity')}
            <input
              name="quantity"
              type="number"
              min={1}
              max={line.ordered.quantity}
              defaultValue={line.ordered.quantity}
              className={`${FIELD_INPUT_CLASS} w-20`}
              aria-label={t('Quantity of the substitute for {{name}}', { name: line.name })}
            />
          </label>
          <button type="submit" className="btn-outline">
            {t('Replace')}
            <span className="sr-only"> {line.name}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** One line of a pick list: what was ordered, what was done, and (while picking) the forms to do it. */
export function StaffPickLine({
  line,
  canPick,
  error,
}: {
  line: StaffPickLineView;
  canPick: boolean;
  error: string | null;
}) {
  const t = useT();
  const id = `line-${line.productId}`;
  return (
    <li id={id} className="card p-4" data-testid="pick-line" data-product={line.productId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-bold">
            {line.ordered.quantity} × {line.name}
          </p>
          <p className="text-sm text-stone-700">
            {line.brand} · {line.sizeLabel}
            {line.aisle ? ` · ${t('Aisle: {{aisle}}', { aisle: line.aisle })}` : ''}
          </p>
          <p className="text-sm text-stone-700">
            {line.ordered.substitution === 'none' ? t('No substitutes') : t('Substitutes allowed')}
            {line.ordered.byWeight
              ? ` · ${t('Weigh it: {{pounds}} lb ordered', { pounds: line.ordered.quantity * line.ordered.sizeQuantity })}`
              : ''}
          </p>
          {line.note ? (
            <p className="text-sm italic text-stone-800">{t('Shopper’s note: {{note}}', { note: line.note })}</p>
          ) : null}
        </div>
        <PickState line={line} />
      </div>
      {error ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {canPick && line.pick ? (
        <details className="mt-3 border-t border-stone-100 pt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-dark">
            {t('Change this line')}
            <span className="sr-only">: {line.name}</span>
          </summary>
          <PickForms line={line} />
        </details>
      ) : canPick ? (
        <PickForms line={line} />
      ) : null}
    </li>
  );
}
