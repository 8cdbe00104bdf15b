/** Page-safe pharmacy vocabulary and forms (no server imports). */
import { z } from 'zod';

export const PHARMACY_PATH = '/pharmacy.html';
export const PHARMACY_CREATE_ACCOUNT_PATH = '/pharmacy/create-account.html';
export const HEALTH_SESSION_PATH = '/pharmacy/health-session';
export const HEALTH_HANDSHAKE_PATH = '/health/handshake';
export const HEALTH_DASHBOARD_PATH = '/health/dashboard.html';

/** Spec section 2 query parameters of the pharmacy create-account page. */
export const pharmacyQuerySchema = z.object({
  sendToHealthApp: z.enum(['true', 'false']).optional(),
  newPharmacyAccount: z.enum(['true', 'false']).optional(),
  progProfUser: z.enum(['true', 'false']).optional(),
});

export type HandshakeFailure = 'expired' | 'used' | 'invalid';

export const HANDSHAKE_FAILURES: Record<HandshakeFailure, { title: string; message: string }> = {
  expired: {
    title: 'This link has expired',
    message: 'Links to your health dashboard work for one minute. Start again from the pharmacy page.',
  },
  used: {
    title: 'This link was already used',
    message: 'Each link to your health dashboard opens it once. Start again from the pharmacy page.',
  },
  invalid: {
    title: 'We could not open your health dashboard',
    message: 'This link is not valid. Start again from the pharmacy page.',
  },
};

const today = () => new Date().toISOString().slice(0, 10);

export const pharmacyProfileFormSchema = z.object({
  dateOfBirth: z
    .string({ required_error: 'Enter your date of birth.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth.')
    .refine((value) => !Number.isNaN(Date.parse(value)) && value >= '1900-01-01' && value <= today(), {
      message: 'Enter a real date of birth.',
    }),
  allergies: z.string().trim().max(200, 'Keep allergies under 200 characters.').default(''),
  consent: z.literal('on', {
    errorMap: () => ({ message: 'Agree to the pharmacy privacy notice to continue.' }),
  }),
});
