import { db } from '~/db/db.server';
import type { Shopper } from '~/modules/access/shopper.server';
import { allergenBits, allergenIdsOf, allergyWarning, type AllergenId } from '~/modules/catalog/label-flags';
import { stateVersionBump, subjectOf } from '~/modules/http/state-versions.server';

/**
 * A household's allergy list (docs/decisions/0108-allergen-and-nutrition-filters.md): the major
 * allergens anyone in the household avoids, one list shared by every customer with the same house id.
 * Every read and write starts from the signed-in customer's id, so a customer only ever reaches their
 * own household's list.
 */

export interface HouseholdAllergies {
  houseId: string;
  allergens: AllergenId[];
  /** The same list as bits (catalog/label-flags.ts), for the cards' warnings. */
  bits: number;
}

/** The customer's household and its list (empty when nobody set one yet); null for an unknown customer. */
export async function householdAllergies(customerId: number): Promise<HouseholdAllergies | null> {
  const row = await db()
    .selectFrom('customers as c')
    .leftJoin('household_allergy_profiles as h', 'h.house_id', 'c.house_id')
    .select(['c.house_id', 'h.allergen_bits'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row?.house_id) return null;
  const bits = Number(row.allergen_bits ?? 0);
  return { houseId: row.house_id, allergens: allergenIdsOf(bits), bits };
}

/** The household allergen bits of whoever is asking: 0 for a guest or a customer without a list. */
export async function householdAllergenBits(customerId: string | number | null | undefined): Promise<number> {
  if (customerId === null || customerId === undefined) return 0;
  return (await householdAllergies(Number(customerId)))?.bits ?? 0;
}

/**
 * Replaces the list of the customer's own household. Every member's pages change with it (the
 * warnings), so each member's state version moves on in the same transaction (decision 0027).
 */
export async function saveHouseholdAllergies(customerId: number, allergens: AllergenId[]): Promise<boolean> {
  const now = new Date().toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const customer = await trx
        .selectFrom('customers')
        .select('house_id')
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!customer?.house_id) return false;
      const houseId = customer.house_id;
      const bits = allergenBits(allergens);
      await trx
        .insertInto('household_allergy_profiles')
        .values({ house_id: houseId, allergen_bits: bits, updated_at: now })
        .onConflict((conflict) => conflict.column('house_id').doUpdateSet({ allergen_bits: bits, updated_at: now }))
        .execute();
      const members = await trx.selectFrom('customers').select('id').where('house_id', '=', houseId).execute();
      for (const member of members) await stateVersionBump(trx, subjectOf(member.id), now).execute();
      return true;
    });
}

/** The allergens on the list of whoever is asking: none for a guest (only a verified customer, C, has a household). */
export async function shopperHouseholdAllergens(
  shopper: Pick<Shopper, 'userType' | 'customer'>,
): Promise<AllergenId[]> {
  if (shopper.userType !== 'C' || !shopper.customer) return [];
  return (await householdAllergies(Number(shopper.customer.customerId)))?.allergens ?? [];
}

/**
 * "Contains peanuts — on your household's allergy list" for each of the products whose label lists one of
 * the household's allergens, by product id. Nothing to read for a guest or a household without a list.
 */
export async function allergyWarnings(
  shopper: Pick<Shopper, 'userType' | 'customer'>,
  productIds: readonly number[],
): Promise<Record<number, string>> {
  const warnings: Record<number, string> = {};
  // Only a customer whose token the server verified (C) has a household here.
  if (productIds.length === 0 || shopper.userType !== 'C' || !shopper.customer) return warnings;
  const bits = await householdAllergenBits(shopper.customer.customerId);
  if (bits === 0) return warnings;
  const rows = await db()
    .selectFrom('products')
    .select(['id', 'label_flags'])
    .where('id', 'in', [...productIds])
    .execute();
  for (const row of rows) {
    const warning = allergyWarning(Number(row.label_flags), bits);
    if (warning) warnings[Number(row.id)] = warning;
  }
  return warnings;
}
