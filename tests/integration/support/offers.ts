import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';

/** The ids of a banner's offers running at `at`, in id order (the seeded catalogue has dozens per banner). */
export async function liveOfferIds(db: Kysely<Database>, bannerId: string, at: Date): Promise<number[]> {
  const iso = at.toISOString();
  const rows = await db
    .selectFrom('offers')
    .select('id')
    .where('banner_id', '=', bannerId)
    .where('starts_at', '<=', iso)
    .where('ends_at', '>', iso)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The first of them; throws when the banner has none running. */
export async function firstLiveOfferId(db: Kysely<Database>, bannerId: string, at: Date): Promise<number> {
  const [id] = await liveOfferIds(db, bannerId, at);
  if (id === undefined) throw new Error(`no ${bannerId} offer runs at ${at.toISOString()}`);
  return id;
}

/** A greenleaf coupon of its own running from `startsAt` to `endsAt` (an ended or not yet started one, say). */
export async function insertOffer(
  db: Kysely<Database>,
  offer: { id: number; title: string; startsAt: Date; endsAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('offers')
    .values({
      id: offer.id,
      banner_id: 'greenleaf',
      title: offer.title,
      description: '',
      category: 'Dairy',
      offer_type: 'coupon',
      kind: 'amount-off',
      value: 100,
      min_quantity: 1,
      brand_id: null,
      starts_at: offer.startsAt.toISOString(),
      ends_at: offer.endsAt.toISOString(),
      image_key: `test-${offer.id}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
