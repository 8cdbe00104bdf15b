import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { seedDatabase } from '~/db/seed/seed.server';
import { productDetails } from '~/modules/catalog/product-details.server';
import { BUILT_IN_HOME_HERO, BUILT_IN_HOME_HERO_ES } from '~/modules/content/home-content';
import { homeHero } from '~/modules/content/home-content.server';
import { enterContentMode, readContentMode, storefrontMoment } from '~/modules/content/content-mode.server';
import { galleryFiltersSchema } from '~/modules/offers/gallery-filters';
import { offerDetails, offerGallery, offersNotYetStarted } from '~/modules/offers/offers.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

/**
 * Content preview (decision 0093): the storefront as of the moment an editor's link names shows the offers and
 * home-page hero dated to start by then, the drafts included; without a valid mode cookie, only what is live now.
 */
const DAY = 86_400_000;

describe.each(DIALECTS)('content preview on %s', (dialect) => {
  let test: TestDatabase;
  const now = new Date();
  const inElevenDays = new Date(now.getTime() + 11 * DAY);
  let draft: { id: number; title: string; productId: number };
  let storeId: number;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 300, log: () => {}, now });
    useDatabaseForTests(test);
    forgetCachedStores();
    const drafts = await test.db
      .selectFrom('offers as o')
      .innerJoin('offer_products as op', 'op.offer_id', 'o.id')
      .select(['o.id', 'o.title', 'op.product_id'])
      .where('o.banner_id', '=', 'greenleaf')
      .where('o.starts_at', '>', now.toISOString())
      .execute();
    expect(new Set(drafts.map((row) => row.id)).size).toBe(1);
    draft = { id: drafts[0]!.id, title: drafts[0]!.title, productId: drafts[0]!.product_id };
    storeId = (
      await test.db
        .selectFrom('banners')
        .select('default_store_id')
        .where('id', '=', 'greenleaf')
        .executeTakeFirstOrThrow()
    ).default_store_id;
  });
  afterAll(async () => {
    useDatabaseForTests(undefined);
    await test.drop();
  });

  const viewer = { customerId: null, bannerId: 'greenleaf', storeId: 0 };
  const search = (q: string) => galleryFiltersSchema.parse({ q });
  const previewRequest = async (at: Date, cookie?: string) =>
    new Request('http://localhost:3000/', {
      headers: {
        Cookie:
          cookie ??
          (await enterContentMode({ mode: 'preview', at: at.toISOString() }, { siteType: 'C', secure: false })).split(
            ';',
          )[0]!,
      },
    });

  it('keeps a not yet started offer out of the gallery, its details and its product page now', async () => {
    const gallery = await offerGallery(viewer, search('Coming soon'), now);
    expect(gallery.offers.map((offer) => offer.id)).not.toContain(draft.id);
    expect((await offerDetails(viewer, draft.id, now))?.status).toBe('upcoming');
    const store = (await storeById(storeId))!;
    const product = await productDetails(draft.productId, 'grocery', priceContextFor(store, 'greenleaf', now));
    expect(product?.offers.map((offer) => offer.id)).not.toContain(draft.id);
  });

  it('shows it to an editor previewing a moment after it starts, and only until it ends', async () => {
    const moment = storefrontMoment(await readContentMode(await previewRequest(inElevenDays), 'C'));
    expect(moment.toISOString()).toBe(inElevenDays.toISOString());
    const gallery = await offerGallery(viewer, search('Coming soon'), moment);
    expect(gallery.offers.map((offer) => offer.title)).toContain(draft.title);
    expect((await offerDetails(viewer, draft.id, moment))?.status).toBe('live');
    const store = (await storeById(storeId))!;
    const product = await productDetails(draft.productId, 'grocery', priceContextFor(store, 'greenleaf', moment));
    expect(product?.offers.map((offer) => offer.id)).toContain(draft.id);
    expect(await offersNotYetStarted([draft.id, ...gallery.offers.map((offer) => offer.id)], now)).toEqual(
      new Set([draft.id]),
    );

    const afterItEnds = new Date(now.getTime() + 41 * DAY);
    const later = await offerGallery(viewer, search('Coming soon'), afterItEnds);
    expect(later.offers.map((offer) => offer.id)).not.toContain(draft.id);
  });

  it('shows a forged mode cookie the storefront as it is now', async () => {
    const genuine = (await previewRequest(inElevenDays)).headers.get('Cookie')!;
    const forged = `${genuine.slice(0, -4)}AAAA`;
    const moment = storefrontMoment(await readContentMode(await previewRequest(inElevenDays, forged), 'C'), now);
    expect(moment).toEqual(now);
    const gallery = await offerGallery(viewer, search('Coming soon'), moment);
    expect(gallery.offers.map((offer) => offer.id)).not.toContain(draft.id);
  });

  it('shows the live home hero now and the draft one at the previewed moment', async () => {
    const live = await homeHero('greenleaf', now, 'en', now);
    expect(live).toMatchObject({ headline: BUILT_IN_HOME_HERO.headline, draft: false });
    expect(live.id).not.toBeNull();
    const previewed = await homeHero('greenleaf', inElevenDays, 'en', now);
    expect(previewed).toMatchObject({ headline: 'Holiday baking,', highlight: 'sorted', draft: true });
    // Once its day comes it is simply the hero, for everyone.
    expect(await homeHero('greenleaf', inElevenDays, 'en', inElevenDays)).toMatchObject({
      id: previewed.id,
      draft: false,
    });
    // Another banner has its own rows.
    expect((await homeHero('mesa', inElevenDays, 'en', now)).id).not.toBe(previewed.id);
  });

  it("shows a version's Spanish words in Spanish, and its English ones where it has no Spanish", async () => {
    const live = await homeHero('greenleaf', now, 'es', now);
    expect(live).toMatchObject({ ...BUILT_IN_HOME_HERO_ES, draft: false });
    expect(live.id).toBe((await homeHero('greenleaf', now, 'en', now)).id);
    // The draft was written in English only: a Spanish preview shows it in English, never the live Spanish words.
    expect(await homeHero('greenleaf', inElevenDays, 'es', now)).toMatchObject({
      headline: 'Holiday baking,',
      highlight: 'sorted',
      draft: true,
    });
  });

  it('falls back to the built-in hero where no content was written', async () => {
    await test.db.deleteFrom('home_content').where('banner_id', '=', 'mesa').execute();
    expect(await homeHero('mesa', inElevenDays, 'en', now)).toEqual(BUILT_IN_HOME_HERO);
    expect(await homeHero('mesa', inElevenDays, 'es', now)).toEqual({
      ...BUILT_IN_HOME_HERO,
      ...BUILT_IN_HOME_HERO_ES,
    });
  });
});
