import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDatabaseForTests } from '~/db/db.server';
import { SELLERS } from '~/db/seed/data/marketplace-vocabulary';
import { MARKETPLACE_ITEM_NAMES_ES } from '~/db/seed/data/marketplace-words-es';
import { SHELF_DESCRIPTIONS_ES } from '~/db/seed/data/shelf-descriptions-es';
import { productDetails } from '~/modules/catalog/product-details.server';
import { forgetTaxonomy, sellerIn, taxonomy } from '~/modules/catalog/taxonomy.server';
import { clipOffer, unclipOffer } from '~/modules/offers/clips.server';
import { galleryFiltersSchema } from '~/modules/offers/gallery-filters';
import { offerGallery } from '~/modules/offers/offers.server';
import { REWARD_TEMPLATES } from '~/modules/offers/reward-catalog';
import { availableRewards, redeemReward, rewardsHistory, unclipReward } from '~/modules/offers/rewards.server';
import { priceContextFor } from '~/modules/search/price-context.server';
import { forgetCachedStores, storeById } from '~/modules/stores/stores.server';
import { deliveryPlans } from '~/modules/subscriptions/subscriptions.server';
import { createSeededTestDatabase, DIALECTS, type TestDatabase } from './support/databases';

const JORDAN = 500001; // a demo customer of greenleaf with a welcome bonus and a past order

