import { sql } from 'kysely';
import { db } from '~/db/db.server';
import {
  OCCASION_OFFER,
  OCCASIONS,
  localDay,
  occasionOfferTitle,
  occasionOfferTitleEs,
  occasionWindowOn,
  startOfLocalDay,
  type Occasion,
  type OccasionDates,
} from '~/modules/customers/special-occasion-rules';
import { offerValueLabel } from './offer-value';
import { catalogueWords } from '~/modules/catalog/catalogue-words';
import type { Language } from '~/modules/i18n/languages';

/**
 * Special occasions (flag enableSpecialOccasion, decision 0097): the customer's birthday and anniversary, and the
 * personal offer each gives once a year, in the week that starts on its day in the customer's store's time zone.
 */

/** The customer's birthday and anniversary (null where not given). */
export async function customerOccasions(customerId: number): Promise<OccasionDates> {
  const row = await db()
    .selectFrom('customers')
    .select(['birthday_month', 'birthday_day', 'anniversary_month', 'anniversary_day'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  const pair = (month: number | null | undefined, day: number | null | undefined) =>
    month && day ? { month: Number(month), day: Number(day) } : null;
  return {
    birthday: pair(row?.birthday_month, row?.birthday_day),
    anniversary: pair(row?.anniversary_month, row?.anniversary_day),
  };
}

/** Saves (or, with null, clears) both occasions; the form sends both. */
export async function saveOccasions(customerId: number, dates: OccasionDates): Promise<void> {
  await db()
    .updateTable('customers')
    .set({
      birthday_month: dates.birthday?.month ?? null,
      birthday_day: dates.birthday?.day ?? null,
      anniversary_month: dates.anniversary?.month ?? null,
      anniversary_day: dates.anniversary?.day ?? null,
    })
    .where('id', '=', customerId)
    .execute();
}

export interface OccasionOffer {
  id: number;
  occasion: Occasion;
  title: string;
  description: string;
  offerType: string;
  valueLabel: string;
  endsAt: string;
  expires: string;
  imageKey: string;
  clipped: boolean;
}

/**
 * The customer's live occasion offers, giving first the ones due today and not yet given this occasion-year. Pantry
 * runs nothing on a timer, so the offer is given when the customer first looks during its week (the account overview
 * or the coupons page), not by a nightly job; giving it twice is impossible (the occasion-year key). With the flag
 * off nothing is given and nothing shows.
 */
export async function occasionOffers(
  customerId: number,
  input: { enabled: boolean; now?: Date; bannerId?: string; language?: Language },
): Promise<OccasionOffer[]> {
  if (!input.enabled) return [];
  const now = input.now ?? new Date();
  await giveDueOccasionOffers(customerId, now);
  const rows = await db()
    .selectFrom('occasion_offers as oo')
    .innerJoin('offers as o', 'o.id', 'oo.offer_id')
    .leftJoin('clips as c', (join) => join.onRef('c.offer_id', '=', 'o.id').on('c.customer_id', '=', customerId))
    .innerJoin('customers as cu', 'cu.id', 'oo.customer_id')
    .innerJoin('stores as s', 's.id', 'cu.store_id')
    .select([
      's.timezone',
      'o.id',
      'oo.occasion',
      'o.title',
      'o.description',
      'o.title_es',
      'o.description_es',
      'o.offer_type',
      'o.kind',
      'o.value',
      'o.min_quantity',
      'o.ends_at',
      'o.image_key',
      'c.clipped_at',
    ])
    .where('oo.customer_id', '=', customerId)
    .where('o.customer_id', '=', customerId)
    .$if(input.bannerId !== undefined, (query) => query.where('o.banner_id', '=', input.bannerId!))
    .where('o.starts_at', '<=', now.toISOString())
    .where('o.ends_at', '>', now.toISOString())
    .orderBy('o.ends_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    occasion: row.occasion,
    title: catalogueWords(input.language ?? 'en', row.title, row.title_es),
    description: catalogueWords(input.language ?? 'en', row.description, row.description_es),
    offerType: row.offer_type,
    valueLabel: offerValueLabel(row.kind, row.value, row.min_quantity),
    endsAt: row.ends_at,
    // It ends at the store's midnight: the last day it can be used is the day before, there.
    expires: `Use by ${lastDayLabel(row.ends_at, row.timezone)}`,
    imageKey: row.image_key,
    clipped: Boolean(row.clipped_at),
  }));
}

/** "Dec 4": the store's day of the last moment before `endsAt`. */
function lastDayLabel(endsAt: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(
    new Date(Date.parse(endsAt) - 1),
  );
}

/** "Happy birthday, Jordan!" (and anniversary): the heading above the customer's occasion offers. */
export function occasionGreeting(offers: readonly { occasion: Occasion }[], firstName: string | null): string {
  const words = [...new Set(offers.map((offer) => offer.occasion))].map((occasion) =>
    occasion === 'birthday' ? 'Happy birthday' : 'Happy anniversary',
  );
  return `${words.join(' and ')}${firstName ? `, ${firstName}` : ''}!`;
}

