/** What the staff order pages read from the address and post (page-safe). */
import { z } from 'zod';
import { orderNumberSchema } from '~/modules/orders/order-rules';
import { poundsField, productIdField, quantityField, substituteIdField, type PickInput } from './line-rules';

export const storeParam = z.coerce
  .number({ invalid_type_error: 'Choose one of your stores.' })
  .int()
  .positive('Choose one of your stores.')
  .max(99_999, 'Choose one of your stores.');

export const queueQuerySchema = z.object({
  store: storeParam,
  show: z.enum(['open', 'all']).default('open'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const pickListQuerySchema = z.object({ store: storeParam });
export const orderNumberParam = orderNumberSchema;

export const claimFormSchema = z.object({ intent: z.literal('claim'), orderNumber: orderNumberSchema });

export const HAND_OVER_INTENTS = ['stage', 'ready', 'depart', 'deliver', 'handOver'] as const;

/** A pick list posts a line's outcome, a claim, or a hand-over step. */
export const staffOrderActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('picked'),
    productId: productIdField,
    quantity: quantityField,
    weight: poundsField.default(''),
  }),
  z.object({ intent: z.literal('short'), productId: productIdField }),
  z.object({
    intent: z.literal('substituted'),
    productId: productIdField,
    substituteId: substituteIdField,
    quantity: quantityField,
  }),
  z.object({ intent: z.literal('claim') }),
  z.object({ intent: z.enum(HAND_OVER_INTENTS) }),
]);
export type StaffOrderAction = z.infer<typeof staffOrderActionSchema>;

/** The line outcome a pick form posted, in the module's words. */
export function pickInputOf(action: StaffOrderAction): PickInput | null {
  if (action.intent === 'picked') return { outcome: 'picked', ...withoutIntent(action) };
  if (action.intent === 'short') return { outcome: 'short', productId: action.productId };
  if (action.intent === 'substituted') return { outcome: 'substituted', ...withoutIntent(action) };
  return null;
}

function withoutIntent<T extends { intent: string }>(action: T): Omit<T, 'intent'> {
  const { intent: _intent, ...rest } = action;
  return rest;
}

/** The hand-over step a form posted, or null for a pick or a claim. */
export function handOverStepOf(action: StaffOrderAction): (typeof HAND_OVER_INTENTS)[number] | null {
  return 'productId' in action || action.intent === 'claim' ? null : action.intent;
}

export const STEP_BUTTONS: Record<(typeof HAND_OVER_INTENTS)[number], string> = {
  stage: 'Stage the order (all lines done)',
  ready: 'Mark ready for pickup',
  depart: 'Out for delivery',
  deliver: 'Mark delivered',
  handOver: 'Hand over to the shopper',
};
