import { Form, Link, useMatches } from '@remix-run/react';
import { useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { PageAccess } from '~/modules/access/page-access';

const PREFERENCE_LABELS: Record<string, string> = { Delivery: 'Delivery', Dug: 'DriveUp & Go', J4U: 'In-store' };

interface StoreChipProps {
  store: { name: string } | null;
  preference: string | null;
  zipcode: string | null;
}

function ChipLabel({ store, preference }: StoreChipProps) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-brand">
        <path d="M10 1.5a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z" />
      </svg>
      {store ? (
        <span className="truncate">
          <span className="font-semibold">{PREFERENCE_LABELS[preference ?? ''] ?? 'Shopping'}</span>
          <span className="text-stone-600"> · {store.name}</span>
        </span>
      ) : (
        <span className="font-semibold">Choose a store</span>
      )}
    </>
  );
}

const chipClass =
  'order-3 flex min-w-0 items-center gap-2 rounded-full border border-stone-200 px-3 py-1.5 text-sm hover:border-brand md:order-none';

/**
 * The header's store chip. On pages whose access meta sets showZipcodeModal it opens the zipcode
 * dialog when JavaScript runs; otherwise (and always without JavaScript) it links to the store finder.
 */
export function StoreChip(props: StoreChipProps) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const matches = useMatches();
  const wantsModal = matches.some(
    (match) => (match.handle as { access?: PageAccess } | undefined)?.access?.showZipcodeModal,
  );
  if (!hydrated || !wantsModal) {
    return (
      <Link to="/set-store.html" className={chipClass} data-testid="store-chip">
        <ChipLabel {...props} />
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={chipClass} data-testid="store-chip" onClick={() => dialog.current?.showModal()}>
        <ChipLabel {...props} />
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="zip-dialog-title"
        className="w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-stone-900/40"
      >
        <Form method="get" action="/set-store.html" className="grid gap-4 p-6" onSubmit={() => dialog.current?.close()}>
          <h2 id="zip-dialog-title" className="text-lg font-bold">
            Where are you shopping?
          </h2>
          <fieldset className="grid grid-cols-3 gap-2 text-sm">
            <legend className="sr-only">How would you like to shop?</legend>
            {Object.entries(PREFERENCE_LABELS).map(([value, label]) => (
              <label
                key={value}
                className="flex cursor-pointer items-center justify-center gap-1 rounded-xl border border-stone-300 p-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="preference"
                  value={value}
                  defaultChecked={(props.preference ?? 'Delivery') === value}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <label className="text-sm font-semibold">
            ZIP code
            <input
              name="zipcode"
              inputMode="numeric"
              autoComplete="postal-code"
              defaultValue={props.zipcode ?? ''}
              required
              pattern="\d{5}(-\d{4})?"
              className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
            />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              Find stores
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}