/** Gives each occasion whose week today is in (the store's day) its offer, unless this occasion-year has one. */
export async function giveDueOccasionOffers(customerId: number, now = new Date()): Promise<number[]> {
  const customer = await db()
    .selectFrom('customers as cu')
    .innerJoin('stores as s', 's.id', 'cu.store_id')
    .select([
      'cu.banner_id',
      'cu.closed_at',
      'cu.birthday_month',
      'cu.birthday_day',
      'cu.anniversary_month',
      'cu.anniversary_day',
      's.timezone',
    ])
    .where('cu.id', '=', customerId)
    .executeTakeFirst();
  if (!customer || customer.closed_at) return [];
  const today = localDay(now, customer.timezone);
  const dates: OccasionDates = {
    birthday:
      customer.birthday_month && customer.birthday_day
        ? { month: customer.birthday_month, day: customer.birthday_day }
        : null,
    anniversary:
      customer.anniversary_month && customer.anniversary_day
        ? { month: customer.anniversary_month, day: customer.anniversary_day }
        : null,
  };
  const given: number[] = [];
  for (const occasion of OCCASIONS) {
    const date = dates[occasion];
    const window = date ? occasionWindowOn(today, date) : null;
    if (!window) continue;
    const offerId = await giveOccasionOffer({
      customerId,
      bannerId: customer.banner_id,
      occasion,
      year: window.year,
      startsAt: startOfLocalDay(window.firstDay, customer.timezone),
      endsAt: startOfLocalDay(window.endDay, customer.timezone),
      now,
    });
    if (offerId !== null) given.push(offerId);
  }
  return given;
}

/**
 * One occasion-year's offer, in one transaction: the offer row (only this customer's), the bakery products it covers
 * and the occasion-year row whose key refuses a second. Null when this occasion-year already has its offer. A new
 * offer id is the next free one; two offers given at once may pick the same and the loser tries again.
 */
async function giveOccasionOffer(input: {
  customerId: number;
  bannerId: string;
  occasion: Occasion;
  year: number;
  startsAt: string;
  endsAt: string;
  now: Date;
}): Promise<number | null> {
  const given = () =>
    db()
      .selectFrom('occasion_offers')
      .select('offer_id')
      .where('customer_id', '=', input.customerId)
      .where('occasion', '=', input.occasion)
      .where('occasion_year', '=', input.year)
      .executeTakeFirst();
  for (let attempt = 0; ; attempt++) {
    if (await given()) return null;
    try {
      return await db()
        .transaction()
        .execute(async (tx) => {
          const cake = await tx
            .selectFrom('products as p')
            .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
            .select('p.image_key')
            .where('a.slug', '=', OCCASION_OFFER.aisleSlug)
            .orderBy('p.popularity', 'desc')
            .orderBy('p.id')
            .executeTakeFirst();
          const max = await tx
            .selectFrom('offers')
            .select((eb) => eb.fn.max('id').as('max'))
            .executeTakeFirst();
          const offerId = Number(max?.max ?? 0) + 1;
          await tx
            .insertInto('offers')
            .values({
              id: offerId,
              banner_id: input.bannerId,
              title: occasionOfferTitle(input.occasion),
              description: 'Our treat for your day: $5 off one cake or dessert from the bakery. Once per order.',
              title_es: occasionOfferTitleEs(input.occasion),
              description_es:
                'Un regalo para su día: $5 de descuento en un pastel o postre de la panadería. Una vez por pedido.',
              category: OCCASION_OFFER.category,
              offer_type: OCCASION_OFFER.offerType,
              kind: OCCASION_OFFER.kind,
              value: OCCASION_OFFER.valueCents,
              min_quantity: 1,
              brand_id: null,
              starts_at: input.startsAt,
              ends_at: input.endsAt,
              image_key: cake?.image_key ?? 'offer-bakery',
              savings_cents: OCCASION_OFFER.valueCents,
              customer_id: input.customerId,
            })
            .execute();
          await tx
            .insertInto('offer_products')
            .columns(['offer_id', 'product_id'])
            .expression((eb) =>
              eb
                .selectFrom('products as p')
                .innerJoin('aisles as a', 'a.id', 'p.aisle_id')
                .select([sql<number>`${offerId}`.as('offer_id'), 'p.id'])
                .where('a.slug', '=', OCCASION_OFFER.aisleSlug),
            )
            .execute();
          await tx
            .insertInto('occasion_offers')
            .values({
              customer_id: input.customerId,
              occasion: input.occasion,
              occasion_year: input.year,
              offer_id: offerId,
              issued_at: input.now.toISOString(),
            })
            .execute();
          return offerId;
        });
    } catch (error) {
      // The occasion-year given meanwhile (its key), or the offer id taken by another: look again.
      if (attempt >= 4) throw error;
    }
  }
}
