import type { Kysely, Selectable, Transaction } from 'kysely';
import { db } from '~/db/db.server';
import type { CustomerAddressTable, Database } from '~/db/schema';
import { lookupZip } from '~/modules/stores/zip-codes.server';
import { addressHash } from './address-hash.server';
import {
  ADDRESS_MESSAGES,
  orderedPurposes,
  type AddressInput,
  type AddressPurpose,
  type NewAddress,
  type SelectedAddressInput,
} from './address-rules';
import { US_STATES } from '~/modules/geo/us-states';

export type AddressRefusalCode = 'NOT_FOUND' | 'INVALID_ADDRESS' | 'DUPLICATE_ADDRESS' | 'PURPOSE_NOT_ALLOWED';
export type AddressRefusal = { ok: false; code: AddressRefusalCode; message: string; field?: string };

export interface AddressSelection {
  banner: string;
  purposes: AddressPurpose[];
}

/** One saved address in the spec's field names, with where it is selected. */
export interface AddressView {
  addressId: number;
  addressName: string;
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  country: string;
  postalCode: string;
  postalCodeExtn: string;
  addressTypes: AddressPurpose[];
  purposes: AddressPurpose[];
  addressHash: string;
  /** Selected for the banner asked about (for at least one purpose). */
  isSelectedAddress: boolean;
  /** The purposes it is selected for on the banner asked about. */
  selectedPurposes: AddressPurpose[];
  /** Every banner and purpose it is selected for. */
  selections: AddressSelection[];
}

type AddressRow = Selectable<CustomerAddressTable>;
type SelectionRow = { address_id: number; banner_id: string; purpose: string };

function toView(row: AddressRow, selections: SelectionRow[], bannerId: string): AddressView {
  const mine = selections.filter((selection) => selection.address_id === row.id);
  const byBanner = new Map<string, string[]>();
  for (const selection of mine)
    byBanner.set(selection.banner_id, [...(byBanner.get(selection.banner_id) ?? []), selection.purpose]);
  const selectedPurposes = orderedPurposes(byBanner.get(bannerId) ?? []);
  return {
    addressId: row.id,
    addressName: row.address_name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateCode: row.state_code,
    country: row.country,
    postalCode: row.postal_code,
    postalCodeExtn: row.postal_code_extn,
    addressTypes: orderedPurposes(row.address_types.split(',')),
    purposes: orderedPurposes(row.purposes.split(',')),
    addressHash: row.address_hash,
    isSelectedAddress: selectedPurposes.length > 0,
    selectedPurposes,
    selections: [...byBanner.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([banner, purposes]) => ({ banner, purposes: orderedPurposes(purposes) })),
  };
}

/**
 * The customer's addresses, the ones selected on this banner first (deliveries before billing), then
 * oldest first. Every query carries the customer id: nobody else's address is ever read.
 */
export async function listAddresses(customerId: number, bannerId: string): Promise<AddressView[]> {
  const [rows, selections] = await Promise.all([
    db().selectFrom('customer_addresses').selectAll().where('customer_id', '=', customerId).orderBy('id').execute(),
    db()
      .selectFrom('customer_address_selections')
      .select(['address_id', 'banner_id', 'purpose'])
      .where('customer_id', '=', customerId)
      .execute(),
  ]);
  const rank = (view: AddressView) =>
    view.selectedPurposes.includes('DELIVERY') ? 0 : view.selectedPurposes.length > 0 ? 1 : 2;
  return rows
    .map((row) => toView(row, selections, bannerId))
    .sort((a, b) => rank(a) - rank(b) || a.addressId - b.addressId);
}

