import type { Kysely } from 'kysely';
import type { Database, StoreTable } from '../schema';
import { DEMO_STORE_CARDS } from './demo-customers';

/** The demo store cards (decision 0102), each issued at its banner's first store a year ago, not linked to an account. */
export async function seedDemoStoreCards(
  db: Kysely<Database>,
  defaultStoreOf: ReadonlyMap<string, StoreTable>,
  now: Date,
) {
  const issuedAt = new Date(now.getTime() - 365 * 86_400_000).toISOString();
  await db
    .insertInto('loyalty_cards')
    .values(
      DEMO_STORE_CARDS.map((card) => ({
        club_card: card.clubCard,
        house_id: card.houseId,
        phone: card.phone,
        first_name: card.firstName,
        last_name: card.lastName,
        banner_id: card.bannerId,
        store_id: defaultStoreOf.get(card.bannerId)!.id,
        points: card.points,
        issued_at: issuedAt,
        customer_id: null,
        stepped_up_at: null,
      })),
    )
    .execute();
}
