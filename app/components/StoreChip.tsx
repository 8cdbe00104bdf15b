import { Link, useMatches } from '@remix-run/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useHydrated, useT } from '~/components/page-essentials';
import type { PageAccess } from '~/modules/access/page-access';

const PREFERENCE_LABELS: Record<string, string> = { Delivery: 'Delivery', Dug: 'DriveUp & Go', J4U: 'In-store' };

interface StoreChipProps {
  store: { name: string } | null;
  preference: string | null;
  zipcode: string | null;
}

function ChipLabel({ store, preference }: StoreChipProps) {
  const t = useT();
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 fill-brand">
        <path d="M10 1.5a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6Zm0 8.2a2.2 2.2 0 1 1 0-4.4 2.2 2.2 0 0 1 0 4.4Z" />
      </svg>
      {store ? (
        <span className="truncate">
          <span className="font-semibold">{t(PREFERENCE_LABELS[preference ?? ''] ?? 'Shopping')}</span>
          <span className="text-stone-600"> · {store.name}</span>
        </span>
      ) : (
        <span className="font-semibold">{t('Choose a store')}</span>
      )}
    </>
  );
}

// The zipcode dialog's code loads on the first click on the chip.
const StoreDialog = lazy(async () => ({ default: (await import('./StoreDialog')).StoreDialog }));

const chipClass =
  'order-3 flex min-w-0 items-center gap-2 rounded-full border border-stone-200 px-3 py-1.5 text-sm hover:border-brand md:order-none';

/**
 * The header's store chip. On pages whose access meta sets showZipcodeModal it opens the zipcode
 * dialog when JavaScript runs; otherwise (and always without JavaScript) it links to the store finder.
 */
export function StoreChip(props: StoreChipProps) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
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
      <button
        type="button"
        className={chipClass}
        data-testid="store-chip"
        onClick={() => (dialogOpen ? dialog.current?.showModal() : setDialogOpen(true))}
      >
        <ChipLabel {...props} />
      </button>
      {dialogOpen ? (
        <Suspense fallback={null}>
          <StoreDialog ref={dialog} labels={PREFERENCE_LABELS} preference={props.preference} zipcode={props.zipcode} />
        </Suspense>
      ) : null}
    </>
  );
}
