import { CompiledQuery, sql, type Insertable, type Kysely } from 'kysely';
import { BANNERS } from '~/modules/banners/banner-catalog';
import { BUILT_IN_HOME_HERO, BUILT_IN_HOME_HERO_ES } from '~/modules/content/home-content';
import { DEPARTMENTS, BRANDS_BY_DEPARTMENT, type ShelfItem, type ShelfSize } from '~/db/seed/data/shelf-vocabulary';
import { VARIETALS, varietalsForRegion, WINE_COLOR_ES, WINE_REGIONS, WINERIES } from '~/db/seed/data/wine-vocabulary';
import { MARKETPLACE_ITEMS, SELLERS } from '~/db/seed/data/marketplace-vocabulary';
import { commaWrapped, sellerShippingRule } from '~/modules/shipping/seller-rules';
import zipToTimezone from 'zipcode-to-timezone';
import { RECIPES } from '~/db/seed/data/recipe-vocabulary';
import { OFFER_CATEGORIES, OFFER_TEMPLATES } from '~/db/seed/data/offer-vocabulary';
import { spanishItemDescriptions, spanishMarketplaceDescriptions } from './item-descriptions.seed';
import { recipeWordsEs, spanishRecipeColumns } from './recipe-words.seed';
import { wineImageKey } from '~/modules/catalog/illustration-keys';
import { addressHash } from '~/modules/customers/address-hash.server';
import { hashPassword } from '~/modules/identity/passwords.server';
import { estimatedSavingsCents } from '~/modules/offers/offer-value';
import { REWARD_TEMPLATES } from '~/modules/offers/reward-catalog';
import { rebuildSearchIndex } from '~/modules/search/index-build.server';
import { storeSearchSynonyms } from '~/modules/search/synonyms.server';
import { synonymFileRows } from './search-synonyms.seed';
import { applyOrderPopularity } from '~/modules/catalog/popularity.server';
import { shelfPrior } from './popularity-prior';
import { TermCounter } from '~/modules/search/terms';
import type { DialectName } from '../dialect';
import type { Database, ProductTable, StoreTable } from '../schema';
import { DEMO_CUSTOMERS } from './demo-customers';
import { SeededRandom } from './random';
import { giveReferralCode } from '~/modules/customers/referrals.server';
import { generateStores } from './stores.seed';
import { seedPharmacyDemo } from './pharmacy.seed';
import { seedDemoStaff } from './staff.seed';
import { seedDemoPromoCodes } from './promo-codes.seed';
import { seedDemoStoreCards } from './store-cards.seed';
import { seedWeeklyAds } from './weekly-ad.seed';
import { labelFlags } from '~/modules/catalog/label-flags-of-product';

export const DEFAULT_PRODUCT_COUNT = 20_000;
export const DEFAULT_SEED = 20_261_122;
export const FIRST_PRODUCT_ID = 960_000_001;
export const WINE_COUNT = 600;

export interface SeedOptions {
  products: number;
  seed: number;
  now: Date;
  /** Delete existing data first (npm run seed); start-up seeding only fills an empty database. */
  replace: boolean;
  log: (line: string) => void;
}

type Db = Kysely<Database>;

/** Tables in an order that respects foreign keys when deleting (reverse to insert). */
const TABLES_CHILD_FIRST: (keyof Database)[] = [
  'shopping_list_items',
  'shopping_lists',
  'household_allergy_profiles',
  'weekly_ad_deals',
  'promo_redemptions',
  'promo_codes',
  'saml_answered_requests',
  'occasion_offers',
  'referrals',
  'referral_codes',
  'home_content',
  'staff_roles',
  'shipping_cache',
  'seller_shipping',
  'health_handshakes',
  'prescriptions',
  'pharmacy_profiles',
  'delivery_subscriptions',
  'verification_codes',
  'customer_prompts',
  'customer_preferences',
  'slot_holds',
  'slots',
  'cart_items',
  'carts',
  'customer_tenders',
  'password_resets',
  'session_tokens',
  'one_time_passcodes',
  'rate_limits',
  'sign_in_delays',
  'oidc_payloads',
  'reward_clips',
  'reward_ledger',
  'order_items',
  'orders',
  'clips',
  'pets',
  'customer_address_selections',
  'customer_addresses',
  // Before the customers: a store card and a personal offer (a birthday offer) name their customer.
  'loyalty_cards',
  'offer_products',
  'offers',
  'household_allergy_profiles',
  'customers',
  'rewards',
  'recipe_ingredients',
  'recipes',
  'store_product_overrides',
  'wine_details',
  'products',
  'sellers',
  'brands',
  'aisles',
  'departments',
  'stores',
  'banners',
  'outbox',
  'item_descriptions',
];

