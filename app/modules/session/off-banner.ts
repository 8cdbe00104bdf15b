import type { Preference } from './session-schema';

/** Spec section 5: an off-banner session update needs all four values, checked in this order. */
export const OFF_BANNER_MESSAGES = {
  preference: 'Preference is empty',
  storeId: 'StoreId is empty',
  banner: 'Banner is empty',
  zipcode: 'Zipcode is empty',
} as const;

export interface OffBannerInput {
  preference?: string | null;
  storeId?: string | null;
  banner?: string | null;
  zipcode?: string | null;
  wfcStoreId?: string | null;
}

export type OffBannerResult =
  | {
      ok: true;
      offbanner: { banner: string; storeId: string; preference: Preference; zipcode: string; wfcStoreId?: string };
    }
  | { ok: false; message: (typeof OFF_BANNER_MESSAGES)[keyof typeof OFF_BANNER_MESSAGES] };

const empty = (value: string | null | undefined) => !value || value.trim() === '';

export function offBannerBlock(input: OffBannerInput): OffBannerResult {
  if (empty(input.preference)) return { ok: false, message: OFF_BANNER_MESSAGES.preference };
  if (empty(input.storeId)) return { ok: false, message: OFF_BANNER_MESSAGES.storeId };
  if (empty(input.banner)) return { ok: false, message: OFF_BANNER_MESSAGES.banner };
  if (empty(input.zipcode)) return { ok: false, message: OFF_BANNER_MESSAGES.zipcode };
  return {
    ok: true,
    offbanner: {
      banner: input.banner!.trim(),
      storeId: input.storeId!.trim(),
      preference: input.preference!.trim() as Preference,
      zipcode: input.zipcode!.trim(),
      ...(input.wfcStoreId ? { wfcStoreId: input.wfcStoreId } : {}),
    },
  };
}
