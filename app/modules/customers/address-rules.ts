/** Page-safe address vocabulary and forms (no server imports): the page and the API share them. */
import { z } from 'zod';
import { BANNER_IDS } from '~/modules/banners/hosts';
import { US_STATES, type StateCode } from '~/modules/geo/us-states';

/** What an address can be used for (addressTypes) and what the customer uses it for (purposes). */
export const ADDRESS_PURPOSES = ['DELIVERY', 'BILLING'] as const;
export type AddressPurpose = (typeof ADDRESS_PURPOSES)[number];
export const PURPOSE_LABELS: Record<AddressPurpose, string> = { DELIVERY: 'Deliveries', BILLING: 'Billing' };

const STATE_CODES = Object.keys(US_STATES) as [StateCode, ...StateCode[]];

export const ADDRESS_MESSAGES = {
  addressName: 'Give the address a name, like Home.',
  address1: 'Enter the street address.',
  city: 'Enter the city.',
  stateCode: 'Choose a state.',
  country: 'We deliver to addresses in the United States only.',
  postalCode: 'Enter a 5-digit ZIP code, or ZIP+4 like 98101-1234.',
  postalCodeExtn: 'The ZIP+4 extension is 4 digits.',
  extnMismatch: 'The ZIP+4 extension was given twice, differently.',
  purposes: 'Choose what the address is for: deliveries, billing or both.',
  purposeNotAllowed: 'An address can only be chosen for what it is used for.',
  zipUnknown: 'We could not find that ZIP code. Please check it.',
  zipState: (zip: string, state: string) => `ZIP code ${zip} is not in ${state}. Please check the state and ZIP code.`,
  duplicate: 'This address is already saved, so we kept the one you have.',
  added: 'Address saved.',
  updated: 'Address updated.',
  deleted: 'Address removed.',
  selected: 'Selected address updated.',
  notFound: 'We could not find that address.',
} as const;

export interface PostalCodeParts {
  postalCode: string;
  postalCodeExtn: string;
}

/**
 * Spec section 5: a postal code longer than 5 characters is split at the hyphen into a 5-digit code
 * and an extension. Returns null for anything that is not 5 digits or 5+4 digits with a hyphen.
 */
export function splitPostalCode(value: string): PostalCodeParts | null {
  const match = /^(\d{5})(?:-(\d{4}))?$/.exec(value.trim());
  if (!match) return null;
  return { postalCode: match[1]!, postalCodeExtn: match[2] ?? '' };
}

/** A form sends one checkbox as a string, several as an array; JSON sends an array (or a comma list). */
const list = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return [];
    const items = Array.isArray(value) ? value : String(value).split(',');
    return [...new Set(items.map((entry) => (typeof entry === 'string' ? entry.trim().toUpperCase() : entry)))];
  }, z.array(item));

/** A checkbox ('on'), a hidden 'true'/'false', or a JSON boolean. */
const flag = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()) as z.ZodType<
  boolean,
  z.ZodTypeDef,
  unknown
>;

const purposeList = list(z.enum(ADDRESS_PURPOSES, { errorMap: () => ({ message: ADDRESS_MESSAGES.purposes }) }));

/** Keeps the vocabulary's order, so the same choice is always stored and compared the same way. */
export function orderedPurposes(values: readonly string[]): AddressPurpose[] {
  return ADDRESS_PURPOSES.filter((purpose) => values.includes(purpose));
}

const addressFields = {
  addressName: z.string().trim().min(1, ADDRESS_MESSAGES.addressName).max(40, 'Keep the name under 40 characters.'),
  address1: z.string().trim().min(3, ADDRESS_MESSAGES.address1).max(80, 'Keep the street address under 80 characters.'),
  address2: z.string().trim().max(40, 'Keep the second line under 40 characters.').default(''),
  city: z.string().trim().min(2, ADDRESS_MESSAGES.city).max(40, 'Keep the city under 40 characters.'),
  stateCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(STATE_CODES, { errorMap: () => ({ message: ADDRESS_MESSAGES.stateCode }) }),
  ),
  country: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toUpperCase() : 'US'),
    z.literal('US', { errorMap: () => ({ message: ADDRESS_MESSAGES.country }) }),
  ),
  postalCode: z.string({ required_error: ADDRESS_MESSAGES.postalCode }).trim().min(1, ADDRESS_MESSAGES.postalCode),
  postalCodeExtn: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, ADDRESS_MESSAGES.postalCodeExtn)
    .default(''),
  // What the address can serve; omitted, it can serve every purpose.
  addressTypes: purposeList,
  purposes: purposeList.refine((values) => values.length > 0, ADDRESS_MESSAGES.purposes),
  // The client's own hash is never trusted: the server computes addressHash from the address itself.
  addressHash: z.string().max(128).optional(),
};

