import type { Kysely } from 'kysely';
import type { Database, StoreTable } from '../schema';
import { DEMO_STAFF_ROLES } from './demo-customers';

/** The demo staff's roles (README's demo accounts): at the demo customer's store, and the manager at a second. */
export async function seedDemoStaff(db: Kysely<Database>, stores: readonly StoreTable[], demoStore: StoreTable) {
  const second = stores.find((store) => store.banner_id === demoStore.banner_id && store.id !== demoStore.id);
  const storeOf = { demo: demoStore.id, second: second?.id ?? demoStore.id };
  await db
    .insertInto('staff_roles')
    .values(
      DEMO_STAFF_ROLES.map((row) => ({ customer_id: row.customerId, store_id: storeOf[row.store], role: row.role })),
    )
    .onConflict((conflict) => conflict.columns(['customer_id', 'store_id', 'role']).doNothing())
    .execute();
}
