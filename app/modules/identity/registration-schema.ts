import { z } from 'zod';
import { passwordProblem } from './password-rules';

/** The create-account form; page-safe, since the route builds its form schema from it at load. */
export const registrationSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name.').max(60),
  lastName: z.string().trim().min(1, 'Enter your last name.').max(60),
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  phone: z
    .string()
    .trim()
    .transform((value) => value.replace(/[^\d]/g, ''))
    .refine((digits) => digits.length === 10, 'Enter a 10-digit phone number.'),
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  }),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code.'),
});
export type Registration = z.infer<typeof registrationSchema>;

/**
 * Prefixes the IRS assigns to Employer Identification Numbers (its published campus list); an EIN
 * starting with any other two digits (00, 07, 08, 09, 17…) has never been issued.
 */
const EIN_PREFIXES = new Set([
  ...['01', '02', '03', '04', '05', '06'],
  ...['10', '11', '12', '13', '14', '15', '16'],
  ...['20', '21', '22', '23', '24', '25', '26', '27'],
  ...Array.from({ length: 19 }, (_, i) => String(30 + i)), // 30-48
  ...Array.from({ length: 19 }, (_, i) => String(50 + i)), // 50-68
  ...['71', '72', '73', '74', '75', '76', '77'],
  ...['80', '81', '82', '83', '84', '85', '86', '87', '88'],
  ...['90', '91', '92', '93', '94', '95', '98', '99'],
]);

export const EIN_FORMAT_MESSAGE = 'Enter your tax id (EIN) as NN-NNNNNNN, for example 12-3456789.';
export const EIN_PREFIX_MESSAGE = 'That EIN does not start with a prefix the IRS issues. Please check it.';

/**
 * A US Employer Identification Number, NN-NNNNNNN. Nine digits typed without the hyphen (or with
 * spaces) are accepted and stored in the NN-NNNNNNN form. Returns the normalised EIN or a message.
 */
export function parseEin(input: string): { ok: true; ein: string } | { ok: false; message: string } {
  const trimmed = input.trim();
  const match = /^(\d{2})[-\s]?(\d{7})$/.exec(trimmed);
  if (!match) return { ok: false, message: EIN_FORMAT_MESSAGE };
  const [, prefix, serial] = match as unknown as [string, string, string];
  if (!EIN_PREFIXES.has(prefix)) return { ok: false, message: EIN_PREFIX_MESSAGE };
  return { ok: true, ein: `${prefix}-${serial}` };
}

/** The business site's create-account form: the consumer fields plus the company and its EIN. */
export const businessRegistrationSchema = registrationSchema.extend({
  companyName: z
    .string()
    .trim()
    .min(2, 'Enter your company name.')
    .max(120, 'Keep the company name under 120 characters.'),
  taxId: z.string().transform((value, ctx) => {
    const parsed = parseEin(value);
    if (parsed.ok) return parsed.ein;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
    return z.NEVER;
  }),
});
export type BusinessRegistration = z.infer<typeof businessRegistrationSchema>;
