import { Form } from '@remix-run/react';
import { useT } from '~/components/page-essentials';
import { ErrorAlert, StatusNotice } from './Alerts';
import {
  MONTH_NAMES,
  OCCASION_LABELS,
  OCCASIONS,
  type OccasionDates,
} from '~/modules/customers/special-occasion-rules';

const inputClass =
  'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base font-normal focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40';

/** The profile's birthday and anniversary (flag enableSpecialOccasion): month and day, either may stay empty. */
export function SpecialOccasionsForm({
  saved,
  answer,
  busy,
}: {
  saved: OccasionDates;
  answer: { ok: boolean; message: string; errors?: Record<string, string>; values?: Record<string, string> } | null;
  busy: boolean;
}) {
  const t = useT();
  const errors = (answer && !answer.ok && answer.errors) || {};
  const values = (answer && !answer.ok && answer.values) || null;
  const valueOf = (occasion: (typeof OCCASIONS)[number], part: 'month' | 'day') =>
    values ? (values[`${occasion}${part === 'month' ? 'Month' : 'Day'}`] ?? '') : String(saved[occasion]?.[part] ?? '');
  return (
    <section className="card mt-6 p-5" aria-labelledby="occasions-heading" data-testid="special-occasions">
      <h2 id="occasions-heading" className="text-lg font-bold">
        {t('Special days')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        {t('Tell us your birthday or anniversary and we will have a treat for you that week. No year needed.')}
      </p>
      {answer ? (
        answer.ok ? (
          <StatusNotice>{answer.message}</StatusNotice>
        ) : (
          <ErrorAlert>{answer.message}</ErrorAlert>
        )
      ) : null}
      <Form
        method="post"
        className="mt-3 grid gap-4 sm:grid-cols-2"
        aria-label={t('Special days')}
        noValidate
        key={answer?.ok ? 'saved' : 'editing'}
      >
        {OCCASIONS.map((occasion) => {
          const month = `${occasion}Month`;
          const day = `${occasion}Day`;
          return (
            <fieldset key={occasion} className="grid grid-cols-[2fr_1fr] gap-2">
              <legend className="text-sm font-semibold">{t(OCCASION_LABELS[occasion])}</legend>
              <label className="text-sm" htmlFor={month}>
                {t('Month')}
                <select
                  id={month}
                  name={month}
                  defaultValue={valueOf(occasion, 'month')}
                  className={inputClass}
                  aria-invalid={errors[month] ? true : undefined}
                  aria-describedby={errors[month] ? `${month}-error` : undefined}
                >
                  <option value="">{t('Not set')}</option>
                  {MONTH_NAMES.map((name, index) => (
                    <option key={name} value={index + 1}>
                      {t(name)}
                    </option>
                  ))}
                </select>
                {errors[month] ? (
                  <span id={`${month}-error`} className="mt-1 block text-xs font-medium text-red-700">
                    {errors[month]}
                  </span>
                ) : null}
              </label>
              <label className="text-sm" htmlFor={day}>
                {t('Day')}
                <input
                  id={day}
                  name={day}
                  inputMode="numeric"
                  maxLength={2}
                  defaultValue={valueOf(occasion, 'day')}
                  className={inputClass}
                  aria-invalid={errors[day] ? true : undefined}
                  aria-describedby={errors[day] ? `${day}-error` : undefined}
                />
                {errors[day] ? (
                  <span id={`${day}-error`} className="mt-1 block text-xs font-medium text-red-700">
                    {errors[day]}
                  </span>
                ) : null}
              </label>
            </fieldset>
          );
        })}
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="occasions" className="btn-primary">
            {busy ? t('Saving…') : t('Save special days')}
          </button>
        </div>
      </Form>
    </section>
  );
}