export type AddressInput = {
  addressName: string;
  address1: string;
  address2: string;
  city: string;
  stateCode: StateCode;
  country: 'US';
  postalCode: string;
  postalCodeExtn: string;
  addressTypes: AddressPurpose[];
  purposes: AddressPurpose[];
};

/** Shared checks: the postal code split (spec section 5) and purposes that the address types allow. */
function refineAddress(value: z.infer<z.ZodObject<typeof addressFields>>, ctx: z.RefinementCtx): AddressInput | null {
  const split = splitPostalCode(value.postalCode);
  if (!split) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['postalCode'], message: ADDRESS_MESSAGES.postalCode });
    return null;
  }
  if (split.postalCodeExtn && value.postalCodeExtn && split.postalCodeExtn !== value.postalCodeExtn) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['postalCodeExtn'], message: ADDRESS_MESSAGES.extnMismatch });
    return null;
  }
  const addressTypes = value.addressTypes.length > 0 ? orderedPurposes(value.addressTypes) : [...ADDRESS_PURPOSES];
  const purposes = orderedPurposes(value.purposes);
  if (!purposes.every((purpose) => addressTypes.includes(purpose))) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['purposes'], message: ADDRESS_MESSAGES.purposeNotAllowed });
    return null;
  }
  const address: AddressInput = {
    addressName: value.addressName,
    address1: value.address1,
    address2: value.address2,
    city: value.city,
    stateCode: value.stateCode,
    country: value.country,
    postalCode: split.postalCode,
    postalCodeExtn: split.postalCodeExtn || value.postalCodeExtn,
    addressTypes,
    purposes,
  };
  return address;
}

/**
 * Spec section 3, "New address": addressName, address1, address2, city, stateCode, country,
 * postalCode (split here), postalCodeExtn, addressTypes, purposes, addressHash, and the selection
 * it may make at once: isSelectedAddress, selectedAddressBanner, selectedAddressPurposes.
 */
export const newAddressSchema = z
  .object({
    ...addressFields,
    isSelectedAddress: flag,
    selectedAddressBanner: z
      .enum(BANNER_IDS, { errorMap: () => ({ message: 'That banner is not one of ours.' }) })
      .optional(),
    selectedAddressPurposes: purposeList,
  })
  .transform((value, ctx) => {
    const address = refineAddress(value, ctx);
    if (!address) return z.NEVER;
    const selectedPurposes =
      value.selectedAddressPurposes.length > 0 ? orderedPurposes(value.selectedAddressPurposes) : address.purposes;
    if (value.isSelectedAddress && !selectedPurposes.every((purpose) => address.purposes.includes(purpose))) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['selectedAddressPurposes'],
        message: ADDRESS_MESSAGES.purposeNotAllowed,
      });
      return z.NEVER;
    }
    return {
      address,
      selection: value.isSelectedAddress
        ? { banner: value.selectedAddressBanner ?? null, purposes: selectedPurposes }
        : null,
    };
  });
export type NewAddress = z.infer<typeof newAddressSchema>;

/** An edit changes the address itself; selections are made separately. */
export const addressUpdateSchema = z
  .object(addressFields)
  .transform((value, ctx) => refineAddress(value, ctx) ?? z.NEVER);

/** Spec section 3, "Selected address: addressId, banner, purposes". */
export const selectedAddressSchema = z.object({
  addressId: z.coerce
    .number({ invalid_type_error: ADDRESS_MESSAGES.notFound })
    .int()
    .positive(ADDRESS_MESSAGES.notFound),
  banner: z.enum(BANNER_IDS, { errorMap: () => ({ message: 'That banner is not one of ours.' }) }).optional(),
  purposes: purposeList
    .refine((values) => values.length > 0, ADDRESS_MESSAGES.purposes)
    .transform((values) => orderedPurposes(values)),
});
export type SelectedAddressInput = z.infer<typeof selectedAddressSchema>;

export const addressIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