export async function isSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'seeded').executeTakeFirst();
  return Boolean(row);
}

async function insertRows<T extends keyof Database>(db: Db, table: T, rows: Insertable<Database[T]>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  // Both SQLite (32,766) and PostgreSQL (65,535) cap bound parameters per statement.
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

/**
 * Many rows per statement without Kysely's query builder (which cost more than the database for a
 * million products): one multi-row INSERT text per chunk size, so SQLite reuses its prepared
 * statement. Every row must have the first row's columns.
 */
async function bulkInsert<T extends keyof Database>(
  db: Db,
  dialect: DialectName,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  const size = Math.max(1, Math.floor(30_000 / columns.length));
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const texts = new Map<number, string>();
  const textFor = (count: number) => {
    let text = texts.get(count);
    if (!text) {
      let n = 0;
      const row = () => `(${columns.map(() => (dialect === 'postgres' ? `$${++n}` : '?')).join(', ')})`;
      text = head + Array.from({ length: count }, row).join(', ');
      texts.set(count, text);
    }
    return text;
  };
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push((row as Record<string, unknown>)[column]);
    await db.executeQuery(CompiledQuery.raw(textFor(chunk.length), parameters));
  }
}

function cents(random: SeededRandom, [min, max]: readonly [number, number], factor = 1): number {
  const raw = random.int(min, max) * factor;
  // Shelf prices end in 9.
  return Math.max(49, Math.round(raw / 10) * 10 - 1);
}

function initialOf(name: string): string {
  const letter = name.charAt(0).toUpperCase();
  return /[A-Z]/.test(letter) ? letter : '#';
}

