import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { stateVersion } from '~/modules/http/state-versions.server';
import { clipOffer, clippedOfferCount, unclipOffer } from '~/modules/offers/clips.server';
import { galleryFiltersSchema } from '~/modules/offers/gallery-filters';
import { myList, offerDetails, offerGallery } from '~/modules/offers/offers.server';
import { CLIP_REFUSALS, REWARD_REFUSALS } from '~/modules/offers/refusals';
import {
  availableRewards,
  pointsBalance,
  redeemReward,
  rewardsHistory,
  unclipReward,
} from '~/modules/offers/rewards.server';
import { clippedSavings } from '~/modules/offers/savings.server';
import { forgetCachedStores } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { insertOffer } from './support/offers';

const SAM = 500004; // a customer with no clips
const JORDAN = 500001;

describe.each(DIALECTS)('coupons and rewards on %s', (dialect) => {
  let test: TestDatabase;
  let storeId: number;
  let live: { id: number; title: string }[];
  let expiredId: number;
  let otherBannerId: number;
  const now = new Date();

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 300, log: () => {}, now });
    useDatabaseForTests(test);
    forgetCachedStores();
    const banner = await test.db
      .selectFrom('banners')
      .selectAll()
      .where('id', '=', 'greenleaf')
      .executeTakeFirstOrThrow();
    storeId = banner.default_store_id;
    const at = now.toISOString();
    live = await test.db
      .selectFrom('offers')
      .select(['id', 'title'])
      .where('banner_id', '=', 'greenleaf')
      .where('starts_at', '<=', at)
      .where('ends_at', '>', at)
      .orderBy('id')
      .execute();
    expiredId = (
      await test.db
        .selectFrom('offers')
        .select('id')
        .where('banner_id', '=', 'greenleaf')
        .where('ends_at', '<=', at)
        .executeTakeFirstOrThrow()
    ).id;
    otherBannerId = (
      await test.db
        .selectFrom('offers')
        .select('id')
        .where('banner_id', '=', 'mesa')
        .where('ends_at', '>', at)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    forgetCachedStores();
    await test?.drop();
  });

  const viewer = (customerId: number) => ({ bannerId: 'greenleaf', customerId, storeId });
  const clipsOf = async (customerId: number) =>
    (await test.db.selectFrom('clips').select('offer_id').where('customer_id', '=', customerId).execute()).map(
      (row) => row.offer_id,
    );

  it('clipping twice keeps one clip, and unclipping twice is a no-op', async () => {
    const offer = live[10]!;
    expect(await clipOffer(viewer(SAM), offer.id, now)).toEqual({
      ok: true,
      offerId: offer.id,
      title: offer.title,
      alreadyClipped: false,
    });
    expect(await clipOffer(viewer(SAM), offer.id, now)).toMatchObject({ ok: true, alreadyClipped: true });
    expect(await clipsOf(SAM)).toEqual([offer.id]);
    expect(await unclipOffer(SAM, offer.id)).toEqual({ ok: true, removed: true });
    expect(await unclipOffer(SAM, offer.id)).toEqual({ ok: true, removed: false });
    expect(await clipsOf(SAM)).toEqual([]);
  });

  it('two concurrent clips of the same offer leave exactly one clip', async () => {
    const offer = live[11]!;
    const results = await Promise.all(Array.from({ length: 8 }, () => clipOffer(viewer(SAM), offer.id, now)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && !result.alreadyClipped)).toHaveLength(1);
    expect(await clipsOf(SAM)).toEqual([offer.id]);
    await unclipOffer(SAM, offer.id);
  });

  it('refuses an unknown, expired or other-banner offer with a clear message, and changes nothing', async () => {
    const before = await clipsOf(SAM);
    expect(await clipOffer(viewer(SAM), 99_999_999, now)).toEqual({
      ok: false,
      code: 'OFFER_NOT_FOUND',
      message: CLIP_REFUSALS.OFFER_NOT_FOUND,
    });
    expect(await clipOffer(viewer(SAM), expiredId, now)).toEqual({
      ok: false,
      code: 'OFFER_EXPIRED',
      message: CLIP_REFUSALS.OFFER_EXPIRED,
    });
    expect(await clipOffer(viewer(SAM), otherBannerId, now)).toEqual({
      ok: false,
      code: 'OFFER_OTHER_BANNER',
      message: 'This offer belongs to Mesa Fresh and can only be clipped there.',
    });
    expect(await clipsOf(SAM)).toEqual(before);
  });

  it('clips with the state bump (one statement on PostgreSQL): the same answers, a bump per new clip only', async () => {
    const subject = `c:${SAM}`;
    const options = { stateSubject: subject };
    const offer = live[12]!;
    const notStarted = await insertOffer(test.db, {
      id: 990_123,
      title: 'Starts tomorrow',
      startsAt: new Date(now.getTime() + 86_400_000),
      endsAt: new Date(now.getTime() + 2 * 86_400_000),
    });
    const before = await clipsOf(SAM);
    const version = await stateVersion(subject);
    expect(await clipOffer(viewer(SAM), 99_999_999, now, options)).toEqual({
      ok: false,
      code: 'OFFER_NOT_FOUND',
      message: CLIP_REFUSALS.OFFER_NOT_FOUND,
    });
    expect(await clipOffer(viewer(SAM), expiredId, now, options)).toMatchObject({ ok: false, code: 'OFFER_EXPIRED' });
    expect(await clipOffer(viewer(SAM), notStarted, now, options)).toEqual({
      ok: false,
      code: 'OFFER_NOT_STARTED',
      message: CLIP_REFUSALS.OFFER_NOT_STARTED,
    });
    expect(await clipOffer(viewer(SAM), otherBannerId, now, options)).toEqual({
      ok: false,
      code: 'OFFER_OTHER_BANNER',
      message: 'This offer belongs to Mesa Fresh and can only be clipped there.',
    });
    expect(await clipsOf(SAM)).toEqual(before);
    expect(await stateVersion(subject)).toBe(version);

    // Eight first clips at once: one inserts and bumps, the others find it clipped.
    const first = await Promise.all(Array.from({ length: 8 }, () => clipOffer(viewer(SAM), offer.id, now, options)));
    expect(first.every((result) => result.ok && result.offerId === offer.id && result.title === offer.title)).toBe(
      true,
    );
    expect(first.filter((result) => result.ok && !result.alreadyClipped)).toHaveLength(1);
    expect(await stateVersion(subject)).toBe(version + 1);
    expect(await clipOffer(viewer(SAM), offer.id, now, options)).toMatchObject({ ok: true, alreadyClipped: true });
    expect(await stateVersion(subject)).toBe(version + 1);
    expect(await clipsOf(SAM)).toEqual([...before, offer.id]);
    await unclipOffer(SAM, offer.id);
    await test.db.deleteFrom('offers').where('id', '=', notStarted).execute();
  });

  it('shows anonymous shoppers the live offers without clip state, and a customer what they clipped', async () => {
    const filters = galleryFiltersSchema.parse({});
    const anonymous = await offerGallery({ bannerId: 'greenleaf', customerId: null, storeId }, filters, now);
    expect(anonymous.total).toBe(live.length);
    expect(anonymous.offers.every((offer) => offer.clipped === null)).toBe(true);
    const jordan = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ sort: 'expiry' }), now);
    const clipped = await clipsOf(JORDAN);
    const shownClipped = jordan.offers.filter((offer) => offer.clipped).map((offer) => offer.id);
    expect(shownClipped.every((id) => clipped.includes(id))).toBe(true);
    expect(jordan.offers.some((offer) => offer.clipped === false)).toBe(true);
  });

  it('filters by category, type and words; sorts by expiry or saving; pages through', async () => {
    const all = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({}), now);
    const category = all.categories[0]!;
    const byCategory = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ category: category.name }), now);
    expect(byCategory.total).toBe(category.count);
    expect(byCategory.offers.every((offer) => offer.category === category.name)).toBe(true);

    const type = all.types[0]!;
    const byType = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ type: type.name }), now);
    expect(byType.offers.every((offer) => offer.offerType === type.name)).toBe(true);

    const word = live[0]!.title.split(' ').find((part) => part.length > 4)!;
    const byWord = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ q: word.toUpperCase() }), now);
    expect(byWord.total).toBeGreaterThan(0);
    expect(byWord.offers.every((o) => `${o.title} ${o.description}`.toLowerCase().includes(word.toLowerCase()))).toBe(
      true,
    );
    // A LIKE wildcard typed by the shopper is matched literally.
    const percent = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ q: '%' }), now);
    expect(percent.total).toBeLessThan(all.total);
    expect(percent.offers.every((o) => `${o.title} ${o.description}`.includes('%'))).toBe(true);
    expect((await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ q: '_' }), now)).total).toBe(0);

    const byExpiry = all.offers.map((offer) => offer.endsAt);
    expect([...byExpiry].sort()).toEqual(byExpiry);
    const byValue = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ sort: 'value' }), now);
    const savings = await test.db
      .selectFrom('offers')
      .select(['id', 'savings_cents'])
      .where(
        'id',
        'in',
        byValue.offers.map((offer) => offer.id),
      )
      .execute();
    const saving = new Map(savings.map((row) => [row.id, row.savings_cents]));
    const ordered = byValue.offers.map((offer) => saving.get(offer.id)!);
    expect([...ordered].sort((a, b) => b - a)).toEqual(ordered);

    const page2 = await offerGallery(viewer(JORDAN), galleryFiltersSchema.parse({ page: '2' }), now);
    expect(page2.offers.map((o) => o.id)).not.toContain(all.offers[0]!.id);
    expect(all.offers).toHaveLength(24);
    expect(all.pageCount).toBe(Math.ceil(live.length / 24));
  });

  it('rejects filters that do not exist', () => {
    expect(galleryFiltersSchema.safeParse({ category: 'Spaceships' }).success).toBe(false);
    expect(galleryFiltersSchema.safeParse({ sort: 'random' }).success).toBe(false);
  });

  it("lists a customer's clipped live offers with priced products, and counts them", async () => {
    const list = await myList(viewer(JORDAN), now);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBe(await clippedOfferCount(viewer(JORDAN), now));
    expect(list.every((offer) => offer.clipped === true && offer.products.length > 0)).toBe(true);
    expect(list[0]!.products[0]!.priceCents).toBeGreaterThan(0);
    const details = await offerDetails(viewer(JORDAN), list[0]!.id, now);
    expect(details).toMatchObject({ id: list[0]!.id, clipped: true, status: 'live' });
    expect(await offerDetails(viewer(JORDAN), otherBannerId, now)).toBeNull();
    expect((await offerDetails(viewer(JORDAN), expiredId, now))?.status).toBe('expired');
  });

  it('redeems a reward with points, refunds it on unclip at that store, and refuses what cannot be paid', async () => {
    const rewards = await availableRewards({ bannerId: 'greenleaf', storeId, customerId: JORDAN, now });
    const start = await pointsBalance(JORDAN);
    expect(start).toBe(rewards.balance);
    const cheap = rewards.rewards.find((reward) => reward.kind === 'grocery' && reward.pointsCost <= start)!;
    const redeemed = await redeemReward(
      { customerId: JORDAN, bannerId: 'greenleaf', rewardId: cheap.id, storeId },
      now,
    );
    expect(redeemed).toMatchObject({ ok: true, alreadyRedeemed: false, balance: start - cheap.pointsCost });
    expect(
      await redeemReward({ customerId: JORDAN, bannerId: 'greenleaf', rewardId: cheap.id, storeId }, now),
    ).toMatchObject({ ok: true, alreadyRedeemed: true, balance: start - cheap.pointsCost });
    expect((await rewardsHistory(JORDAN))[0]).toMatchObject({ points: -cheap.pointsCost, reason: 'redeem' });

    expect(await unclipReward({ customerId: JORDAN, rewardId: cheap.id, storeId: storeId + 1 }, now)).toMatchObject({
      removed: false,
    });
    expect(await unclipReward({ customerId: JORDAN, rewardId: cheap.id, storeId }, now)).toEqual({
      ok: true,
      removed: true,
      balance: start,
    });

    expect(await redeemReward({ customerId: SAM, bannerId: 'greenleaf', rewardId: cheap.id, storeId }, now)).toEqual({
      ok: false,
      code: 'NOT_ENOUGH_POINTS',
      message: REWARD_REFUSALS.NOT_ENOUGH_POINTS,
    });
    expect(await pointsBalance(SAM)).toBe(0);
  });

  it('never spends the same points twice when redemptions race', async () => {
    const rewards = await availableRewards({ bannerId: 'greenleaf', storeId, customerId: JORDAN, now });
    const balance = rewards.balance!;
    const grocery = rewards.rewards.filter((reward) => reward.kind === 'grocery');
    const results = await Promise.all(
      grocery.map((reward) =>
        redeemReward({ customerId: JORDAN, bannerId: 'greenleaf', rewardId: reward.id, storeId }, now),
      ),
    );
    const spent = results.reduce(
      (sum, result, index) => sum + (result.ok && !result.alreadyRedeemed ? grocery[index]!.pointsCost : 0),
      0,
    );
    expect(spent).toBeLessThanOrEqual(balance);
    expect(await pointsBalance(JORDAN)).toBe(balance - spent);
    expect(await pointsBalance(JORDAN)).toBeGreaterThanOrEqual(0);
    for (const reward of grocery) await unclipReward({ customerId: JORDAN, rewardId: reward.id, storeId }, now);
  });

  it('gives a customer savings on cart lines covered by their clipped offers, and a guest none', async () => {
    const amountOff = await test.db
      .selectFrom('offers as o')
      .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
      .select(['o.id', 'o.value', 'op.product_id'])
      .where('o.banner_id', '=', 'greenleaf')
      .where('o.kind', '=', 'amount-off')
      .where('o.min_quantity', '=', 1)
      .where('o.ends_at', '>', now.toISOString())
      .where('o.starts_at', '<=', now.toISOString())
      .executeTakeFirstOrThrow();
    const lines = [{ productId: amountOff.product_id, quantity: 2, unitPriceCents: 10_000 }];
    expect(await clippedSavings({ customerId: SAM, bannerId: 'greenleaf', lines }, now)).toEqual({
      lines: [],
      totalCents: 0,
    });
    await clipOffer(viewer(SAM), amountOff.id, now);
    const saved = await clippedSavings({ customerId: SAM, bannerId: 'greenleaf', lines }, now);
    expect(saved.totalCents).toBe(amountOff.value);
    expect(saved.lines).toEqual([expect.objectContaining({ productId: amountOff.product_id, offerId: amountOff.id })]);
    expect(await clippedSavings({ customerId: null, bannerId: 'greenleaf', lines }, now)).toEqual({
      lines: [],
      totalCents: 0,
    });
    // Another banner's site does not apply this banner's clips.
    expect((await clippedSavings({ customerId: SAM, bannerId: 'mesa', lines }, now)).totalCents).toBe(0);
    await unclipOffer(SAM, amountOff.id);
  });
});