describe.each(DIALECTS)('the catalogue in Spanish on %s', (dialect) => {
  let test: TestDatabase;
  let storeId: number;
  const now = new Date('2026-11-20T15:00:00.000Z');

  beforeAll(async () => {
    test = await createSeededTestDatabase(dialect, { products: 300, now });
    useDatabaseForTests(test);
    forgetCachedStores();
    forgetTaxonomy();
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
    forgetCachedStores();
    forgetTaxonomy();
    await test?.drop();
  });

  it('shows a Spanish shopper the offers in Spanish and an English shopper the same offers in English', async () => {
    const filters = galleryFiltersSchema.parse({});
    const viewer = { bannerId: 'greenleaf', customerId: null, storeId };
    const english = await offerGallery({ ...viewer, language: 'en' }, filters, now);
    const spanish = await offerGallery({ ...viewer, language: 'es' }, filters, now);
    expect(spanish.offers.map((offer) => offer.id)).toEqual(english.offers.map((offer) => offer.id));
    const stored = await test.db
      .selectFrom('offers')
      .select(['id', 'title', 'description', 'title_es', 'description_es'])
      .where(
        'id',
        'in',
        english.offers.map((offer) => offer.id),
      )
      .execute();
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const offer of english.offers) {
      expect(offer.title).toBe(byId.get(offer.id)!.title);
      expect(offer.description).toBe(byId.get(offer.id)!.description);
    }
    for (const offer of spanish.offers) {
      expect(offer.title).toBe(byId.get(offer.id)!.title_es);
      expect(offer.description).toBe(byId.get(offer.id)!.description_es);
    }
    expect(spanish.offers.some((offer) => /de descuento|Ahorre|puntos/.test(offer.title))).toBe(true);
  });

  it('finds an offer by its Spanish words for a Spanish shopper only', async () => {
    const viewer = { bannerId: 'greenleaf', customerId: null, storeId };
    const filters = galleryFiltersSchema.parse({ q: 'ahorre' });
    expect((await offerGallery({ ...viewer, language: 'es' }, filters, now)).total).toBeGreaterThan(0);
    expect((await offerGallery({ ...viewer, language: 'en' }, filters, now)).total).toBe(0);
  });

  it("describes a product with its shelf item's Spanish description and its brand", async () => {
    const product = await test.db
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.item_key', 'p.description', 'b.name as brand'])
      .where('p.kind', '=', 'grocery')
      .where('p.item_key', '=', 'honeycrisp-apples')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const ctx = priceContextFor((await storeById(storeId))!, 'greenleaf', now);
    const spanish = await productDetails(product.id, 'grocery', ctx, 'es');
    expect(spanish!.description).toBe(SHELF_DESCRIPTIONS_ES['honeycrisp-apples']!.replace('{brand}', product.brand));
    expect(spanish!.description).toContain(`Las manzanas Honeycrisp de ${product.brand}`);
    expect((await productDetails(product.id, 'grocery', ctx, 'en'))!.description).toBe(product.description);
  });

  it('reads the description from the database, so the catalogue can change it without a release', async () => {
    const product = await test.db
      .selectFrom('products')
      .select('id')
      .where('kind', '=', 'grocery')
      .where('item_key', '=', 'bananas')
      .executeTakeFirstOrThrow();
    await test.db
      .updateTable('item_descriptions')
      .set({ description: 'Plátanos de {brand}, dulces y listos.' })
      .where('item_key', '=', 'bananas')
      .where('language', '=', 'es')
      .execute();
    const ctx = priceContextFor((await storeById(storeId))!, 'greenleaf', now);
    const spanish = await productDetails(product.id, 'grocery', ctx, 'es');
    expect(spanish!.description).toBe(`Plátanos de ${spanish!.brand}, dulces y listos.`);
  });

  it('describes a wine in Spanish, with its colour and country in Spanish and its names as they are', async () => {
    const wine = await test.db
      .selectFrom('products as p')
      .innerJoin('wine_details as w', 'w.product_id', 'p.id')
      .select(['p.id', 'p.description', 'w.varietal', 'w.color', 'w.region', 'w.country', 'w.vintage'])
      .where('w.country', '=', 'France')
      .where('w.color', '=', 'red')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const ctx = priceContextFor(null, 'greenleaf', now);
    const spanish = (await productDetails(wine.id, 'wine', ctx, 'es'))!;
    expect(spanish.description).toBe(`Un ${wine.varietal} tinto de ${wine.region}, Francia, cosecha ${wine.vintage}.`);
    expect(spanish.wine).toMatchObject({ color: 'tinto', country: 'Francia', region: wine.region });
    const english = (await productDetails(wine.id, 'wine', ctx, 'en'))!;
    expect([english.description, english.wine?.color, english.wine?.country]).toEqual([
      wine.description,
      'red',
      'France',
    ]);
  });

  it("describes a marketplace product in Spanish with its seller's name, and its seller by its Spanish tagline", async () => {
    const product = await test.db
      .selectFrom('products as p')
      .innerJoin('sellers as s', 's.id', 'p.seller_id')
      .select(['p.id', 'p.item_key', 'p.description', 's.slug', 's.name as seller', 's.tagline'])
      .where('p.kind', '=', 'marketplace')
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const ctx = priceContextFor(null, 'greenleaf', now);
    const spanish = (await productDetails(product.id, 'marketplace', ctx, 'es'))!;
    expect(spanish.description).toBe(
      `${MARKETPLACE_ITEM_NAMES_ES[product.item_key]} de ${product.seller}. Envío directo del vendedor.`,
    );
    expect(spanish.seller).toEqual(
      expect.objectContaining({
        name: product.seller,
        tagline: SELLERS.find((s) => s.slug === product.slug)!.taglineEs,
      }),
    );
    const english = (await productDetails(product.id, 'marketplace', ctx, 'en'))!;
    expect(english.description).toBe(product.description);
    expect(english.description).toMatch(/ Ships from the seller\.$/);
    expect(english.seller?.tagline).toBe(product.tagline);
    // A page's data carries one language.
    expect(Object.keys(spanish.seller!)).not.toContain('taglineEs');
  });

  it("shows a seller's English tagline to a Spanish shopper while it has no Spanish one", async () => {
    await test.db.updateTable('sellers').set({ tagline_es: null }).where('slug', '=', 'confetti-corner').execute();
    forgetTaxonomy();
    const sellers = (await taxonomy()).sellerBySlug;
    expect(sellerIn('es', sellers.get('confetti-corner')!).tagline).toBe('Everything you need to throw a great party.');
    expect(sellerIn('es', sellers.get('basket-bay-gifts')!).tagline).toBe(
      'Canastas de regalo empacadas a mano en Nueva Inglaterra.',
    );
  });

  it("lists a product's offers in Spanish on its Spanish page", async () => {
    const offered = await test.db
      .selectFrom('offer_products as op')
      .innerJoin('offers as o', 'o.id', 'op.offer_id')
      .select(['op.product_id', 'o.title_es'])
      .where('o.banner_id', '=', 'greenleaf')
      .where('o.customer_id', 'is', null)
      .where('o.starts_at', '<=', now.toISOString())
      .where('o.ends_at', '>', now.toISOString())
      .orderBy('op.product_id')
      .executeTakeFirstOrThrow();
    const ctx = priceContextFor((await storeById(storeId))!, 'greenleaf', now);
    const spanish = await productDetails(offered.product_id, 'grocery', ctx, 'es');
    expect(spanish!.offers.map((offer) => offer.title)).toContain(offered.title_es);
  });

  it("answers a Spanish shopper's clip with the offer's Spanish title, in one statement or two", async () => {
    const offer = await test.db
      .selectFrom('offers')
      .select(['id', 'title', 'title_es'])
      .where('banner_id', '=', 'greenleaf')
      .where('customer_id', 'is', null)
      .where('starts_at', '<=', now.toISOString())
      .where('ends_at', '>', now.toISOString())
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const viewer = { bannerId: 'greenleaf', customerId: JORDAN, storeId };
    for (const options of [{}, { stateSubject: `c:${JORDAN}` }]) {
      await unclipOffer(JORDAN, offer.id);
      expect(await clipOffer({ ...viewer, language: 'es' }, offer.id, now, options)).toMatchObject({
        ok: true,
        title: offer.title_es,
      });
      expect(await clipOffer({ ...viewer, language: 'en' }, offer.id, now, options)).toMatchObject({
        ok: true,
        title: offer.title,
      });
    }
  });

  it('names the rewards in Spanish for a Spanish shopper', async () => {
    const spanish = await availableRewards({ bannerId: 'greenleaf', storeId, customerId: null, now, language: 'es' });
    const english = await availableRewards({ bannerId: 'greenleaf', storeId, customerId: null, now });
    expect(spanish.rewards.length).toBeGreaterThan(0);
    for (const reward of spanish.rewards) {
      const template = REWARD_TEMPLATES.find((candidate) => candidate.slug === reward.slug)!;
      expect([reward.title, reward.description]).toEqual([template.titleEs, template.descriptionEs]);
    }
    for (const reward of english.rewards) {
      const template = REWARD_TEMPLATES.find((candidate) => candidate.slug === reward.slug)!;
      expect([reward.title, reward.description]).toEqual([template.title, template.description]);
    }
  });

  it('writes the rewards history lines in Spanish, with the reward titles in Spanish', async () => {
    const reward = (await availableRewards({ bannerId: 'greenleaf', storeId, customerId: JORDAN, now })).rewards.find(
      (candidate) => candidate.slug === 'free-bananas',
    )!;
    expect(
      await redeemReward({ customerId: JORDAN, bannerId: 'greenleaf', rewardId: reward.id, storeId }, now),
    ).toMatchObject({ ok: true });
    await unclipReward({ customerId: JORDAN, rewardId: reward.id, storeId }, new Date(now.getTime() + 1000));
    const spanish = (await rewardsHistory(JORDAN, 50, 'es')).map((line) => line.description);
    const english = (await rewardsHistory(JORDAN, 50)).map((line) => line.description);
    expect(english.slice(0, 2)).toEqual(['Removed: Free bunch of bananas', 'Redeemed: Free bunch of bananas']);
    expect(spanish.slice(0, 2)).toEqual([
      'Se quitó: Un racimo de plátanos gratis',
      'Canjeado: Un racimo de plátanos gratis',
    ]);
    expect(spanish).toContain('Bono de bienvenida');
    const order = english.find((line) => /^Order /.test(line))!;
    expect(spanish).toContain(order.replace(/^Order /, 'Pedido '));
  });

  it('names the delivery plans in Spanish for a Spanish shopper', async () => {
    expect((await deliveryPlans('greenleaf', 'es')).map((plan) => plan.name)).toEqual([
      'Pase de entrega mensual',
      'Pase de entrega anual',
    ]);
    expect((await deliveryPlans('greenleaf')).map((plan) => plan.name)).toEqual([
      'Delivery Pass Monthly',
      'Delivery Pass Annual',
    ]);
  });
});
