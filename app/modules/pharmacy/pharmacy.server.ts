import { db } from '~/db/db.server';

export interface PharmacyProfile {
  dateOfBirth: string | null;
  allergies: string;
  /** Details a pharmacy needs that a progressive-profile account has not given yet. */
  missing: 'dateOfBirth'[];
}

/** The customer's pharmacy profile, or null when they have no pharmacy account yet. */
export async function pharmacyProfile(customerId: number): Promise<PharmacyProfile | null> {
  const row = await db()
    .selectFrom('pharmacy_profiles')
    .select(['date_of_birth', 'allergies'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    dateOfBirth: row.date_of_birth,
    allergies: row.allergies,
    missing: row.date_of_birth ? [] : ['dateOfBirth'],
  };
}

/**
 * Creates the pharmacy profile, or completes an existing one (a progressive-profile account);
 * insert-or-update on the customer id, so a double submit leaves one profile.
 */
export async function savePharmacyProfile(
  customerId: number,
  input: { dateOfBirth: string; allergies: string },
  now = new Date(),
): Promise<PharmacyProfile> {
  const at = now.toISOString();
  await db()
    .insertInto('pharmacy_profiles')
    .values({
      customer_id: customerId,
      date_of_birth: input.dateOfBirth,
      allergies: input.allergies,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet({
        date_of_birth: input.dateOfBirth,
        allergies: input.allergies,
        updated_at: at,
      }),
    )
    .execute();
  return (await pharmacyProfile(customerId))!;
}

/** The customer's prescriptions for the health dashboard, most recently filled first. */
export async function customerPrescriptions(customerId: number) {
  const rows = await db()
    .selectFrom('prescriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('last_filled_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    rxNumber: row.rx_number,
    medication: row.medication,
    directions: row.directions,
    refillsLeft: row.refills_left,
    status: row.status,
    lastFilledAt: row.last_filled_at,
  }));
}
