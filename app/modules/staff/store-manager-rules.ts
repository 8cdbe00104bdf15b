/** What the store manager's page reads and posts, and its rules (page-safe: no server imports). */
import { z } from 'zod';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import { storeParam } from '~/modules/fulfilment/staff-forms';
import type { MessageKind } from '~/modules/mail/message-kinds';

/** The most places a manager can give one window (a bigger number is a typo, not a plan). */
export const MAX_SLOT_CAPACITY = 200;
/** The most products one search on the page lists. */
export const STOCK_SEARCH_LIMIT = 20;

/** What a manager's change did, said back on the page after the redirect (decision 0082). */
export const MANAGER_DONE = {
  capacity: 'The capacity is saved.',
  closed: 'The window is closed: shoppers can no longer choose it. Orders already in it keep their place.',
  reopened: 'The window is open again.',
  outOfStock: 'Marked out of stock at this store.',
  inStock: 'Back in stock at this store.',
  resent: 'The message is queued to be sent again.',
} as const;
export type ManagerDone = keyof typeof MANAGER_DONE;

export const MANAGER_REFUSALS = {
  ROLE: 'Only the store manager can change this.',
  SLOT_NOT_FOUND: 'We could not find that window at this store.',
  STARTED: 'That window has already started; it can no longer be changed.',
  PRODUCT_NOT_FOUND: 'We could not find that grocery product.',
  NOT_SOLD: 'This store does not sell that product, so it has no stock to change.',
  MESSAGE_NOT_FOUND: 'That message is no longer waiting: it was already sent again, or it is not this store’s.',
} as const;
export type ManagerRefusalCode = keyof typeof MANAGER_REFUSALS;

/**
 * The refusal of a capacity below the places already taken, as a key of the staff namespace: the number goes in
 * as `count` (the English file holds its singular and plural wording).
 */
export const BELOW_TAKEN =
  '{{count}} places are already taken in this window, so its capacity cannot go below {{count}}.';

export type CapacityCheck = { ok: true } | { ok: false; code: 'BELOW_TAKEN'; taken: number };

/** A window's capacity never goes below the places already taken: those orders keep their place. */
export function checkCapacity(capacity: number, taken: number): CapacityCheck {
  return capacity >= taken ? { ok: true } : { ok: false, code: 'BELOW_TAKEN', taken };
}

/** Whether the staff member may change the store's windows, stock and messages. */
export const isStoreManager = (who: Pick<StaffAtStore, 'roles'>) => who.roles.includes('manager');

/** A window that has started takes no reservation: nothing to change about it. */
export const slotEditable = (startsAt: string, now: Date) => Date.parse(startsAt) > now.getTime();

/**
 * A recipient as a manager sees it: enough to recognise (first letter, the domain), not enough to copy.
 * j***@pantry.test; a number (a text message) keeps its last two digits.
 */
export function maskRecipient(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  const digits = recipient.replace(/\D/g, '');
  if (digits.length >= 4) return `***${digits.slice(-2)}`;
  return '***';
}

/** Every address in a text (an SMTP error often quotes the recipient) masked as maskRecipient does. */
export function maskAddressesIn(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, (address) => maskRecipient(address));
}

/** Each message kind as a person reads it (keys in staff.json, so a Spanish page names them in Spanish). */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  'sign-in-code': 'Sign in code',
  'verification-code': 'Verification code',
  'password-reset': 'Password reset',
  welcome: 'Welcome',
  'account-exists': 'Account exists',
  'email-changed': 'Email changed',
  'password-changed': 'Password changed',
  'order-placed': 'Order placed',
  'substitution-request': 'Substitution request',
  'out-for-delivery': 'Out for delivery',
  'ready-for-pickup': 'Ready for pickup',
  receipt: 'Receipt',
  'weekly-offers': 'Weekly offers',
};

const isMessageKind = (kind: string): kind is MessageKind => Object.hasOwn(MESSAGE_KIND_LABELS, kind);

/** A message kind as a person reads it: 'order-placed' → 'Order placed'; a kind no longer sent, from its words. */
export function messageKindLabel(kind: string): string {
  if (isMessageKind(kind)) return MESSAGE_KIND_LABELS[kind];
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Message';
}

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day from the list.')
  .optional();

export const storePageQuerySchema = z.object({
  store: storeParam,
  day: dayField,
  q: z.string().trim().max(60, 'Search with at most 60 characters.').optional(),
  done: z.enum(Object.keys(MANAGER_DONE) as [ManagerDone, ...ManagerDone[]]).optional(),
});
export type StorePageQuery = z.infer<typeof storePageQuerySchema>;

const slotId = z.coerce
  .number({ invalid_type_error: 'Choose a window.' })
  .int('Choose a window.')
  .positive('Choose a window.');
const productId = z.coerce
  .number({ invalid_type_error: 'Choose a product.' })
  .int('Choose a product.')
  .positive('Choose a product.');

/** The page's forms: one intent each, all posting to the page. */
export const storeManagerActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('capacity'),
    slotId,
    // An empty field is no number (Number('') would be 0: a window closed by a slip).
    capacity: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ invalid_type_error: `Enter a capacity from 0 to ${MAX_SLOT_CAPACITY}.` })
        .int(`Enter a whole number of places from 0 to ${MAX_SLOT_CAPACITY}.`)
        .min(0, `Enter a capacity from 0 to ${MAX_SLOT_CAPACITY}.`)
        .max(MAX_SLOT_CAPACITY, `Enter a capacity from 0 to ${MAX_SLOT_CAPACITY}.`),
    ),
  }),
  z.object({ intent: z.literal('close'), slotId }),
  z.object({ intent: z.literal('reopen'), slotId }),
  z.object({ intent: z.literal('outOfStock'), productId }),
  z.object({ intent: z.literal('inStock'), productId }),
  z.object({ intent: z.literal('resend'), messageId: z.string().trim().min(1).max(100) }),
]);
export type StoreManagerAction = z.infer<typeof storeManagerActionSchema>;

/** What each intent says once it is done. */
export const DONE_OF: Record<StoreManagerAction['intent'], ManagerDone> = {
  capacity: 'capacity',
  close: 'closed',
  reopen: 'reopened',
  outOfStock: 'outOfStock',
  inStock: 'inStock',
  resend: 'resent',
};

/** The page's address with its day and search kept, and what was just done. */
export function storePageHref(query: Pick<StorePageQuery, 'store' | 'day' | 'q'>, done?: ManagerDone): string {
  const params = new URLSearchParams({ store: String(query.store) });
  if (query.day) params.set('day', query.day);
  if (query.q) params.set('q', query.q);
  if (done) params.set('done', done);
  return `/staff/store?${params.toString()}`;
}