export async function getAddress(customerId: number, addressId: number, bannerId: string): Promise<AddressView | null> {
  const row = await db()
    .selectFrom('customer_addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  const selections = await db()
    .selectFrom('customer_address_selections')
    .select(['address_id', 'banner_id', 'purpose'])
    .where('customer_id', '=', customerId)
    .where('address_id', '=', addressId)
    .execute();
  return toView(row, selections, bannerId);
}

/** The address selected for a banner and purpose (user info's deliveryAddress, checkout's default). */
export async function selectedAddress(
  customerId: number,
  bannerId: string,
  purpose: AddressPurpose,
): Promise<AddressRow | null> {
  const row = await db()
    .selectFrom('customer_address_selections as s')
    .innerJoin('customer_addresses as a', (join) =>
      join.onRef('a.id', '=', 's.address_id').onRef('a.customer_id', '=', 's.customer_id'),
    )
    .selectAll('a')
    .where('s.customer_id', '=', customerId)
    .where('s.banner_id', '=', bannerId)
    .where('s.purpose', '=', purpose)
    .executeTakeFirst();
  return row ?? null;
}

/** The columns an added or changed address writes (the hash is the server's, never the client's). */
function addressColumns(address: AddressInput, hash: string) {
  return {
    address_name: address.addressName,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state_code: address.stateCode,
    country: address.country,
    postal_code: address.postalCode,
    postal_code_extn: address.postalCodeExtn,
    address_types: address.addressTypes.join(','),
    purposes: address.purposes.join(','),
    address_hash: hash,
  };
}

/** The ZIP code must exist and lie in the chosen state (the zipcodes package knows both). */
export function checkPlace(address: Pick<AddressInput, 'postalCode' | 'stateCode'>): AddressRefusal | null {
  const place = lookupZip(address.postalCode);
  if (!place) return { ok: false, code: 'INVALID_ADDRESS', field: 'postalCode', message: ADDRESS_MESSAGES.zipUnknown };
  if (place.state !== address.stateCode) {
    return {
      ok: false,
      code: 'INVALID_ADDRESS',
      field: 'postalCode',
      message: ADDRESS_MESSAGES.zipState(address.postalCode, US_STATES[address.stateCode]),
    };
  }
  return null;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Keeps 0001's summary columns in step with the selections: is_selected says the address is selected
 * somewhere, selected_banner names one such banner (older readers used them).
 */
async function refreshSelectionSummary(tx: Db, customerId: number) {
  const selections = await tx
    .selectFrom('customer_address_selections')
    .select(['address_id', 'banner_id'])
    .where('customer_id', '=', customerId)
    .orderBy('banner_id')
    .execute();
  await tx
    .updateTable('customer_addresses')
    .set({ is_selected: 0, selected_banner: null })
    .where('customer_id', '=', customerId)
    .execute();
  const firstBanner = new Map<number, string>();
  for (const selection of selections)
    if (!firstBanner.has(selection.address_id)) firstBanner.set(selection.address_id, selection.banner_id);
  for (const [addressId, bannerId] of firstBanner) {
    await tx
      .updateTable('customer_addresses')
      .set({ is_selected: 1, selected_banner: bannerId })
      .where('id', '=', addressId)
      .where('customer_id', '=', customerId)
      .execute();
  }
}

/** Makes the address the selected one for each purpose on the banner (one per banner and purpose). */
async function writeSelection(
  tx: Db,
  customerId: number,
  addressId: number,
  bannerId: string,
  purposes: readonly AddressPurpose[],
  now: Date,
) {
  for (const purpose of purposes) {
    await tx
      .insertInto('customer_address_selections')
      .values({
        customer_id: customerId,
        banner_id: bannerId,
        purpose,
        address_id: addressId,
        selected_at: now.toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(['customer_id', 'banner_id', 'purpose']).doUpdateSet({
          address_id: addressId,
          selected_at: now.toISOString(),
        }),
      )
      .execute();
  }
  await refreshSelectionSummary(tx, customerId);
}

export type AddResult = { ok: true; created: boolean; address: AddressView } | AddressRefusal;

/**
 * Saves a new address (spec "New address"). The same place saved again is not a second row: the saved
 * one is returned with created false (and selected, when the new address asked to be). The selection
 * banner defaults to the banner the customer is on.
 */
export async function addAddress(
  customerId: number,
  bannerId: string,
  input: NewAddress,
  now = new Date(),
): Promise<AddResult> {
  const { address, selection } = input;
  const refusal = checkPlace(address);
  if (refusal) return refusal;
  const hash = addressHash(address);
  const addressId = await db()
    .transaction()
    .execute(async (tx) => {
      const inserted = await tx
        .insertInto('customer_addresses')
        .values({
          customer_id: customerId,
          ...addressColumns(address, hash),
          is_selected: 0,
          selected_banner: null,
          created_at: now.toISOString(),
        })
        // Two saves of the same place at once: the unique (customer, hash) pair lets only one in.
        .onConflict((oc) => oc.columns(['customer_id', 'address_hash']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const existing = inserted
        ? { id: inserted.id, purposes: address.purposes.join(',') }
        : await tx
            .selectFrom('customer_addresses')
            .select(['id', 'purposes'])
            .where('customer_id', '=', customerId)
            .where('address_hash', '=', hash)
            .executeTakeFirstOrThrow();
      if (selection) {
        const allowed = existing.purposes.split(',');
        const purposes = selection.purposes.filter((purpose) => allowed.includes(purpose));
        if (purposes.length > 0)
          await writeSelection(tx, customerId, existing.id, selection.banner ?? bannerId, purposes, now);
      }
      return { id: existing.id, created: Boolean(inserted) };
    });
  const view = await getAddress(customerId, addressId.id, bannerId);
  return { ok: true, created: addressId.created, address: view! };
}

export type UpdateResult = { ok: true; address: AddressView } | AddressRefusal;

/** Changes a saved address. Dropping a purpose also drops the selections made for it. */
export async function updateAddress(
  customerId: number,
  addressId: number,
  bannerId: string,
  address: AddressInput,
): Promise<UpdateResult> {
  const refusal = checkPlace(address);
  if (refusal) return refusal;
  const hash = addressHash(address);
  const outcome = await db()
    .transaction()
    .execute(async (tx): Promise<AddressRefusalCode | null> => {
      const current = await tx
        .selectFrom('customer_addresses')
        .select('id')
        .where('id', '=', addressId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (!current) return 'NOT_FOUND';
      const twin = await tx
        .selectFrom('customer_addresses')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('address_hash', '=', hash)
        .where('id', '!=', addressId)
        .executeTakeFirst();
      if (twin) return 'DUPLICATE_ADDRESS';
      await tx
        .updateTable('customer_addresses')
        .set({
          ...addressColumns(address, hash),
        })
        .where('id', '=', addressId)
        .where('customer_id', '=', customerId)
        .execute();
      await tx
        .deleteFrom('customer_address_selections')
        .where('customer_id', '=', customerId)
        .where('address_id', '=', addressId)
        .where('purpose', 'not in', address.purposes)
        .execute();
      await refreshSelectionSummary(tx, customerId);
      return null;
    });
  if (outcome === 'NOT_FOUND') return { ok: false, code: 'NOT_FOUND', message: ADDRESS_MESSAGES.notFound };
  if (outcome === 'DUPLICATE_ADDRESS')
    return { ok: false, code: 'DUPLICATE_ADDRESS', message: 'You already saved this address.', field: 'address1' };
  return { ok: true, address: (await getAddress(customerId, addressId, bannerId))! };
}

/** Removes a saved address and whatever it was selected for. */
export async function deleteAddress(customerId: number, addressId: number): Promise<{ ok: true } | AddressRefusal> {
  const deleted = await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .deleteFrom('customer_address_selections')
        .where('customer_id', '=', customerId)
        .where('address_id', '=', addressId)
        .execute();
      const result = await tx
        .deleteFrom('customer_addresses')
        .where('id', '=', addressId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  return deleted ? { ok: true } : { ok: false, code: 'NOT_FOUND', message: ADDRESS_MESSAGES.notFound };
}

export type SelectResult =
  { ok: true; selected: { addressId: number; banner: string; purposes: AddressPurpose[] } } | AddressRefusal;

/** Spec "Selected address": the address becomes the one for each purpose on the banner. */
export async function selectAddress(
  customerId: number,
  bannerId: string,
  input: SelectedAddressInput,
  now = new Date(),
): Promise<SelectResult> {
  const banner = input.banner ?? bannerId;
  const outcome = await db()
    .transaction()
    .execute(async (tx): Promise<AddressRefusalCode | null> => {
      const row = await tx
        .selectFrom('customer_addresses')
        .select(['id', 'purposes'])
        .where('id', '=', input.addressId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (!row) return 'NOT_FOUND';
      const allowed = row.purposes.split(',');
      if (!input.purposes.every((purpose) => allowed.includes(purpose))) return 'PURPOSE_NOT_ALLOWED';
      await writeSelection(tx, customerId, row.id, banner, input.purposes, now);
      return null;
    });
  if (outcome === 'NOT_FOUND') return { ok: false, code: 'NOT_FOUND', message: ADDRESS_MESSAGES.notFound };
  if (outcome === 'PURPOSE_NOT_ALLOWED')
    return { ok: false, code: 'PURPOSE_NOT_ALLOWED', message: ADDRESS_MESSAGES.purposeNotAllowed, field: 'purposes' };
  return { ok: true, selected: { addressId: input.addressId, banner, purposes: input.purposes } };
}
