import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const isoDaysFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

/** The demo customer's pharmacy profile and a few prescriptions, for the health dashboard. */
export async function seedPharmacyDemo(db: Kysely<Database>, customerId: number, now: Date) {
  await db
    .insertInto('pharmacy_profiles')
    .values({
      customer_id: customerId,
      date_of_birth: '1988-03-14',
      allergies: 'Penicillin',
      created_at: isoDaysFrom(now, -200),
      updated_at: isoDaysFrom(now, -200),
    })
    .execute();
  await db
    .insertInto('prescriptions')
    .values([
      {
        customer_id: customerId,
        rx_number: 'RX-4471820',
        medication: 'Atorvastatin 20 mg tablet',
        directions: 'Take 1 tablet by mouth every evening',
        refills_left: 3,
        status: 'Ready for pickup',
        last_filled_at: isoDaysFrom(now, -1),
      },
      {
        customer_id: customerId,
        rx_number: 'RX-4471833',
        medication: 'Lisinopril 10 mg tablet',
        directions: 'Take 1 tablet by mouth daily',
        refills_left: 1,
        status: 'Refill due',
        last_filled_at: isoDaysFrom(now, -28),
      },
      {
        customer_id: customerId,
        rx_number: 'RX-4470112',
        medication: 'Cetirizine 10 mg tablet',
        directions: 'Take 1 tablet by mouth daily as needed for allergies',
        refills_left: 0,
        status: 'No refills left',
        last_filled_at: isoDaysFrom(now, -75),
      },
    ])
    .execute();
}
