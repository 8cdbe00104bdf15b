import { Form } from '@remix-run/react';
import { formatCents, useT } from '~/components/page-essentials';
import { DELIVERY_NOTE_MAX, GATE_CODE_MAX, type DeliveryInstructions } from '~/modules/orders/delivery-instructions';
import { TIP_PERCENTS, tipFromPercent } from '~/modules/orders/tip-rules';

/** Checkout's tip, EBT and delivery-instruction fields (decision 0107); all inside the place-order form. */

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

/** Gate code, leave at door and a note; prefilled from the address and saved back to it with the order. */
export function DeliveryInstructionsFields({ saved }: { saved: DeliveryInstructions }) {
  const t = useT();
  return (
    <fieldset className="mt-4 border-t border-stone-200 pt-3">
      <legend className="font-semibold">{t('Delivery instructions')}</legend>
      <p className="text-sm text-stone-600">{t('Saved with the address you choose, for your next orders too.')}</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-[10rem_1fr]">
        <label className="text-sm font-semibold">
          {t('Gate code (optional)')}
          <input
            name="gateCode"
            defaultValue={saved.gateCode}
            maxLength={GATE_CODE_MAX}
            autoComplete="off"
            className={input}
          />
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input type="checkbox" name="leaveAtDoor" defaultChecked={saved.leaveAtDoor} />
          {t('Leave at door')}
        </label>
      </div>
      <label className="mt-2 block text-sm font-semibold">
        {t('Instructions for the driver (optional, up to {{max}} characters)', { max: DELIVERY_NOTE_MAX })}
        <textarea
          name="deliveryNote"
          defaultValue={saved.deliveryNote}
          maxLength={DELIVERY_NOTE_MAX}
          rows={2}
          className={input}
        />
      </label>
    </fieldset>
  );
}

export interface TipOptions {
  defaultPercent: number;
  capCents: number;
  choices: readonly { percent: number; cents: number }[];
}

/** The driver's tip: a percentage of the groceries or an amount of the shopper's own. */
export function TipChoice({ tip }: { tip: TipOptions }) {
  const t = useT();
  return (
    <section id="tip" className="card p-5" aria-labelledby="tip-heading">
      <fieldset>
        <legend id="tip-heading" className="text-lg font-bold">
          {t('Tip your driver')}
        </legend>
        <p className="text-sm text-stone-600">
          {t(
            'All of it goes to your driver. You can change it until 24 hours after delivery. Tips are never paid with EBT.',
          )}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {tip.choices.map((choice) => (
            <label
              key={choice.percent}
              className="flex items-center gap-2 rounded-xl border border-stone-200 px-3 py-2"
            >
              <input
                type="radio"
                name="tipChoice"
                value={choice.percent}
                defaultChecked={choice.percent === tip.defaultPercent}
              />
              <span className="text-sm">
                <span className="font-semibold">{choice.percent}%</span> {formatCents(choice.cents)}
              </span>
            </label>
          ))}
          <label className="flex items-center gap-2 rounded-xl border border-stone-200 px-3 py-2">
            <input type="radio" name="tipChoice" value="custom" />
            <span className="text-sm font-semibold">{t('Other amount')}</span>
          </label>
        </div>
        <label className="mt-2 block max-w-[12rem] text-sm font-semibold">
          {t('Other amount in dollars')}
          <input name="tipCustom" inputMode="decimal" placeholder="7.50" autoComplete="off" className={input} />
        </label>
        <p className="mt-1 text-xs text-stone-500">{t('At most {{amount}}.', { amount: formatCents(tip.capCents) })}</p>
      </fieldset>
    </section>
  );
}

