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
