/**
 * Delivery instructions (page-safe): a gate code, "leave at door" and a note for the driver, saved with a
 * delivery address and copied onto each order. Shown as text everywhere (React and the mail escape them).
 */
import { z } from 'zod';

export const DELIVERY_NOTE_MAX = 250;
export const GATE_CODE_MAX = 20;

export interface DeliveryInstructions {
  gateCode: string;
  leaveAtDoor: boolean;
  deliveryNote: string;
}

/** Control characters (other than a line break) are dropped: they mean nothing to a driver. */
const printable = (value: string) =>
  [...value]
    .filter((char) => char === '\n' || (char >= ' ' && char !== '\u007f'))
    .join('')
    .trim();

export const deliveryInstructionFields = {
  gateCode: z
    .string()
    .default('')
    .transform(printable)
    .pipe(z.string().max(GATE_CODE_MAX, `Keep the gate code to ${GATE_CODE_MAX} characters.`)),
  deliveryNote: z
    .string()
    .default('')
    .transform(printable)
    .pipe(z.string().max(DELIVERY_NOTE_MAX, `Keep the delivery instructions to ${DELIVERY_NOTE_MAX} characters.`)),
  leaveAtDoor: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true' || value === '1'),
};

/** A page's translate function (serverT of the page's namespace). */
type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * One line for the driver: "Gate code 4411 · Leave at door · Ring twice". With the page's translate function
 * the fixed words are in its language; the customer's own note stays as they wrote it.
 */
export function instructionsText(instructions: DeliveryInstructions, t?: Translate): string {
  const { gateCode } = instructions;
  return [
    gateCode ? (t ? t('Gate code {{code}}', { code: gateCode }) : `Gate code ${gateCode}`) : '',
    instructions.leaveAtDoor ? (t ? t('Leave at door') : 'Leave at door') : '',
    instructions.deliveryNote,
  ]
    .filter(Boolean)
    .join(' · ');
}
