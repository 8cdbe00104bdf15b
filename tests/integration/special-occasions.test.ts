import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { clipOffer } from '~/modules/offers/clips.server';
import {
  customerOccasions,
  giveDueOccasionOffers,
  occasionOffers,
  saveOccasions,
} from '~/modules/offers/occasion-offers.server';
import { myList, offerDetails, offerGallery } from '~/modules/offers/offers.server';
import { clippedSavings } from '~/modules/offers/savings.server';
import { forgetCachedStores, type Store } from '~/modules/stores/stores.server';
import { DIALECTS, type TestDatabase } from './support/databases';
import { seededDeliveryWorld } from './support/fixtures';

const JORDAN = 500001;
const BART = 500002; // another greenleaf customer

describe.each(DIALECTS)('special occasions (flag enableSpecialOccasion) on %s', (dialect) => {
  let test: TestDatabase;
  let store: Store;
  const viewer = (customerId: number) => ({ bannerId: 'greenleaf', customerId, storeId: store.id });
  // Nov 29 2026 starts at 08:00 UTC in Seattle.
  const beforeDay = new Date('2026-11-29T07:30:00Z');
  const onDay = new Date('2026-11-29T18:00:00Z');
  const given = () =>
    test.db.selectFrom('occasion_offers').selectAll().where('customer_id', '=', JORDAN).orderBy('offer_id').execute();

  beforeAll(async () => {
    ({ test, store } = await seededDeliveryWorld(dialect));
    // Both customers shop at a Seattle store (their offers' days are Seattle's).
    await test.db.updateTable('stores').set({ timezone: 'America/Los_Angeles' }).where('id', '=', store.id).execute();
    await test.db.updateTable('customers').set({ store_id: store.id }).where('id', 'in', [JORDAN, BART]).execute();
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  it('saves and clears a birthday and an anniversary, for that customer only', async () => {
    expect(await customerOccasions(JORDAN)).toEqual({ birthday: null, anniversary: null });
    await saveOccasions(JORDAN, { birthday: { month: 2, day: 29 }, anniversary: { month: 6, day: 1 } });
    expect(await customerOccasions(JORDAN)).toEqual({
      birthday: { month: 2, day: 29 },
      anniversary: { month: 6, day: 1 },
    });
    expect(await customerOccasions(BART)).toEqual({ birthday: null, anniversary: null });
    await saveOccasions(JORDAN, { birthday: { month: 11, day: 29 }, anniversary: null });
    expect(await customerOccasions(JORDAN)).toEqual({ birthday: { month: 11, day: 29 }, anniversary: null });
  });

  it('gives nothing with the flag off, nor before the day begins in the store', async () => {
    expect(await occasionOffers(JORDAN, { enabled: false, now: onDay })).toEqual([]);
    expect(await occasionOffers(JORDAN, { enabled: true, now: beforeDay })).toEqual([]);
    expect(await given()).toEqual([]);
  });

  it("gives the birthday offer on the store's day: a week, for Jordan alone, clipped like any coupon", async () => {
    const offers = await occasionOffers(JORDAN, { enabled: true, now: onDay });
    expect(offers).toHaveLength(1);
    const [offer] = offers;
    expect(offer).toMatchObject({
      occasion: 'birthday',
      title: 'Happy birthday! $5 off a bakery cake or dessert',
      valueLabel: '$5.00 off',
      endsAt: '2026-12-06T08:00:00.000Z',
      expires: 'Use by Dec 5',
      clipped: false,
    });
    const row = await test.db.selectFrom('offers').selectAll().where('id', '=', offer!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customer_id: JORDAN, starts_at: '2026-11-29T08:00:00.000Z', banner_id: 'greenleaf' });

    // Bart cannot see, open or clip it; Jordan's gallery keeps it out of everyone's offers (it has its own place).
    expect(await clipOffer(viewer(BART), offer!.id, onDay)).toMatchObject({ ok: false, code: 'OFFER_NOT_FOUND' });
    expect(await offerDetails(viewer(BART), offer!.id, onDay)).toBeNull();
    const galleryFilters = { sort: 'expiry' as const, page: 1 };
    for (const customerId of [BART, JORDAN]) {
      const gallery = await offerGallery(viewer(customerId), galleryFilters, onDay);
      expect(gallery.offers.map((card) => card.id)).not.toContain(offer!.id);
    }

    expect(await clipOffer(viewer(JORDAN), offer!.id, onDay)).toMatchObject({ ok: true, alreadyClipped: false });
    expect((await myList({ ...viewer(JORDAN) }, onDay)).map((card) => card.id)).toContain(offer!.id);
    expect((await myList({ ...viewer(BART) }, onDay)).map((card) => card.id)).not.toContain(offer!.id);
    expect((await occasionOffers(JORDAN, { enabled: true, now: onDay }))[0]).toMatchObject({ clipped: true });

    // $5 off a cake in the cart.
    const cake = await test.db
      .selectFrom('offer_products')
      .select('product_id')
      .where('offer_id', '=', offer!.id)
      .executeTakeFirstOrThrow();
    const savings = await clippedSavings(
      {
        customerId: JORDAN,
        bannerId: 'greenleaf',
        lines: [{ productId: cake.product_id, quantity: 1, unitPriceCents: 1499 }],
      },
      onDay,
    );
    expect(savings.totalCents).toBe(500);
    const afterWeek = new Date('2026-12-06T09:00:00Z');
    expect(
      (
        await clippedSavings(
          {
            customerId: JORDAN,
            bannerId: 'greenleaf',
            lines: [{ productId: cake.product_id, quantity: 1, unitPriceCents: 1499 }],
          },
          afterWeek,
        )
      ).totalCents,
    ).toBe(0);
    expect(await occasionOffers(JORDAN, { enabled: true, now: afterWeek })).toEqual([]);
  });

  it('gives each occasion once a year: not again that week, nor for a birthday moved later in the year', async () => {
    const [first] = await given();
    await occasionOffers(JORDAN, { enabled: true, now: new Date('2026-12-02T20:00:00Z') });
    await saveOccasions(JORDAN, { birthday: { month: 12, day: 10 }, anniversary: null });
    expect(await occasionOffers(JORDAN, { enabled: true, now: new Date('2026-12-10T20:00:00Z') })).toEqual([]);
    expect(await given()).toEqual([first]);
    // The anniversary is its own occasion; next year's birthday is a new one.
    await saveOccasions(JORDAN, { birthday: { month: 12, day: 10 }, anniversary: { month: 12, day: 10 } });
    expect(
      (await occasionOffers(JORDAN, { enabled: true, now: new Date('2026-12-10T20:00:00Z') })).map((o) => o.occasion),
    ).toEqual(['anniversary']);
    expect(
      (await occasionOffers(JORDAN, { enabled: true, now: new Date('2027-12-10T20:00:00Z') }))
        .map((o) => o.occasion)
        .sort(),
    ).toEqual(['anniversary', 'birthday']);
    expect((await given()).map((row) => `${row.occasion}-${row.occasion_year}`).sort()).toEqual([
      'anniversary-2026',
      'anniversary-2027',
      'birthday-2026',
      'birthday-2027',
    ]);
  });

  it('gives one offer when the same day is looked at by several pages at once', async () => {
    await saveOccasions(BART, { birthday: { month: 3, day: 14 }, anniversary: null });
    const at = new Date('2027-03-14T19:00:00Z');
    const results = await Promise.all([1, 2, 3, 4].map(() => giveDueOccasionOffers(BART, at)));
    expect(results.flat()).toHaveLength(1);
    const rows = await test.db.selectFrom('occasion_offers').selectAll().where('customer_id', '=', BART).execute();
    expect(rows).toHaveLength(1);
  });
});