function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function uuidFrom(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const isoDaysFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

export async function seedDatabase(db: Db, dialect: DialectName, partial: Partial<SeedOptions> = {}) {
  if (dialect !== 'sqlite') return seedInto(db, dialect, partial);
  // For the load only: no fsync per batch (a seed that dies half-way is seeded again anyway) and a
  // 256 MB page cache, so a million products and their indexes stay in memory while they go in.
  const settings = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  await sql`pragma synchronous = off`.execute(db);
  await sql`pragma cache_size = -262144`.execute(db);
  try {
    return await seedInto(db, dialect, partial);
  } finally {
    await sql.raw(`pragma synchronous = ${Number(settings.rows[0]?.synchronous ?? 1)}`).execute(db);
    await sql.raw(`pragma cache_size = ${Number(cache.rows[0]?.cache_size ?? -2000)}`).execute(db);
  }
}

async function seedInto(db: Db, dialect: DialectName, partial: Partial<SeedOptions>) {
  const options: SeedOptions = {
    products: partial.products ?? DEFAULT_PRODUCT_COUNT,
    seed: partial.seed ?? DEFAULT_SEED,
    now: partial.now ?? new Date(),
    replace: partial.replace ?? false,
    log: partial.log ?? ((line: string) => console.log(line)),
  };
  const started = Date.now();
  const random = new SeededRandom(options.seed);
  const { log, now } = options;

  if (options.replace) {
    if (dialect === 'sqlite') {
      await sql`insert into product_search(product_search) values ('delete-all')`.execute(db);
      await sql`insert into recipe_search(recipe_search) values ('delete-all')`.execute(db);
    } else {
      await sql`delete from product_search`.execute(db);
      await sql`delete from recipe_search`.execute(db);
    }
    await db.deleteFrom('search_terms').execute();
    for (const table of TABLES_CHILD_FIRST) await db.deleteFrom(table).execute();
    await db.deleteFrom('app_meta').where('key', '=', 'seeded').execute();
  }

  // Stores and banners.
  const stores = generateStores(random);
  const defaultStoreOf = new Map<string, StoreTable>();
  for (const store of stores) if (!defaultStoreOf.has(store.banner_id)) defaultStoreOf.set(store.banner_id, store);
  await insertRows(
    db,
    'banners',
    BANNERS.map((banner, position) => {
      const store = defaultStoreOf.get(banner.id)!;
      return {
        id: banner.id,
        name: banner.name,
        logo_text: banner.logoText,
        tagline: banner.tagline,
        color_primary: banner.colors.primary,
        color_dark: banner.colors.dark,
        color_soft: banner.colors.soft,
        color_accent: banner.colors.accent,
        default_store_id: store.id,
        default_zipcode: store.zipcode,
        position,
      };
    }),
  );
  await insertRows(db, 'stores', stores);
  log(`Seeded ${BANNERS.length} banners and ${stores.length} stores`);

  // Departments, aisles, brands, sellers.
  const departmentRows = DEPARTMENTS.map((department, index) => ({
    id: index + 1,
    slug: department.slug,
    name: department.name,
    position: index,
    image_key: department.aisles[0]?.items[0]?.key ?? 'generic',
  }));
  await insertRows(db, 'departments', departmentRows);
  let aisleId = 0;
  const terms = new TermCounter();
  const aisleText = new Map<number, string>();
  const shelf: {
    departmentSlug: string;
    aisleId: number;
    aisleSlug: string;
    departmentIndex: number;
    aisleIndex: number;
    itemIndex: number;
    item: ShelfItem;
  }[] = [];
  const aisleRows = DEPARTMENTS.flatMap((department, departmentIndex) =>
    department.aisles.map((aisle, position) => {
      aisleId += 1;
      for (const [itemIndex, item] of aisle.items.entries())
        shelf.push({
          departmentSlug: department.slug,
          aisleId,
          aisleSlug: aisle.slug,
          departmentIndex,
          aisleIndex: position,
          itemIndex,
          item,
        });
      aisleText.set(aisleId, `${aisle.name} ${department.name}`);
      return { id: aisleId, department_id: departmentIndex + 1, slug: aisle.slug, name: aisle.name, position };
    }),
  );
  await insertRows(db, 'aisles', aisleRows);

  const brandIds = new Map<string, number>();
  const brandRows: Insertable<Database['brands']>[] = [];
  const addBrand = (name: string) => {
    const existing = brandIds.get(name);
    if (existing) return existing;
    const id = brandRows.length + 1;
    brandIds.set(name, id);
    brandRows.push({ id, name, slug: slugify(name), initial: initialOf(name) });
    return id;
  };
  for (const names of Object.values(BRANDS_BY_DEPARTMENT)) names.forEach(addBrand);
  WINERIES.forEach(addBrand);
  SELLERS.forEach((seller) => addBrand(seller.name));
  await insertRows(db, 'brands', brandRows);

  await insertRows(
    db,
    'sellers',
    SELLERS.map((seller, index) => ({
      id: index + 1,
      slug: seller.slug,
      name: seller.name,
      tagline: seller.tagline,
      tagline_es: seller.taglineEs,
      origin_zip: seller.originZip,
      handling_days: seller.handlingDays,
      carrier: seller.carrier,
    })),
  );
  await insertRows(
    db,
    'seller_shipping',
    SELLERS.map((seller, index) => {
      const rule = sellerShippingRule(seller.slug);
      return {
        seller_id: index + 1,
        cutoff_hour: rule.cutoffHour,
        timezone: zipToTimezone.lookup(seller.originZip) ?? 'America/Chicago',
        no_ship_states: commaWrapped(rule.noShipStates),
      };
    }),
  );

  // Grocery products, in batches inside transactions so a million rows stay quick.
  const firstIdByItem = new Map<string, number>();
  const idsByBrandItem = new Map<string, number[]>();
  const cheapestByBrandItem = new Map<string, number>();
  let nextId = FIRST_PRODUCT_ID;
  const batchSize = 20_000;
  const usedNames = new Set<string>();
  const shapes = new Map<string, { count: number; texts: string[] }>();
  const descriptions = new Map<string, string>();
  for (let start = 0; start < options.products; start += batchSize) {
    const batch: ProductTable[] = [];
    for (let i = start; i < Math.min(options.products, start + batchSize); i++) {
      const entry = i < shelf.length ? shelf[i]! : random.pick(shelf);
      const { item } = entry;
      // Real shelves do not repeat a name: retry the brand, variant and size a few times.
      let brand = '';
      let variant: string | null = null;
      let size: ShelfSize = item.sizes[0]!;
      let name = '';
      for (let attempt = 0; attempt < 6; attempt++) {
        brand = random.pick(BRANDS_BY_DEPARTMENT[entry.departmentSlug] ?? ['Pantry Essentials']);
        variant = item.variants && i >= shelf.length && random.chance(0.5) ? random.pick(item.variants) : null;
        size = i < shelf.length ? item.sizes[0]! : random.pick(item.sizes);
        name = `${brand} ${variant ? `${variant} ` : ''}${item.name}, ${size.label}`;
        if (!usedNames.has(name)) break;
      }
      usedNames.add(name);
      // One string per brand and item, shared by its products (a million copies kept the GC busy).
      const brandItemKey = `${brand}|${item.key}`;
      let description = descriptions.get(brandItemKey);
      if (description === undefined) {
        description = item.description.replaceAll('{brand}', brand);
        descriptions.set(brandItemKey, description);
      }
      // The name's words are its parts' words: count products by shape, add the words once per shape.
      const shapeKey = `${entry.aisleId}|${brand}|${variant ?? ''}|${item.key}|${size.label}`;
      const shape = shapes.get(shapeKey);
      if (shape) shape.count += 1;
      else
        shapes.set(shapeKey, {
          count: 1,
          texts: [brand, variant ?? '', item.name, size.label, aisleText.get(entry.aisleId) ?? '', description],
        });
      const tags = new Set(item.dietary ?? []);
      if (variant && /organic/i.test(variant)) tags.add('organic');
      const id = nextId++;
      if (!firstIdByItem.has(item.key)) firstIdByItem.set(item.key, id);
      const brandItem = `${brand}|${item.key}`;
      const group = idsByBrandItem.get(brandItem) ?? [];
      if (group.length < 20) group.push(id);
      idsByBrandItem.set(brandItem, group);
      const basePrice = cents(random, item.basePriceCents, size.priceFactor);
      cheapestByBrandItem.set(brandItem, Math.min(basePrice, cheapestByBrandItem.get(brandItem) ?? basePrice));
      // Everyday items first (popularity-prior.ts); one draw per product, as before, keeps the rest of the seed.
      const prior = shelfPrior(
        {
          itemIndex: entry.itemIndex,
          aisleIndex: entry.aisleIndex,
          departmentIndex: entry.departmentIndex,
          sizeIndex: item.sizes.indexOf(size),
          variantIndex: variant ? (item.variants ?? []).indexOf(variant) : null,
        },
        random.int(60, 100) / 100,
      );
      batch.push({
        id,
        kind: 'grocery',
        name,
        brand_id: brandIds.get(brand) ?? addBrandLate(brand),
        aisle_id: entry.aisleId,
        seller_id: null,
        item_key: item.key,
        size_label: size.label,
        size_quantity: size.quantity,
        size_unit: size.unit,
        description,
        image_key: item.key,
        base_price_cents: basePrice,
        dietary_tags: tags.size ? `,${[...tags].join(',')},` : '',
        attended_delivery_only: item.attendedDeliveryOnly ? 1 : 0,
        popularity: prior,
        popularity_prior: prior,
        // The same rules print the label and fill the column the search filters on (0108).
        label_flags: labelFlags({ id, name, brand, aisleSlug: entry.aisleSlug }),
      });
    }
    await db.transaction().execute((trx) => bulkInsert(trx, dialect, 'products', batch));
    if (options.products >= 100_000)
      log(
        `products ${Math.min(options.products, start + batchSize).toLocaleString('en-US')}/${options.products.toLocaleString('en-US')}`,
      );
  }
  for (const { count, texts } of shapes.values()) terms.addDocuments(count, ...texts);
  function addBrandLate(name: string): number {
    throw new Error(`Brand ${name} was not registered before use`);
  }

  // Wines (wine shop, direct to consumer) and marketplace items.
  const wineRows: ProductTable[] = [];
  const wineDetails: Insertable<Database['wine_details']>[] = [];
  const wineNames = new Set<string>();
  while (wineRows.length < WINE_COUNT) {
    const winery = random.pick(WINERIES);
    const region = random.pick(WINE_REGIONS);
    const varietal = random.pick(varietalsForRegion(region));
    const vintage = random.int(2012, 2024);
    const name = `${winery} ${vintage} ${region.region} ${varietal.name}, 750 ml`;
    if (wineNames.has(name)) continue;
    wineNames.add(name);
    const id = nextId++;
    const description = `A ${varietal.color} ${varietal.name} from ${region.region}, ${region.country}, vintage ${vintage}.`;
    const basePrice = cents(random, varietal.priceCents);
    // Wines and marketplace items keep a random prior: no shelf vocabulary orders them.
    const popularity = random.int(0, 800);
    terms.addDocument(
      name,
      winery,
      `wine ${varietal.name} ${varietal.color} ${region.region} ${region.country}`,
      description,
    );
    wineRows.push({
      id,
      kind: 'wine',
      name,
      brand_id: brandIds.get(winery)!,
      aisle_id: null,
      seller_id: null,
      item_key: `wine-${slugify(varietal.name)}`,
      size_label: '750 ml',
      size_quantity: 750,
      size_unit: 'ml',
      description,
      image_key: wineImageKey(varietal.color),
      base_price_cents: basePrice,
      dietary_tags: '',
      attended_delivery_only: 1,
      popularity,
      popularity_prior: popularity,
      label_flags: 0,
    });
    wineDetails.push({
      product_id: id,
      varietal: varietal.name,
      color: varietal.color,
      region: region.region,
      country: region.country,
      vintage,
    });
  }
  const marketplaceRows: ProductTable[] = [];
  SELLERS.forEach((seller, sellerIndex) => {
    const carried = MARKETPLACE_ITEMS.filter((item) => seller.categories.includes(item.category));
    const pool = carried.length ? carried : MARKETPLACE_ITEMS;
    for (const item of random.shuffle(pool).slice(0, 25)) {
      const size = item.sizes?.length
        ? random.pick(item.sizes)
        : { label: '1 ct', quantity: 1, unit: 'ct' as const, priceFactor: 1 };
      const name = `${seller.name} ${item.name}${item.sizes?.length ? `, ${size.label}` : ''}`;
      const description = `${item.name} from ${seller.name}. Ships from the seller.`;
      terms.addDocument(name, seller.name, `marketplace ${seller.name}`, description);
      const basePrice = cents(random, item.basePriceCents, size.priceFactor);
      const popularity = random.int(0, 700);
      marketplaceRows.push({
        id: nextId++,
        kind: 'marketplace',
        name,
        brand_id: brandIds.get(seller.name)!,
        aisle_id: null,
        seller_id: sellerIndex + 1,
        item_key: item.key,
        size_label: size.label,
        size_quantity: size.quantity,
        size_unit: size.unit,
        description,
        image_key: item.key,
        base_price_cents: basePrice,
        dietary_tags: '',
        attended_delivery_only: 0,
        popularity,
        popularity_prior: popularity,
        label_flags: 0,
      });
    }
  });
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'products', [...wineRows, ...marketplaceRows]);
    await insertRows(trx, 'wine_details', wineDetails);
  });
  log(
    `Seeded ${options.products.toLocaleString('en-US')} grocery products, ${wineRows.length} wines, ${marketplaceRows.length} marketplace items from ${SELLERS.length} sellers`,
  );

  // Store-specific exceptions: out of stock, unavailable, or a local price.
  const overrideRows: Insertable<Database['store_product_overrides']>[] = [];
  const overridePool = Math.min(options.products, 3_000);
  for (const store of stores) {
    const seen = new Set<number>();
    for (let n = 0; n < 60; n++) {
      const productId = FIRST_PRODUCT_ID + random.int(0, overridePool - 1);
      if (seen.has(productId)) continue;
      seen.add(productId);
      const roll = random.int(0, 9);
      overrideRows.push({
        store_id: store.id,
        product_id: productId,
        price_cents: roll >= 7 ? random.int(99, 899) : null,
        stock_status: roll < 5 ? 'out_of_stock' : roll < 7 ? 'unavailable' : null,
      });
    }
  }
  await db.transaction().execute((trx) => insertRows(trx, 'store_product_overrides', overrideRows));

  // Recipes whose ingredients link to products.
  await db.transaction().execute(async (trx) => {
    await insertRows(
      trx,
      'recipes',
      RECIPES.map((recipe, index) => ({
        id: index + 1,
        slug: recipe.slug,
        title: recipe.title,
        description: recipe.description,
        minutes: recipe.minutes,
        servings: recipe.servings,
        image_key: `recipe-${recipe.slug}`,
        steps_json: JSON.stringify(recipe.steps),
        ...spanishRecipeColumns(recipe),
      })),
    );
    await insertRows(
      trx,
      'recipe_ingredients',
      RECIPES.flatMap((recipe, index) =>
        recipe.ingredients.map((ingredient, position) => ({
          recipe_id: index + 1,
          position,
          text: ingredient.text,
          text_es: recipeWordsEs(ingredient.text),
          product_id: ingredient.itemKey ? (firstIdByItem.get(ingredient.itemKey) ?? null) : null,
        })),
      ),
    );
  });

  // Offers: per banner, each tied to a brand's products.
  const offerRows: Insertable<Database['offers']>[] = [];
  const offerProductRows: Insertable<Database['offer_products']>[] = [];
  const brandItems = [...idsByBrandItem.entries()];
  const itemByKey = new Map(shelf.map((entry) => [entry.item.key, entry]));
  let offerId = 0;
  for (const banner of BANNERS) {
    for (let n = 0; n < 140; n++) {
      const [brandItem, productIds] = random.pick(brandItems);
      const [brand, itemKey] = brandItem.split('|') as [string, string];
      const entry = itemByKey.get(itemKey)!;
      const template = random.pick(OFFER_TEMPLATES);
      const value = random.int(template.valueRange[0], template.valueRange[1]);
      const qty = template.minQuantity ?? 1;
      const amount = `$${(value / 100).toFixed(2)}`;
      const fill = (text: string) =>
        text
          .replaceAll('{brand}', brand)
          .replaceAll('{item}', entry.item.name)
          .replaceAll('{amount}', amount)
          .replaceAll('{percent}', `${value}%`)
          .replaceAll('{qty}', String(qty));
      const expired = random.chance(0.05);
      offerId += 1;
      offerRows.push({
        id: offerId,
        banner_id: banner.id,
        title: fill(template.title),
        description: fill(template.description),
        title_es: fill(template.titleEs),
        description_es: fill(template.descriptionEs),
        category: OFFER_CATEGORIES.find((c) => c.departments.includes(entry.departmentSlug))?.name ?? 'Grocery',
        offer_type: template.offerType,
        kind: template.kind,
        value,
        min_quantity: qty,
        brand_id: brandIds.get(brand) ?? null,
        starts_at: isoDaysFrom(now, -random.int(1, 14)),
        ends_at: expired ? isoDaysFrom(now, -random.int(1, 5)) : isoDaysFrom(now, random.int(3, 45)),
        image_key: itemKey,
        savings_cents: estimatedSavingsCents(template.kind, value, cheapestByBrandItem.get(brandItem) ?? 0),
      });
      for (const productId of productIds) offerProductRows.push({ offer_id: offerId, product_id: productId });
    }
  }
  // One offer per banner not yet started: the draft a content editor previews (decision 0093). Chosen without
  // the random stream, so every other seeded row stays as it was.
  const [draftBrandItem, draftProductIds] = brandItems[0]!;
  const [draftBrand, draftItemKey] = draftBrandItem.split('|') as [string, string];
  const draftItem = itemByKey.get(draftItemKey)!;
  for (const banner of BANNERS) {
    offerId += 1;
    offerRows.push({
      id: offerId,
      banner_id: banner.id,
      title: `Coming soon: $1.50 off ${draftBrand} ${draftItem.item.name}`,
      description: `Save $1.50 on any ${draftBrand} ${draftItem.item.name}. Starts in ten days.`,
      title_es: `Próximamente: $1.50 de descuento en ${draftBrand} ${draftItem.item.name}`,
      description_es: `Ahorre $1.50 en cualquier ${draftBrand} ${draftItem.item.name}. Empieza en diez días.`,
      category: OFFER_CATEGORIES.find((c) => c.departments.includes(draftItem.departmentSlug))?.name ?? 'Grocery',
      offer_type: 'coupon',
      kind: 'amount-off',
      value: 150,
      min_quantity: 1,
      brand_id: brandIds.get(draftBrand) ?? null,
      starts_at: isoDaysFrom(now, 10),
      ends_at: isoDaysFrom(now, 40),
      image_key: draftItemKey,
      savings_cents: estimatedSavingsCents('amount-off', 150, cheapestByBrandItem.get(draftBrandItem) ?? 0),
    });
    for (const productId of draftProductIds) offerProductRows.push({ offer_id: offerId, product_id: productId });
  }
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'offers', offerRows);
    await insertRows(trx, 'offer_products', offerProductRows);
  });
  // Each banner's home-page hero: the version shoppers see and a draft dated ten days on (decision 0093).
  await insertRows(
    db,
    'home_content',
    BANNERS.flatMap((banner, bannerIndex) => [
      {
        id: bannerIndex * 2 + 1,
        banner_id: banner.id,
        slot: 'hero',
        headline: BUILT_IN_HOME_HERO.headline,
        highlight: BUILT_IN_HOME_HERO.highlight,
        body: BUILT_IN_HOME_HERO.body,
        headline_es: BUILT_IN_HOME_HERO_ES.headline,
        highlight_es: BUILT_IN_HOME_HERO_ES.highlight,
        body_es: BUILT_IN_HOME_HERO_ES.body,
        starts_at: isoDaysFrom(now, -30),
      },
      {
        id: bannerIndex * 2 + 2,
        banner_id: banner.id,
        slot: 'hero',
        headline: 'Holiday baking,',
        highlight: 'sorted',
        body: 'Flour, butter and everything for the season, delivered or ready for pickup.',
        // No Spanish yet: a Spanish page would show these English words.
        headline_es: null,
        highlight_es: null,
        body_es: null,
        starts_at: isoDaysFrom(now, 10),
      },
    ]),
  );
  const rewardRows = BANNERS.flatMap((banner, bannerIndex) =>
    REWARD_TEMPLATES.map((reward, index) => ({
      id: (bannerIndex + 1) * 100 + index + 1,
      banner_id: banner.id,
      slug: reward.slug,
      kind: reward.kind,
      title: reward.title,
      description: reward.description,
      title_es: reward.titleEs,
      description_es: reward.descriptionEs,
      points_cost: reward.pointsCost,
      value_cents: reward.valueCents,
      image_key: reward.imageKey,
      ends_at: isoDaysFrom(now, 90),
    })),
  );
  await insertRows(db, 'rewards', rewardRows);
  await insertRows(db, 'item_descriptions', [
    ...spanishItemDescriptions(),
    ...spanishMarketplaceDescriptions(),
    // A wine's description per varietal: its region, country and vintage are filled from the wine's details.
    ...VARIETALS.map((varietal) => ({
      item_key: `wine-${slugify(varietal.name)}`,
      language: 'es',
      description: `Un ${varietal.name} ${WINE_COLOR_ES[varietal.color]} de {region}, {country}, cosecha {vintage}.`,
    })),
  ]);
  log(`Seeded ${RECIPES.length} recipes, ${offerRows.length} offers and ${rewardRows.length} rewards`);

  for (const recipe of RECIPES)
    terms.addDocument(recipe.title, recipe.description, ...recipe.ingredients.map((ingredient) => ingredient.text));
  // The demo orders count like any others: popularity is computed from them before the one index build.
  await seedDemoCustomers(db, random, now, defaultStoreOf, offerRows);
  const popularity = await db.transaction().execute((trx) => applyOrderPopularity(trx, now));
  log(`Lifted ${popularity.changed} ordered products above their popularity prior`);
  const indexStarted = Date.now();
  await db.transaction().execute((trx) => rebuildSearchIndex(trx, dialect, terms));
  log(`Indexed the catalogue for search in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
  const synonyms = synonymFileRows();
  await storeSearchSynonyms(db, synonyms);
  log(`Seeded ${synonyms.length} search synonyms`);

  await seedPharmacyDemo(db, DEMO_CUSTOMERS[0]!.id, now);
  await seedDemoStaff(db, stores, defaultStoreOf.get(DEMO_CUSTOMERS[0]!.bannerId)!);
  await seedDemoStoreCards(db, defaultStoreOf, now);
  await seedDemoPromoCodes(
    db,
    BANNERS.map((banner) => banner.id),
    now,
  );
  await seedWeeklyAds(db, defaultStoreOf, options.seed, now);
  // PostgreSQL plans from table statistics, which a bulk load leaves empty until autovacuum (when
  // it runs at all) gets there: without them the search's offer set was planned for one offer and
  // probed offer_products once per offer, 5 ms of a 20 ms budget.
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  await db
    .insertInto('app_meta')
    .values({
      key: 'seeded',
      value: JSON.stringify({ seed: options.seed, products: options.products, at: now.toISOString(), dialect }),
    })
    .execute();
  log(`Seed complete in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function seedDemoCustomers(
  db: Db,
  random: SeededRandom,
  now: Date,
  defaultStoreOf: Map<string, StoreTable>,
  offers: Insertable<Database['offers']>[],
) {
  let orderSerial = { C: 10_000_000, B: 50_000_000 };
  // argon2 runs on libuv's thread pool: hash every demo password at once rather than one by one.
  const passwordHashes = await Promise.all(DEMO_CUSTOMERS.map((demo) => hashPassword(demo.password)));
  for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
    const store = defaultStoreOf.get(demo.bannerId)!;
    const passwordHash = passwordHashes[index]!;
    await db
      .insertInto('customers')
      .values({
        id: demo.id,
        uuid: uuidFrom(random),
        email: demo.email.toLowerCase(),
        first_name: demo.firstName,
        last_name: demo.lastName,
        phone: demo.phone,
        club_card: String(random.int(1_000_000, 9_999_999)) + String(random.int(10_000, 99_999)),
        house_id: `HH${random.int(100_000_000, 999_999_999)}`,
        banner_id: demo.bannerId,
        site_type: demo.siteType,
        customer_type: demo.customerType,
        company_name: demo.companyName ?? null,
        tax_id: demo.taxId ?? null,
        password_hash: passwordHash,
        zipcode: store.zipcode,
        store_id: store.id,
        preference: 'Delivery',
        email_verified: 1,
        phone_verified: demo.withHistory ? 1 : 0,
        created_at: isoDaysFrom(now, -400),
      })
      .execute();
    // Its own generator, so the codes leave the rest of the demo data as it was.
    const codeRandom = new SeededRandom(demo.id);
    await giveReferralCode(db, demo.id, now, () => codeRandom.int(0, 255));
    if (!demo.withHistory) continue;

    const home = {
      address1: `${random.int(100, 4999)} ${random.pick(['Alder', 'Birch', 'Spruce', 'Fir'])} St`,
      address2: demo.siteType === 'B' ? 'Suite 100' : 'Apt 4B',
      city: store.city,
      stateCode: store.state,
      country: 'US',
      postalCode: store.zipcode,
    };
    const address = await db
      .insertInto('customer_addresses')
      .values({
        customer_id: demo.id,
        address_name: demo.siteType === 'B' ? 'Cafe' : 'Home',
        address1: home.address1,
        address2: home.address2,
        city: home.city,
        state_code: home.stateCode,
        country: home.country,
        postal_code: home.postalCode,
        postal_code_extn: String(random.int(1000, 9999)),
        address_types: 'DELIVERY,BILLING',
        purposes: 'DELIVERY,BILLING',
        address_hash: addressHash(home),
        is_selected: 1,
        selected_banner: demo.bannerId,
        created_at: isoDaysFrom(now, -300),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      db,
      'customer_address_selections',
      (['DELIVERY', 'BILLING'] as const).map((purpose) => ({
        customer_id: demo.id,
        banner_id: demo.bannerId,
        purpose,
        address_id: address.id,
        selected_at: isoDaysFrom(now, -300),
      })),
    );

    // A saved card: a token and the last four digits only (no card numbers are ever stored).
    await db
      .insertInto('customer_tenders')
      .values({
        customer_id: demo.id,
        token: `tok_seed_${demo.id}`,
        brand: 'Visa',
        last_four: String(4242 + (demo.id % 1000)).slice(-4),
        expiry: '12/30',
        created_at: isoDaysFrom(now, -300),
      })
      .execute();

    const clippable = offers.filter((offer) => offer.banner_id === demo.bannerId && offer.ends_at > now.toISOString());
    for (const offer of clippable.slice(0, 5)) {
      await db
        .insertInto('clips')
        .values({ customer_id: demo.id, offer_id: offer.id as number, clipped_at: isoDaysFrom(now, -2) })
        .execute();
    }

    const products = await db
      .selectFrom('products')
      .select(['id', 'base_price_cents'])
      .where('kind', '=', 'grocery')
      .orderBy('popularity', 'desc')
      .limit(6)
      .execute();
    const lines = products.map((product) => ({
      product_id: product.id,
      quantity: random.int(1, 3),
      unit_price_cents: Math.round((product.base_price_cents * store.price_factor_bp) / 10_000),
    }));
    const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0);
    const placed = isoDaysFrom(now, -12);
    orderSerial = { ...orderSerial, [demo.siteType]: orderSerial[demo.siteType] + 1 };
    const order = await db
      .insertInto('orders')
      .values({
        order_number: `${demo.siteType}${orderSerial[demo.siteType]}`,
        site_type: demo.siteType,
        customer_id: demo.id,
        banner_id: demo.bannerId,
        store_id: store.id,
        status: 'DELIVERED',
        fulfillment: 'DELIVERY',
        slot_start: isoDaysFrom(now, -11),
        slot_end: new Date(new Date(isoDaysFrom(now, -11)).getTime() + 2 * 3_600_000).toISOString(),
        subtotal_cents: subtotal,
        savings_cents: 0,
        fees_cents: 995,
        total_cents: subtotal + 995,
        placed_at: placed,
        cutoff_at: isoDaysFrom(now, -11.5),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      db,
      'order_items',
      lines.map((line) => ({ ...line, order_id: order.id })),
    );
    // Points: one per dollar of the past order, plus a welcome bonus.
    await insertRows(db, 'reward_ledger', [
      {
        customer_id: demo.id,
        points: 1000,
        reason: 'bonus',
        description: 'Welcome bonus',
        reward_id: null,
        created_at: isoDaysFrom(now, -300),
      },
      {
        customer_id: demo.id,
        points: Math.floor(subtotal / 100),
        reason: 'order',
        description: `Order ${demo.siteType}${orderSerial[demo.siteType]}`,
        reward_id: null,
        created_at: placed,
      },
    ]);

    if (demo.siteType === 'C') {
      await db
        .insertInto('pets')
        .values({
          customer_id: demo.id,
          name: 'Biscuit',
          type: 'Dog',
          breed: 'Golden Retriever',
          birthday: '2021-04-18',
          photo_key: 'pet-dog',
          created_at: isoDaysFrom(now, -200),
        })
        .execute();
    }
  }
}
