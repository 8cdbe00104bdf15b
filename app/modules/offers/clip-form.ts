// The schemas live in clip-form-schema.ts so offer cards (which import this module) do not bundle zod.
export { clipFormSchema, offerBodySchema } from './clip-form-schema';

/** What /foru/clip answers a script (the no-JS form gets a redirect back instead). */
export type ClipAnswer =
  | { ok: true; offerId: number; clipped: boolean; message: string }
  | { ok: false; offerId: number | null; code: string; message: string };

/** The anchor of an offer card, so a form post lands back where the shopper was. */
export const offerAnchor = (offerId: number) => `offer-${offerId}`;
