import type { Kysely } from 'kysely';
import type { DialectName } from '~/db/dialect';
import type { Database, ProductTable } from '~/db/schema';
import { rebuildSearchIndex } from '~/modules/search/index-build.server';
import { TermCounter } from '~/modules/search/terms';
import { insertBanner, insertStore } from './fixtures';

export const STORE = 1001;
/** A store in a dearer price zone (+10 %). */
export const DEAR_STORE = 1002;
export const NOW = new Date('2026-11-22T12:00:00Z');

export const IDS = {
  bananas: 960_000_001,
  chocolateMilk: 960_000_002,
  wholeMilk: 960_000_003,
  organicEggs: 960_000_004,
  whiteEggs: 960_000_005,
  saffron: 960_000_006,
  paellaKit: 960_000_007,
  firstYogurt: 960_000_100,
} as const;
export const YOGURTS = 30;

type Product = Omit<
  ProductTable,
  'kind' | 'seller_id' | 'item_key' | 'image_key' | 'size_quantity' | 'size_unit' | 'popularity_prior' | 'label_flags'
> &
  Partial<ProductTable>;

const product = (p: Product): ProductTable => ({
  kind: 'grocery',
  seller_id: null,
  item_key: p.name.toLowerCase().replace(/[^a-z]+/g, '-'),
  image_key: 'generic',
  size_quantity: 1,
  size_unit: 'ct',
  label_flags: 0,
  // Until orders say otherwise, a product is as popular as the catalogue made it.
  popularity_prior: p.popularity,
  ...p,
});

/**
 * A small catalogue whose every count is known: two departments, four aisles, three brands,
 * seven named products and thirty yogurts, one active offer, one out-of-stock exception, one recipe.
 */
