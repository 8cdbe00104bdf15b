import { formatInTimeZone } from 'date-fns-tz';
import { findStoreProducts, setStoreStock, type StockedProduct } from '~/modules/catalog/store-stock.server';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import { deadLettersOfStore, resendDeadLetter } from '~/modules/mail/queue.server';
import { managedSlotDay, setSlotCapacity, setSlotClosed, type ManagedDay } from '~/modules/slots/slot-admin.server';
import { storeById } from '~/modules/stores/stores.server';
import { serverT } from '~/modules/i18n/translations.server';
import type { Language } from '~/modules/i18n/languages';
import { momentIn } from '~/modules/orders/order-dates.server';
import {
  BELOW_TAKEN,
  isStoreManager,
  MANAGER_REFUSALS,
  maskAddressesIn,
  maskRecipient,
  messageKindLabel,
  type StoreManagerAction,
  type StorePageQuery,
} from './store-manager-rules';

/** A message the mail worker gave up on, as the store's manager sees it: no body, the recipient masked. */
export interface DeadLetterView {
  messageId: string;
  kind: string;
  recipient: string;
  attempts: number;
  lastError: string;
  /** When it was queued, on the store's clock ("Nov 28, 9:05 AM"). */
  createdAt: string;
}

export interface StoreManagerPage {
  slots: ManagedDay;
  /** The stock search: null before the manager searched. */
  search: { term: string; products: StockedProduct[] } | null;
  deadLetters: DeadLetterView[];
}

/** Everything the store manager's page shows for one store (null for an unknown store or a non-manager). */
export async function storeManagerPage(
  manager: StaffAtStore,
  query: Pick<StorePageQuery, 'day' | 'q'>,
  now = new Date(),
  language: Language = 'en',
): Promise<StoreManagerPage | null> {
  if (!isStoreManager(manager)) return null;
  const store = await storeById(manager.storeId);
  if (!store) return null;
  const term = query.q?.trim() ?? '';
  const [slots, products, dead] = await Promise.all([
    managedSlotDay(store, query.day, now, language),
    term ? findStoreProducts(store.id, term) : Promise.resolve([]),
    deadLettersOfStore(store.id),
  ]);
  return {
    slots,
    search: term ? { term, products } : null,
    deadLetters: dead.map((row) => ({
      messageId: row.message_id,
      kind: serverT(language, 'staff')(messageKindLabel(row.kind)),
      recipient: maskRecipient(row.recipient),
      attempts: row.attempts,
      lastError: maskAddressesIn(row.last_error ?? serverT(language, 'staff')('No error was recorded.')),
      createdAt:
        language === 'en'
          ? formatInTimeZone(new Date(row.created_at), store.timezone, 'MMM d, h:mm a')
          : momentIn(language, row.created_at, store.timezone, 'dayTime'),
    })),
  };
}

export type ManagerOutcome = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

const STATUS_OF = {
  ROLE: 403,
  SLOT_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  STARTED: 409,
  NOT_SOLD: 409,
  BELOW_TAKEN: 409,
} as const;

/** Carries out one of the page's forms for the manager's store, in the page's words when it is refused. */
export async function applyManagerAction(
  manager: StaffAtStore,
  action: StoreManagerAction,
  now = new Date(),
  language: Language = 'en',
): Promise<ManagerOutcome> {
  const t = serverT(language, 'staff');
  if (!isStoreManager(manager)) return { ok: false, status: 403, message: t(MANAGER_REFUSALS.ROLE) };
  const result = await (() => {
    switch (action.intent) {
      case 'capacity':
        return setSlotCapacity(manager, action.slotId, action.capacity, now);
      case 'close':
      case 'reopen':
        return setSlotClosed(manager, action.slotId, action.intent === 'close', now);
      case 'outOfStock':
      case 'inStock':
        return setStoreStock(manager, action.productId, action.intent === 'inStock');
      case 'resend':
        return resendDeadLetter(manager.storeId, action.messageId, now).then((moved) =>
          moved ? { ok: true as const } : { ok: false as const, code: 'MESSAGE_NOT_FOUND' as const },
        );
    }
  })();
  if (result.ok) return { ok: true };
  const message = 'taken' in result ? t(BELOW_TAKEN, { count: result.taken }) : t(MANAGER_REFUSALS[result.code]);
  return { ok: false, status: STATUS_OF[result.code], message };
}
