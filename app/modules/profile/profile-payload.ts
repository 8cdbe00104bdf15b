import { z } from 'zod';
import type { Preference } from '~/modules/session/session-schema';

/**
 * Spec section 3, profile update payloads (the classic Stores/Preferences/postalCodes shape and the
 * geo-flow preferences shape). Pure and page-safe: the resource routes validate with these schemas,
 * the profile-update client builds with these functions, and unit tests reach both without HTTP.
 */

/** Spec section 9: fulfilment method values and store preference values. */
export const FULFILLMENT_METHODS = ['J4U', 'DUG', 'DELIVERY'] as const;
export type FulfillmentMethod = (typeof FULFILLMENT_METHODS)[number];
export const STORE_PREFERENCES = ['Preferred', 'DriveUp'] as const;
export type StorePreference = (typeof STORE_PREFERENCES)[number];

/** The session's preference (Delivery, Dug, J4U) as the profile's fulfilment method. */
export const METHOD_OF_PREFERENCE: Record<Preference, FulfillmentMethod> = {
  Delivery: 'DELIVERY',
  Dug: 'DUG',
  J4U: 'J4U',
};
export const PREFERENCE_OF_METHOD: Record<FulfillmentMethod, Preference> = {
  DELIVERY: 'Delivery',
  DUG: 'Dug',
  J4U: 'J4U',
};

/**
 * Geo flow: one fixed id per preference definition (the spec does not show the values; these are
 * Pantry's, recorded in docs/decisions/0013-profile-and-session-update.md).
 */
export const PREFERENCE_DEF_IDS = {
  fulfillmentMethod: 'PD-FULFILLMENT-METHOD',
  driveUpStore: 'PD-DRIVEUP-STORE',
  inStoreStore: 'PD-INSTORE-STORE',
} as const;
export const GEO_PREFERENCE_DEF_IDS = Object.values(PREFERENCE_DEF_IDS);

export interface StoreChoiceForProfile {
  storeId: string;
  preference: Preference;
  zipcode: string;
  /** The banner the chosen store belongs to (another banner's store is saved under that banner). */
  banner: string;
}

const bannerSchema = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'A banner id is lower-case letters');
const storeIdSchema = z.string().regex(/^\d{1,4}$/, 'A store id has 1 to 4 digits');
const zipSchema = z.string().regex(/^\d{5}(-\d{4})?$/, 'A ZIP code has 5 digits, or 5+4');

export const storesUpdateSchema = z
  .object({
    Stores: z
      .array(
        z
          .object({
            storeId: storeIdSchema,
            storePreference: z.enum(STORE_PREFERENCES),
            address: z.object({ zipCode: zipSchema }).strict(),
            banner: bannerSchema,
          })
          .strict(),
      )
      .max(8)
      .default([]),
    Preferences: z
      .array(
        z
          .object({
            categoryCode: z.literal('FULFILLMENT'),
            subCategoryCode: z.literal('METHOD'),
            value: z.enum(FULFILLMENT_METHODS),
            bannerId: bannerSchema,
          })
          .strict(),
      )
      .max(8)
      .default([]),
    postalCodes: z
      .array(
        z
          .object({
            purposes: z.array(z.enum(FULFILLMENT_METHODS)).min(1).max(3),
            postalCode: zipSchema,
            bannerId: bannerSchema,
          })
          .strict(),
      )
      .max(8)
      .default([]),
  })
  .strict()
  .refine((body) => body.Stores.length + body.Preferences.length + body.postalCodes.length > 0, {
    message: 'The update names no store, preference or postal code.',
  });
export type StoresUpdatePayload = z.input<typeof storesUpdateSchema>;

export const geoPreferencesSchema = z
  .object({
    preferences: z
      .array(
        z
          .object({
            preferenceDefId: z.enum([
              PREFERENCE_DEF_IDS.fulfillmentMethod,
              PREFERENCE_DEF_IDS.driveUpStore,
              PREFERENCE_DEF_IDS.inStoreStore,
            ]),
            value: z.string().min(1).max(20),
            banner: bannerSchema,
          })
          .strict()
          .superRefine((pref, ctx) => {
            const ok =
              pref.preferenceDefId === PREFERENCE_DEF_IDS.fulfillmentMethod
                ? (FULFILLMENT_METHODS as readonly string[]).includes(pref.value)
                : storeIdSchema.safeParse(pref.value).success;
            if (!ok)
              ctx.addIssue({ code: 'custom', message: `That is not a valid value for ${pref.preferenceDefId}.` });
          }),
      )
      .min(1)
      .max(12),
  })
  .strict();
export type GeoPreferencesPayload = z.input<typeof geoPreferencesSchema>;

/** The classic payload: the store (DriveUp for pickup, else Preferred), the method, and the ZIP. */
export function buildStoresPayload(choice: StoreChoiceForProfile): StoresUpdatePayload {
  const method = METHOD_OF_PREFERENCE[choice.preference];
  const zipCode = choice.zipcode.slice(0, 5);
  return {
    Stores: [
      {
        storeId: choice.storeId,
        storePreference: choice.preference === 'Dug' ? 'DriveUp' : 'Preferred',
        address: { zipCode },
        banner: choice.banner,
      },
    ],
    Preferences: [{ categoryCode: 'FULFILLMENT', subCategoryCode: 'METHOD', value: method, bannerId: choice.banner }],
    postalCodes: [{ purposes: [method], postalCode: zipCode, bannerId: choice.banner }],
  };
}

/** The geo-flow payload: the method, and the store under the drive-up or in-store definition. */
export function buildGeoPayload(choice: StoreChoiceForProfile): GeoPreferencesPayload {
  return {
    preferences: [
      {
        preferenceDefId: PREFERENCE_DEF_IDS.fulfillmentMethod,
        value: METHOD_OF_PREFERENCE[choice.preference],
        banner: choice.banner,
      },
      {
        preferenceDefId:
          choice.preference === 'Dug' ? PREFERENCE_DEF_IDS.driveUpStore : PREFERENCE_DEF_IDS.inStoreStore,
        value: choice.storeId,
        banner: choice.banner,
      },
    ],
  };
}

/** Spec section 7: the profile path's stores call, and (geo flow) the fulfilment preferences path. */
export function storesUpdatePath(customerId: string) {
  return `/ucaservice/api/uca/customers/${encodeURIComponent(customerId)}/stores`;
}
export function geoPreferencesPath(customerId: string) {
  return `/api/customers/${encodeURIComponent(customerId)}/preferences/fulfillment`;
}
