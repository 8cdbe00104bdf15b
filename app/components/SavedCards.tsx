import { Form } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/** A saved card as the checkout and the subscription payment list it (a token's brand and last four). */
export interface SavedCard {
  id: number;
  brand: string;
  lastFour: string;
  expiry: string;
}

const input = 'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm';

/** Said wherever a card is chosen: nothing is charged and no card number is kept. */
export function NoChargeNote() {
  const t = useT();
  return (
    <p className="mt-1 text-sm text-stone-600">
      {t(
        'Pantry is a demonstration store: no card is charged and no card number is stored — only a token and the last four digits.',
      )}
    </p>
  );
}

/** The saved cards as radio buttons named tenderId; the newest is chosen. Render inside the paying form. */
export function SavedCardChoice({ tenders, className }: { tenders: readonly SavedCard[]; className: string }) {
  const t = useT();
  return (
    <div className={`${className} flex flex-col gap-2`}>
      {tenders.map((tender, index) => (
        <label key={tender.id} className="flex items-center gap-3 rounded-xl border border-stone-200 p-3">
          <input type="radio" name="tenderId" value={tender.id} defaultChecked={index === tenders.length - 1} />
          <span>
            {t('{{brand}} ending in {{lastFour}}', { brand: tender.brand, lastFour: tender.lastFour })}{' '}
            <span className="text-sm text-stone-500">{t('(expires {{expiry}})', { expiry: tender.expiry })}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** "Add a card": its own form posting intent=card to the page's action; open while there is no card. */
export function AddCardForm({ open, className = '' }: { open: boolean; className?: string }) {
  const t = useT();
  return (
    <details className={`card p-5 ${className}`.trim()} open={open}>
      <summary className="cursor-pointer font-semibold">{t('Add a card')}</summary>
      <Form method="post" className="mt-3 grid gap-2" autoComplete="off">
        <input type="hidden" name="intent" value="card" />
        <label className="text-sm font-semibold">
          {t('Card number')}
          <input name="cardNumber" required inputMode="numeric" className={input} placeholder="4111 1111 1111 1111" />
        </label>
        <label className="text-sm font-semibold">
          {t('Expiry (MM/YY)')}
          <input name="expiry" required className={input} placeholder="12/30" />
        </label>
        <button type="submit" className="btn-outline w-fit text-sm">
          {t('Save card')}
        </button>
      </Form>
    </details>
  );
}
