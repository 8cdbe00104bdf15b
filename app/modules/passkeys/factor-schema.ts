import { z } from 'zod';

/** Page-safe shapes of the factor calls (spec section 7), shared by the resource routes and the page. */
export const createFactorBody = z.object({
  factorType: z.literal('webauthn', { errorMap: () => ({ message: 'factorType must be webauthn.' }) }),
  provider: z.literal('FIDO', { errorMap: () => ({ message: 'provider must be FIDO.' }) }),
  name: z.string().trim().max(60, 'Use at most 60 characters for the name.').optional(),
});
export type CreateFactorBody = z.infer<typeof createFactorBody>;

const base64url = z
  .string()
  .min(1)
  .max(8000)
  .regex(/^[A-Za-z0-9_-]+$/, 'Expected base64url data.');

export const activateFactorBody = z.object({
  attestation: base64url,
  clientData: base64url,
  /** The credential id the browser reported (it is also inside the attestation, which is what counts). */
  credentialId: base64url.optional(),
  transports: z.array(z.string().max(20)).max(8).optional(),
});
export type ActivateFactorBody = z.infer<typeof activateFactorBody>;

export interface FactorSummary {
  id: string;
  factorType: string;
  provider: string;
  status: 'PENDING_ACTIVATION' | 'ACTIVE';
  name: string;
  created: string;
  lastUsed: string | null;
}

export const DEFAULT_PASSKEY_NAME = 'Passkey';
