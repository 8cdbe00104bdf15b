import { Form } from '@remix-run/react';
import { formatCents, useT } from '~/components/page-essentials';
import { PROMO_CODE_MAX } from '~/modules/orders/promo-rules';

/** Checkout's address choice, quick address form, promo code field and review (the route composes them). */

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

export interface CheckoutAddress {
  id: number;
  name: string;
  line: string;
  city: string;
  selected: boolean;
}

/** The delivery addresses as radio buttons named addressId; the selected one (or the first) is chosen. */
export function AddressChoice({ addresses }: { addresses: readonly CheckoutAddress[] }) {
  const anySelected = addresses.some((address) => address.selected);
  const t = useT();
  return (
    <>
      {addresses.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t('Add an address below.')}</p> : null}
      <div className="mt-2 flex flex-col gap-2">
        {addresses.map((address, index) => (
          <label key={address.id} className="flex items-start gap-3 rounded-xl border border-stone-200 p-3">
            <input
              type="radio"
              name="addressId"
              value={address.id}
              defaultChecked={address.selected || (!anySelected && index === 0)}
              className="mt-1"
            />
            <span>
              <span className="font-semibold">{address.name}</span>
              <span className="block text-sm text-stone-600">
                {address.line}, {address.city}
              </span>
            </span>
          </label>
        ))}
      </div>
    </>
  );
}

/** The address chosen by default: the one selected for deliveries, else the first. */
export function chosenAddress<T extends CheckoutAddress>(addresses: readonly T[]): T | undefined {
  return addresses.find((address) => address.selected) ?? addresses[0];
}

export function AddAddressForm({ open }: { open: boolean }) {
  const t = useT();
  return (
    <details className="card p-5" open={open}>
      <summary className="cursor-pointer font-semibold">{t('Add a delivery address')}</summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="address" />
        <label className="text-sm font-semibold">
          {t('Street address')}
          <input name="address1" required className={input} autoComplete="address-line1" />
        </label>
        <label className="text-sm font-semibold">
          {t('Apartment, suite (optional)')}
          <input name="address2" className={input} autoComplete="address-line2" />
        </label>
        <div className="grid grid-cols-[1fr_4rem_6rem] gap-2">
          <label className="text-sm font-semibold">
            {t('City')}
            <input name="city" required className={input} autoComplete="address-level2" />
          </label>
          <label className="text-sm font-semibold">
            {t('State')}
            <input name="state" required maxLength={2} className={input} autoComplete="address-level1" />
          </label>
          <label className="text-sm font-semibold">
            {t('ZIP code')}
            <input name="zipcode" required inputMode="numeric" className={input} autoComplete="postal-code" />
          </label>
        </div>
        <button type="submit" className="btn-outline w-fit text-sm">
          {t('Save address')}
        </button>
      </Form>
    </details>
  );
}

/** The promo code field (decision 0105): apply one code; an applied code shows with a Remove button. */
export function PromoCodeForm({
  promo,
  error,
}: {
  promo: { code: string; discountCents: number; refusal: string | null } | null;
  error: string | null;
}) {
  const t = useT();
  return (
    <section id="promo" className="mt-4 border-t border-stone-200 pt-3" aria-labelledby="promo-heading">
      <h3 id="promo-heading" className="text-sm font-bold">
        {t('Promo code')}
      </h3>
      {promo ? (
        <Form method="post" className="mt-2 flex items-center justify-between gap-2 text-sm">
          <input type="hidden" name="intent" value="promo-remove" />
          <span data-testid="promo-applied">
            <span className="font-semibold">{promo.code}</span> {t('applied')}
            {promo.refusal ? <span className="block text-amber-800">{t(promo.refusal)}</span> : null}
          </span>
          <button
            type="submit"
            className="btn-outline text-sm"
            aria-label={t('Remove promo code {{code}}', { code: promo.code })}
          >
            {t('Remove')}
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-2 flex items-end gap-2">
          <input type="hidden" name="intent" value="promo-apply" />
          <label className="grow text-sm font-semibold">
            <span className="sr-only">{t('Promo code')}</span>
            <input
              name="promoCode"
              required
              maxLength={PROMO_CODE_MAX}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'promo-error' : undefined}
              className={input}
            />
          </label>
          <button type="submit" className="btn-outline text-sm">
            {t('Apply')}
          </button>
        </Form>
      )}
      {error ? (
        <p id="promo-error" role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}

export interface ReviewTotals {
  subtotalCents: number;
  savingsCents: number;
  promo: { code: string; discountCents: number } | null;
  fee: { feeCents: number; baseFeeCents: number; waived: boolean } | null;
  /** The suggested tip (delivery only); the shopper may choose another above. */
  tip: { percent: number; cents: number } | null;
  ebtEligibleCents: number;
  basketCents: number;
}

/** The review's totals: subtotal, savings, promo code, fee, the suggested tip, total, and the SNAP-eligible part. */
export function ReviewTotals({ totals }: { totals: ReviewTotals }) {
  const fee = totals.fee?.feeCents ?? 0;
  const promoCents = totals.promo?.discountCents ?? 0;
  const t = useT();
  return (
    <dl className="mt-3 space-y-1 border-t border-stone-200 pt-3 text-sm">
      <div className="flex justify-between">
        <dt>{t('Subtotal')}</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
      {totals.savingsCents > 0 ? (
        <div className="flex justify-between text-green-800">
          <dt>{t('Savings')}</dt>
          <dd>-{formatCents(totals.savingsCents)}</dd>
        </div>
      ) : null}
      {totals.promo && promoCents > 0 ? (
        <div className="flex justify-between text-green-800" data-testid="checkout-promo">
          <dt>{t('Promo code {{code}}', { code: totals.promo.code })}</dt>
          <dd>-{formatCents(promoCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>{t('Delivery or pickup fee')}</dt>
        <dd data-testid="checkout-fee">
          {totals.fee?.waived ? (
            <>
              <s className="mr-1 text-stone-500">{formatCents(totals.fee.baseFeeCents)}</s>
              {t('Free with your delivery pass')}
            </>
          ) : (
            formatCents(fee)
          )}
        </dd>
      </div>
      {totals.tip ? (
        <div className="flex justify-between">
          <dt>{t('Tip ({{percent}}% suggested)', { percent: totals.tip.percent })}</dt>
          <dd data-testid="checkout-tip">{formatCents(totals.tip.cents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between pt-1 text-base font-extrabold">
        <dt>{t('Total')}</dt>
        <dd data-testid="checkout-total">{formatCents(totals.basketCents + fee + (totals.tip?.cents ?? 0))}</dd>
      </div>
      <div className="flex justify-between text-stone-600">
        <dt>{t('SNAP-eligible (EBT)')}</dt>
        <dd data-testid="checkout-ebt-eligible">{formatCents(totals.ebtEligibleCents)}</dd>
      </div>
    </dl>
  );
}
