import { Form, useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import { SHIP_ZIP_ACTION, SHIP_ZIP_ERRORS } from '~/modules/shipping/shipping-zip';

export interface ArriveByData {
  zipcode: string | null;
  label: string | null;
  arriveByDate: string | null;
  message: string | null;
}

/**
 * The ZIP code estimates are for, and a form to change it: a plain post (redirected back here) without
 * JavaScript, the same form through Remix with it.
 */
export function ShipZipForm({ zipcode, compact = false }: { zipcode: string | null; compact?: boolean }) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const error = params.get('shipZipError');
  const busy = navigation.state === 'submitting' && navigation.formAction === SHIP_ZIP_ACTION;
  const returnTo = (() => {
    const search = new URLSearchParams(location.search);
    search.delete('shipZipError');
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  })();
  return (
    <Form
      method="post"
      action={SHIP_ZIP_ACTION}
      className={`flex flex-wrap items-end gap-2 ${compact ? '' : 'mt-3'}`}
      preventScrollReset
      data-testid="ship-zip-form"
    >
      <input type="hidden" name="returnTo" value={returnTo} />
      <label className="text-xs font-semibold text-stone-700">
        {zipcode ? t('Ship to another ZIP code') : t('Ship to ZIP code')}
        <input
          name="zipcode"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="\d{5}(-\d{4})?"
          maxLength={10}
          required
          defaultValue={zipcode ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ship-zip-error' : undefined}
          className="mt-1 block w-28 rounded-lg border border-stone-300 px-2 py-1.5 text-sm"
        />
      </label>
      <button type="submit" className="btn-outline py-1.5 text-sm" disabled={busy}>
        {busy ? t('Checking…') : zipcode ? t('Update') : t('See dates')}
      </button>
      {error ? (
        <p id="ship-zip-error" role="alert" className="w-full text-xs font-semibold text-red-700">
          {t(SHIP_ZIP_ERRORS[error] ?? SHIP_ZIP_ERRORS.BAD_ZIP!)}
        </p>
      ) : null}
    </Form>
  );
}

/** A wine or marketplace product page's arrive-by date for the shopper's ZIP (or why there is none), in the page's language. */
export function ArriveByPanel({ arrive }: { arrive: ArriveByData }) {
  const t = useT();
  return (
    <section
      id="shipping"
      aria-labelledby="shipping-heading"
      className="mt-3 rounded-xl border border-stone-200 bg-white p-3"
      data-testid="arrive-by"
    >
      <h2 id="shipping-heading" className="text-sm font-bold">
        {arrive.zipcode ? t('Delivery estimate to {{zip}}', { zip: arrive.zipcode }) : t('Delivery estimate')}
      </h2>
      {arrive.label ? (
        <p className="mt-1 font-semibold text-brand-dark" data-testid="arrive-by-date" data-date={arrive.arriveByDate}>
          {arrive.label}
        </p>
      ) : null}
      {arrive.message ? (
        <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="arrive-by-message">
          {arrive.message}
        </p>
      ) : null}
      <ShipZipForm zipcode={arrive.zipcode} />
    </section>
  );
}
