import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-once.server';
import { database, db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { compiledStateVersionBump } from '~/modules/http/private-pages.server';
import { bannerById } from '~/modules/banners/banners.server';
import type { BannerId } from '~/modules/banners/hosts';
import type { OfferViewer } from './offer-viewer.server';
import { CLIP_REFUSALS, type ClipRefusalCode } from './refusals';

export type ClipResult =
  | { ok: true; offerId: number; title: string; alreadyClipped: boolean }
  | { ok: false; code: ClipRefusalCode; message: string };

const refuse = (code: ClipRefusalCode): ClipResult => ({ ok: false, code, message: CLIP_REFUSALS[code] });

/**
 * Clips an offer for a signed-in customer. Clipping twice is idempotent (the (customer, offer) key
 * keeps exactly one clip, even for concurrent requests); an unknown, expired, not yet started or
 * other-banner offer is refused and nothing changes.
 *
 * `stateSubject` (the customer's `c:<id>`) moves their state version on in the same commit as a new clip, and
 * not at all when the offer was already clipped (nothing changed): decision 0040.
 */
export async function clipOffer(
  viewer: OfferViewer & { customerId: number },
  offerId: number,
  now = new Date(),
  options: { stateSubject?: string } = {},
): Promise<ClipResult> {
  const [offer] = await clippableOffer(db(), offerId);
  if (!offer) return refuse('OFFER_NOT_FOUND');
  if (offer.banner_id !== viewer.bannerId) {
    const banner = await bannerById(offer.banner_id as BannerId).catch(() => null);
    return {
      ok: false,
      code: 'OFFER_OTHER_BANNER',
      message: banner
        ? `This offer belongs to ${banner.name} and can only be clipped there.`
        : CLIP_REFUSALS.OFFER_OTHER_BANNER,
    };
  }
  const at = now.toISOString();
  if (offer.ends_at <= at) return refuse('OFFER_EXPIRED');
  if (offer.starts_at > at) return refuse('OFFER_NOT_STARTED');
  const inserted = await insertClip(viewer.customerId, offer.id, at, options.stateSubject);
  return { ok: true, offerId: offer.id, title: offer.title, alreadyClipped: !inserted };
}

/** Inserts the clip unless it exists; with a subject, bumps its state version when (and only when) it inserted. */
async function insertClip(customerId: number, offerId: number, at: string, subject?: string): Promise<boolean> {
  if (!subject) return (await insertClipRow(db(), customerId, offerId, at)).length > 0;
  if (database().dialect === 'postgres') {
    const [row] = await insertClipNoted(db(), customerId, offerId, at, subject);
    return Number(row?.inserted ?? 0) > 0;
  }
  const root = db();
  return root.transaction().execute(async (tx) => {
    const added = (await insertClipRow.within(tx, root, customerId, offerId, at)).length > 0;
    if (added) await compiledStateVersionBump.within(tx, root, subject, at);
    return added;
  });
}

// A clip's statements, compiled once (decision 0044).
const clippableOffer = compiledOnce((conn, offerId: number) =>
  conn
    .selectFrom('offers')
    .select(['id', 'title', 'banner_id', 'starts_at', 'ends_at'])
    .where('id', '=', offerId)
    .compile(),
);

/** The clip row, unless it exists: a row comes back only when it was inserted. */
const insertClipRow = compiledOnce((conn, customerId: number, offerId: number, at: string) =>
  conn
    .insertInto('clips')
    .values({ customer_id: customerId, offer_id: offerId, clipped_at: at })
    .onConflict((conflict) => conflict.columns(['customer_id', 'offer_id']).doNothing())
    .returning('offer_id')
    .compile(),
);

/**
 * PostgreSQL's clip and bump in one statement, one commit: the version row is written only from the clip row the
 * insert returned (the same upsert as stateVersionBump in app/modules/http/private-pages.server.ts).
 */
const insertClipNoted = compiledOnce(
  (conn: Kysely<Database>, customerId: number, offerId: number, at: string, subject: string) =>
    sql<{ inserted: number }>`
    with clip as (
      insert into clips (customer_id, offer_id, clipped_at) values (${customerId}, ${offerId}, ${at})
      on conflict (customer_id, offer_id) do nothing
      returning offer_id
    ), version as (
      insert into shopper_state_versions (subject, version, changed_at)
      select ${subject}::text, 1, ${at}::text from clip
      on conflict (subject) do update
        set version = shopper_state_versions.version + 1, changed_at = excluded.changed_at
      returning version
    )
    select count(*)::int as inserted from clip`.compile(conn),
);

/** Removes a clip; unclipping an offer that is not clipped changes nothing. */
export async function unclipOffer(customerId: number, offerId: number): Promise<{ ok: true; removed: boolean }> {
  const result = await db()
    .deleteFrom('clips')
    .where('customer_id', '=', customerId)
    .where('offer_id', '=', offerId)
    .executeTakeFirst();
  return { ok: true, removed: Number(result.numDeletedRows) > 0 };
}

/** Spec section 7, mylist count: live clipped offers of the viewer's banner. */
export async function clippedOfferCount(viewer: { bannerId: string; customerId: number }, now = new Date()) {
  const [row] = await liveClipCount(db(), viewer.customerId, viewer.bannerId, now.toISOString());
  return Number(row?.n ?? 0);
}

/** Every signed-in page's header asks: compiled once (decision 0044). */
const liveClipCount = compiledOnce((conn, customerId: number, bannerId: string, now: string) =>
  conn
    .selectFrom('clips as c')
    .innerJoin('offers as o', 'o.id', 'c.offer_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.customer_id', '=', customerId)
    .where('o.banner_id', '=', bannerId)
    .where('o.ends_at', '>', now)
    .compile(),
);
