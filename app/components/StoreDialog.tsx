import { Form } from '@remix-run/react';
import { forwardRef, useEffect, type MutableRefObject } from 'react';
import { useT } from '~/components/page-essentials';

/**
 * The store chip's zipcode dialog (JavaScript only; without it the chip links to the store finder).
 * Loaded on the first click on the chip, and opened as soon as it is there: its words (common strings) cost a page's
 * JavaScript nothing until then.
 */
export const StoreDialog = forwardRef<
  HTMLDialogElement,
  { labels: Record<string, string>; preference: string | null; zipcode: string | null }
>(function StoreDialog({ labels, preference, zipcode }, ref) {
  const dialog = ref as MutableRefObject<HTMLDialogElement | null>;
  const t = useT();
  useEffect(() => {
    dialog.current?.showModal();
  }, [dialog]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="zip-dialog-title"
      className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-stone-900/40"
    >
      <Form method="get" action="/set-store.html" className="grid gap-4 p-6" onSubmit={() => dialog.current?.close()}>
        <h2 id="zip-dialog-title" className="text-lg font-bold">
          {t('Where are you shopping?')}
        </h2>
        <fieldset className="grid grid-cols-3 gap-2 text-sm">
          <legend className="sr-only">{t('How would you like to shop?')}</legend>
          {Object.entries(labels).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center justify-center gap-1 rounded-xl border border-stone-300 p-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              <input
                type="radio"
                name="preference"
                value={value}
                defaultChecked={(preference ?? 'Delivery') === value}
              />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <label className="text-sm font-semibold">
          {t('ZIP code')}
          <input
            name="zipcode"
            inputMode="numeric"
            autoComplete="postal-code"
            defaultValue={zipcode ?? ''}
            required
            pattern="\d{5}(-\d{4})?"
            className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={() => dialog.current?.close()}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn-primary">
            {t('Find stores')}
          </button>
        </div>
      </Form>
    </dialog>
  );
});