export async function buildSmallCatalog(db: Kysely<Database>, dialect: DialectName) {
  await insertBanner(db, 'greenleaf', STORE, '98101');
  await insertStore(db, { id: STORE, banner_id: 'greenleaf', zipcode: '98101' });
  await insertStore(db, { id: DEAR_STORE, banner_id: 'greenleaf', zipcode: '98008', price_factor_bp: 11_000 });
  await db
    .insertInto('departments')
    .values([
      { id: 1, slug: 'produce', name: 'Produce', position: 0, image_key: 'generic' },
      { id: 2, slug: 'dairy', name: 'Dairy Case', position: 1, image_key: 'generic' },
    ])
    .execute();
  await db
    .insertInto('aisles')
    .values([
      { id: 1, department_id: 1, slug: 'fresh-fruit', name: 'Fresh Fruit', position: 0 },
      { id: 2, department_id: 2, slug: 'milk', name: 'Milk', position: 0 },
      { id: 3, department_id: 2, slug: 'eggs', name: 'Eggs', position: 1 },
      { id: 4, department_id: 2, slug: 'yogurt', name: 'Yogurt', position: 2 },
    ])
    .execute();
  const brands = [
    { id: 1, slug: 'sunny-farms', name: 'Sunny Farms', initial: 'S' },
    { id: 2, slug: 'meadow-dairy', name: 'Meadow Dairy', initial: 'M' },
    { id: 3, slug: 'hilltop', name: 'Hilltop', initial: 'H' },
  ];
  await db.insertInto('brands').values(brands).execute();
  const base = { dietary_tags: '', attended_delivery_only: 0 as const, size_label: '1 ct' };
  const products: ProductTable[] = [
    product({
      ...base,
      id: IDS.bananas,
      name: 'Sunny Farms Bananas, 2 lb bunch',
      brand_id: 1,
      aisle_id: 1,
      description: 'Sweet yellow bananas for snacking.',
      base_price_cents: 179,
      dietary_tags: ',vegan,',
      popularity: 500,
      size_quantity: 2,
      size_unit: 'lb',
    }),
    product({
      ...base,
      id: IDS.chocolateMilk,
      name: 'Meadow Dairy Chocolate Milk, half gal',
      brand_id: 2,
      aisle_id: 2,
      description: 'Rich and creamy, made with cocoa.',
      base_price_cents: 349,
      popularity: 300,
    }),
    product({
      ...base,
      id: IDS.wholeMilk,
      name: 'Meadow Dairy Whole Milk, 1 gal',
      brand_id: 2,
      aisle_id: 2,
      description: 'Fresh from local farms.',
      base_price_cents: 429,
      popularity: 400,
    }),
    product({
      ...base,
      id: IDS.organicEggs,
      name: 'Hilltop Organic Large Brown Eggs, 12 ct',
      brand_id: 3,
      aisle_id: 3,
      description: 'Free-range hens.',
      base_price_cents: 599,
      dietary_tags: ',organic,',
      popularity: 200,
    }),
    product({
      ...base,
      id: IDS.whiteEggs,
      name: 'Hilltop Large White Eggs, 12 ct',
      brand_id: 3,
      aisle_id: 3,
      description: 'Everyday eggs.',
      base_price_cents: 399,
      popularity: 250,
    }),
    product({
      ...base,
      id: IDS.saffron,
      name: 'Hilltop Saffron Threads, 0.5 oz',
      brand_id: 3,
      aisle_id: 1,
      description: 'Hand-picked threads.',
      base_price_cents: 1299,
      popularity: 10,
    }),
    product({
      ...base,
      id: IDS.paellaKit,
      name: 'Sunny Farms Paella Kit, 1 ct',
      brand_id: 1,
      aisle_id: 1,
      description: 'Rice, spices and saffron for a paella night.',
      base_price_cents: 899,
      popularity: 900,
    }),
  ];
  for (let n = 0; n < YOGURTS; n++) {
    products.push(
      product({
        ...base,
        id: IDS.firstYogurt + n,
        name: `Meadow Dairy Greek Yogurt No. ${n + 1}, 6 oz`,
        brand_id: 2,
        aisle_id: 4,
        description: 'Thick and tangy.',
        base_price_cents: 100 + n * 10,
        popularity: 100 + n,
      }),
    );
  }
  await db.insertInto('products').values(products).execute();
  await db
    .insertInto('offers')
    .values({
      id: 1,
      banner_id: 'greenleaf',
      title: 'Save $1.00 on Meadow Dairy Whole Milk',
      description: 'Save $1.00.',
      category: 'Dairy',
      offer_type: 'SC',
      kind: 'amount',
      value: 100,
      min_quantity: 1,
      brand_id: 2,
      starts_at: '2026-11-01T00:00:00.000Z',
      ends_at: '2026-12-31T00:00:00.000Z',
      image_key: 'generic',
    })
    .execute();
  await db.insertInto('offer_products').values({ offer_id: 1, product_id: IDS.wholeMilk }).execute();
  await db
    .insertInto('store_product_overrides')
    .values({ store_id: STORE, product_id: IDS.whiteEggs, price_cents: null, stock_status: 'out_of_stock' })
    .execute();
  await db
    .insertInto('recipes')
    .values({
      id: 1,
      slug: 'banana-bread',
      title: 'Banana Bread',
      description: 'A moist loaf.',
      minutes: 70,
      servings: 8,
      image_key: 'generic',
      steps_json: '["Mash.","Bake."]',
    })
    .execute();
  await db
    .insertInto('recipe_ingredients')
    .values([
      { recipe_id: 1, position: 0, text: '3 ripe bananas', product_id: IDS.bananas },
      { recipe_id: 1, position: 1, text: '1 cup chopped walnuts', product_id: null },
    ])
    .execute();

  const terms = new TermCounter();
  const aisleText: Record<number, string> = {
    1: 'Fresh Fruit Produce',
    2: 'Milk Dairy Case',
    3: 'Eggs Dairy Case',
    4: 'Yogurt Dairy Case',
  };
  for (const p of products)
    terms.addDocument(p.name, brands[p.brand_id - 1]!.name, aisleText[p.aisle_id!]!, p.description);
  terms.addDocument('Banana Bread', 'A moist loaf.', '3 ripe bananas', '1 cup chopped walnuts');
  await rebuildSearchIndex(db, dialect, terms);
}
