import { z } from 'zod';

/** Redeem or remove a reward at a store (spec section 7: reward clip, and reward unclip with storeId). */
export const rewardFormSchema = z.object({
  intent: z.enum(['redeem', 'remove'], { errorMap: () => ({ message: 'Choose redeem or remove.' }) }),
  rewardId: z.coerce.number().int().positive('That reward id is not valid.').max(2_147_483_647),
  storeId: z
    .string()
    .regex(/^\d{1,4}$/, 'A store id has 1 to 4 digits.')
    .transform(Number),
  returnTo: z.string().max(2048).optional(),
});

export type RewardAnswer =
  | { ok: true; rewardId: number; redeemed: boolean; balance: number; message: string }
  | { ok: false; rewardId: number | null; code: string; message: string };

export const rewardAnchor = (rewardId: number) => `reward-${rewardId}`;

/** The JSON body of the reward clip and unclip APIs. */
export const rewardBodySchema = z
  .object({ rewardId: z.number().int().positive().max(2_147_483_647), storeId: z.string().regex(/^\d{1,4}$/) })
  .strict();
