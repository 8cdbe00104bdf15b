import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { database, db } from '~/db/db.server';
import type { Database } from '~/db/schema';
import { compiledStateVersionBump, stateVersionBumpFrom } from '~/modules/http/state-versions.server';
import { bannerById } from '~/modules/banners/banners.server';
import type { BannerId } from '~/modules/banners/hosts';
import type { OfferViewer } from './offer-viewer.server';
import { CLIP_REFUSALS, type ClipRefusalCode } from './refusals';
import { catalogueWords } from '~/modules/catalog/catalogue-words';

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
 * not at all when the offer was already clipped (nothing changed): see docs/performance.md.
 */
export async function clipOffer(
  viewer: OfferViewer & { customerId: number },
  offerId: number,
  now = new Date(),
  options: { stateSubject?: string } = {},
): Promise<ClipResult> {
  const at = now.toISOString();
  const subject = options.stateSubject;
  if (subject && database().dialect === 'postgres') {
    // The offer's checks, the clip and the bump in one statement: one round trip, not two.
    const [row] = await clipNoted(db(), offerId, viewer.customerId, viewer.bannerId, at, subject);
    // The statement's own verdict decides (it is what was written); refusalFor only says why.
    if (row?.id != null && row.title != null && Number(row.clippable) === 1)
      return {
        ok: true,
        offerId: row.id,
        title: catalogueWords(viewer.language ?? 'en', row.title, row.title_es),
        alreadyClipped: Number(row.inserted) === 0,
      };
    return (await refusalFor(row?.id == null ? undefined : row, viewer, at)) ?? refuse('OFFER_NOT_FOUND');
  }
  const [offer] = await clippableOffer(db(), offerId);
  const refusal = await refusalFor(offer, viewer, at);
  if (refusal || !offer) return refusal ?? refuse('OFFER_NOT_FOUND');
  const inserted = await insertClip(viewer.customerId, offer.id, at, subject);
  return {
    ok: true,
    offerId: offer.id,
    title: catalogueWords(viewer.language ?? 'en', offer.title, offer.title_es),
    alreadyClipped: !inserted,
  };
}

/** Why the offer cannot be clipped by this viewer at `at`, or null when it can. */
async function refusalFor(
  offer:
    | { banner_id: string | null; starts_at: string | null; ends_at: string | null; customer_id: number | null }
    | undefined,
  viewer: OfferViewer,
  at: string,
): Promise<ClipResult | null> {
  // Another customer's personal offer (a birthday offer, decision 0097) is not there for this one.
  if (!offer || (offer.customer_id !== null && offer.customer_id !== viewer.customerId))
    return refuse('OFFER_NOT_FOUND');
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
  if (offer.ends_at! <= at) return refuse('OFFER_EXPIRED');
  if (offer.starts_at! > at) return refuse('OFFER_NOT_STARTED');
  return null;
}

/** Inserts the clip unless it exists; with a subject, bumps its state version when (and only when) it inserted. */
async function insertClip(customerId: number, offerId: number, at: string, subject?: string): Promise<boolean> {
  if (!subject) return (await insertClipRow(db(), customerId, offerId, at)).length > 0;
  const root = db();
  return root.transaction().execute(async (tx) => {
    const added = (await insertClipRow.within(tx, root, customerId, offerId, at)).length > 0;
    if (added) await compiledStateVersionBump.within(tx, root, subject, at);
    return added;
  });
}

// A clip's statements, compiled once.
const clippableOffer = compiledOnce((conn, offerId: number) =>
  conn
    .selectFrom('offers')
    .select(['id', 'title', 'title_es', 'banner_id', 'starts_at', 'ends_at', 'customer_id'])
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
 * PostgreSQL's clip in one statement, one commit: the offer (whatever it is, for the refusal), the clip only when
 * the offer is this banner's and running (the same checks as refusalFor), and the state version bumped only from
 * the clip row the insert returned (stateVersionBumpFrom).
 */
const clipNoted = compiledOnce(
  (conn: Kysely<Database>, offerId: number, customerId: number, bannerId: string, at: string, subject: string) =>
    sql<{
      id: number | null;
      title: string | null;
      title_es: string | null;
      banner_id: string | null;
      starts_at: string | null;
      ends_at: string | null;
      customer_id: number | null;
      clippable: number;
      inserted: number;
    }>`
    with offer as (
      select id, title, title_es, banner_id, starts_at, ends_at, customer_id,
        (banner_id = ${bannerId}::text and starts_at <= ${at}::text and ends_at > ${at}::text
          and (customer_id is null or customer_id = ${customerId}::integer)) as clippable
      from offers where id = ${offerId}::integer
    ), clip as (
      insert into clips (customer_id, offer_id, clipped_at)
      select ${customerId}::integer, id, ${at}::text from offer where clippable
      on conflict (customer_id, offer_id) do nothing
      returning offer_id
    )${stateVersionBumpFrom('clip', subject, at)}
    select offer.id, offer.title, offer.title_es, offer.banner_id, offer.starts_at, offer.ends_at, offer.customer_id,
      coalesce(offer.clippable, false)::int as clippable, (select count(*)::int from clip) as inserted
    from (select 1) as base left join offer on true`.compile(conn),
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

/** Every signed-in page's header asks: compiled once. */
const liveClipCount = compiledOnce((conn, customerId: number, bannerId: string, now: string) =>
  liveClipCountStatement(conn, customerId, bannerId, now).compile(),
);

/** How many of the customer's clipped offers on the banner are still running: alone or inside another statement. */
export function liveClipCountStatement(conn: Kysely<Database>, customerId: number, bannerId: string, now: string) {
  // CROSS JOIN keeps SQLite's planner on the customer's clips (a few) first, not the banner's live offers (all of
  // them, each looked up in clips): a third of the cost. PostgreSQL plans it as the inner join it is.
  return conn
    .selectFrom('clips as c')
    .crossJoin('offers as o')
    .whereRef('o.id', '=', 'c.offer_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.customer_id', '=', customerId)
    .where('o.banner_id', '=', bannerId)
    .where('o.ends_at', '>', now);
}
