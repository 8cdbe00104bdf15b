/** The checkout form's fields for a tip, an EBT part and delivery instructions (page-safe). */
import { z } from 'zod';
import { deliveryInstructionFields } from './delivery-instructions';
import { EBT_MESSAGES } from './ebt-split';
import type { TipChoice } from './tip-rules';

const amount = z.string().max(40, 'Enter an amount in dollars and cents.').default('');

/** The tip: "0", "5", "10", "15", "20" (per cent of the basket) or "custom" (tipCustom in dollars); absent for pickup. */
export const tipFormFields = { tipChoice: z.string().max(10).default('0'), tipCustom: amount };

export const checkoutExtraFields = {
  ...tipFormFields,
  /** 0: no EBT part. */
  ebtTenderId: z.coerce.number({ invalid_type_error: EBT_MESSAGES.NO_CARD }).int().nonnegative().default(0),
  ebtAmount: amount,
  ebtBalance: amount,
  ...deliveryInstructionFields,
};

/** An EBT card number: 16 to 19 digits (spaces and dashes allowed while typing). */
export const ebtCardNumber = z
  .string()
  .max(40, EBT_MESSAGES.CARD_NUMBER)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{16,19}$/.test(value), EBT_MESSAGES.CARD_NUMBER);

export function tipChoiceOf(form: { tipChoice: string; tipCustom: string }): TipChoice {
  return form.tipChoice === 'custom'
    ? { choice: 'custom', amount: form.tipCustom }
    : { choice: 'percent', percent: Number(form.tipChoice) };
}