/** Pay the SNAP-eligible part with a saved EBT card, up to the balance the shopper enters; the rest goes on the card. */
export function EbtPayment({
  cards,
  eligibleCents,
}: {
  cards: readonly { id: number; lastFour: string }[];
  eligibleCents: number;
}) {
  const t = useT();
  return (
    <fieldset className="mt-4 border-t border-stone-200 pt-3" aria-describedby="ebt-eligible">
      <legend className="font-semibold">EBT SNAP</legend>
      <p id="ebt-eligible" className="text-sm text-stone-600">
        {t('SNAP-eligible items come to')} <span data-testid="ebt-eligible">{formatCents(eligibleCents)}</span>{' '}
        {t('after savings and promo code. Delivery and service fees, bag fees and tips always go on your card.')}
      </p>
      {cards.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t('Add an EBT card below to pay for eligible items with SNAP.')}</p>
      ) : (
        <>
          <div className="mt-2 flex flex-col gap-2">
            <label className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
              <input type="radio" name="ebtTenderId" value="0" defaultChecked />
              <span>{t('Don’t use EBT')}</span>
            </label>
            {cards.map((card) => (
              <label key={card.id} className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
                <input type="radio" name="ebtTenderId" value={card.id} />
                <span>{t('EBT card ending in {{lastFour}}', { lastFour: card.lastFour })}</span>
              </label>
            ))}
          </div>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <label className="text-sm font-semibold">
              {t('Amount to pay with EBT')}
              <input
                name="ebtAmount"
                inputMode="decimal"
                defaultValue={(eligibleCents / 100).toFixed(2)}
                autoComplete="off"
                className={input}
              />
            </label>
            <label className="text-sm font-semibold">
              {t('Your EBT SNAP balance')}
              <input name="ebtBalance" inputMode="decimal" placeholder="0.00" autoComplete="off" className={input} />
            </label>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** "Add an EBT card": its own form (intent=ebt-card); only the last four digits are kept. */
export function AddEbtCardForm() {
  const t = useT();
  return (
    <details className="card p-5">
      <summary className="cursor-pointer font-semibold">{t('Add an EBT card')}</summary>
      <Form method="post" className="mt-3 grid gap-2" autoComplete="off">
        <input type="hidden" name="intent" value="ebt-card" />
        <label className="text-sm font-semibold">
          {t('EBT number (16 to 19 digits)')}
          <input name="ebtNumber" required inputMode="numeric" className={input} placeholder="5077 1234 5678 9012" />
        </label>
        <button type="submit" className="btn-outline w-fit text-sm">
          {t('Save EBT card')}
        </button>
      </Form>
    </details>
  );
}

/** The order page's tip form (intent=tip): the same choices as at checkout, the current tip kept as chosen. */
export function OrderTipForm({
  orderNumber,
  basketCents,
  tipCents,
}: {
  orderNumber: string;
  basketCents: number;
  tipCents: number;
}) {
  const choices = TIP_PERCENTS.map((percent) => ({ percent, cents: tipFromPercent(percent, basketCents) }));
  const current = choices.find((choice) => choice.cents === tipCents);
  const t = useT();
  return (
    <Form method="post" className="mt-3 border-t border-stone-200 pt-3" aria-labelledby="tip-edit-heading">
      <input type="hidden" name="intent" value="tip" />
      <input type="hidden" name="orderNumber" value={orderNumber} />
      <fieldset>
        <legend id="tip-edit-heading" className="font-semibold">
          {t('Change your tip')}
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <label key={choice.percent} className="flex items-center gap-1 text-sm">
              <input type="radio" name="tipChoice" value={choice.percent} defaultChecked={choice === current} />
              {choice.percent}% {formatCents(choice.cents)}
            </label>
          ))}
          <label className="flex items-center gap-1 text-sm">
            <input type="radio" name="tipChoice" value="custom" defaultChecked={!current} />
            {t('Other amount')}
          </label>
        </div>
        <label className="mt-2 block text-sm font-semibold">
          {t('Other amount in dollars')}
          <input
            name="tipCustom"
            inputMode="decimal"
            defaultValue={current ? '' : (tipCents / 100).toFixed(2)}
            autoComplete="off"
            className={input}
          />
        </label>
      </fieldset>
      <button type="submit" className="btn-outline mt-2 text-sm">
        {t('Save tip')}
      </button>
    </Form>
  );
}
