import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { database, db } from '~/db/db.server';
import type { Database, Substitution } from '~/db/schema';
import { cartPriceTier } from '~/modules/catalog/price-tier.server';
import { storePriceCents, unitPriceLabel, type PriceTier } from '~/modules/catalog/pricing';
import { compiledStateVersionBump, stateVersionBumpFrom } from '~/modules/http/private-pages.server';
import { clippedSavings } from '~/modules/offers/savings.server';
import type { Store } from '~/modules/stores/stores.server';
import { ITEM_MESSAGES, MAX_LINE_QUANTITY } from './cart-forms';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose cart: a customer (customerId) or a guest (customerId null, cart id from the cookie). */
export interface CartOwner {
  customerId: number | null;
  bannerId: string;
  siteType: 'C' | 'B';
}

export type CartRefusal = { ok: false; code: 'UNKNOWN_PRODUCT' | 'NOT_GROCERY' | 'NOT_IN_CART'; message: string };
export type CartResult = { ok: true; cartId: string } | CartRefusal;

const nowIso = () => new Date().toISOString();

/** The customer's active carts for this banner and site, newest first (the first is the one in use). */
function customerCarts(owner: CartOwner & { customerId: number }, conn: Db) {
  return conn
    .selectFrom('carts')
    .select('id')
    .where('customer_id', '=', owner.customerId)
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType)
    .where('status', '=', 'active')
    .orderBy('created_at', 'desc');
}

/** The guest cart `cartId` if it can still be used: active, nobody's, of this banner and site. */
function guestCarts(cartId: string, owner: Omit<CartOwner, 'customerId'>, conn: Db) {
  return conn
    .selectFrom('carts')
    .select('id')
    .where('id', '=', cartId)
    .where('customer_id', 'is', null)
    .where('banner_id', '=', owner.bannerId)
    .where('site_type', '=', owner.siteType)
    .where('status', '=', 'active');
}

// The lookups every cart action and signed-in page makes, compiled once (decision 0044).
const customerCartIds = compiledOnce((conn, customerId: number, bannerId: string, siteType: CartOwner['siteType']) =>
  customerCarts({ customerId, bannerId, siteType }, conn).compile(),
);
const guestCartIds = compiledOnce((conn, cartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
  guestCarts(cartId, { bannerId, siteType }, conn).compile(),
);

/** The customer's active cart for this banner and site, if any (inside `tx` when given). */
export async function activeCustomerCartId(owner: CartOwner & { customerId: number }, tx?: Transaction<Database>) {
  const args = [owner.customerId, owner.bannerId, owner.siteType] as const;
  const [row] = tx ? await customerCartIds.within(tx, db(), ...args) : await customerCartIds(db(), ...args);
  return row?.id ?? null;
}

/** A guest cart that can still be used: active, nobody's, of this banner and site. */
export async function activeGuestCartId(cartId: string, owner: Omit<CartOwner, 'customerId'>) {
  const [row] = await guestCartIds(db(), cartId, owner.bannerId, owner.siteType);
  return row?.id ?? null;
}

async function createCart(owner: CartOwner, storeId: number, conn: Db): Promise<string> {
  const id = randomUUID();
  const at = nowIso();
  await conn
    .insertInto('carts')
    .values({
      id,
      customer_id: owner.customerId,
      banner_id: owner.bannerId,
      site_type: owner.siteType,
      store_id: storeId,
      status: 'active',
      order_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** The cart to write to: the customer's (created on first use) or the given guest cart (or a new one). */
export async function cartForWriting(owner: CartOwner, guestCartId: string | null, storeId: number): Promise<string> {
  if (owner.customerId !== null) {
    const customerOwner = { ...owner, customerId: owner.customerId };
    return (await activeCustomerCartId(customerOwner)) ?? createCart(owner, storeId, db());
  }
  const existing = guestCartId ? await activeGuestCartId(guestCartId, owner) : null;
  return existing ?? createCart(owner, storeId, db());
}

async function touch(cartId: string, storeId: number, conn: Db) {
  await conn.updateTable('carts').set({ updated_at: nowIso(), store_id: storeId }).where('id', '=', cartId).execute();
}

/**
 * Adds units of a product (capped at 99 a line); the cart moves to the shopper's current store. Wine and
 * marketplace items are shipped lines, kept apart from the grocery delivery (docs/decisions/0018); only
 * the cart's own action lets them in (`shipped: 'allow'`), not an order being edited.
 *
 * `stateSubject` (a signed-in customer's `c:<id>`) moves that customer's state version on in the same commit
 * (decision 0040), and the answer carries the cart's unit count: on PostgreSQL the line, the cart and the
 * version are one statement (one round trip, one WAL flush, no transaction held open between round trips).
 */
export async function addToCart(
  cartId: string,
  productId: number,
  quantity: number,
  storeId: number,
  options: { shipped?: 'allow' | 'refuse'; stateSubject?: string } = {},
): Promise<{ ok: true; cartId: string; itemCount: number } | CartRefusal> {
  const lineUnits = Math.min(MAX_LINE_QUANTITY, quantity);
  const now = nowIso();
  const subject = options.stateSubject;
  const kinds = options.shipped === 'allow' ? 'any' : 'grocery';
  if (database().dialect === 'postgres') {
    // The product's check and the add in one statement (decision 0055); nothing is written for a refused product.
    const change = [cartId, productId, lineUnits, storeId, now, kinds] as const;
    const [row] = subject ? await addLineNoted(db(), ...change, subject) : await addLine(db(), ...change);
    const refused = productRefusal(row?.kind ?? undefined, options);
    if (refused) return refused;
    return { ok: true, cartId, itemCount: Number(row?.line_units ?? 0) + Number(row?.other_units ?? 0) };
  }
  const [product] = await productKind(db(), productId);
  const refused = productRefusal(product?.kind, options);
  if (refused) return refused;
  const root = db();
  const itemCount = await root.transaction().execute(async (tx) => {
    await upsertLine.within(tx, root, cartId, productId, lineUnits, now);
    await touchCart.within(tx, root, cartId, storeId, now);
    if (subject) await compiledStateVersionBump.within(tx, root, subject, now);
    const [[line], [others]] = await Promise.all([
      lineQuantity.within(tx, root, cartId, productId),
      otherUnits.within(tx, root, cartId, productId),
    ]);
    return Number(line?.quantity ?? 0) + Number(others?.units ?? 0);
  });
  return { ok: true, cartId, itemCount };
}

/** Why a product of this kind (undefined: no such product) cannot be added, or null. */
function productRefusal(kind: string | undefined, options: { shipped?: 'allow' | 'refuse' }): CartRefusal | null {
  if (kind === undefined) return refusal('UNKNOWN_PRODUCT', 'We could not find that product. Please refresh the page.');
  if (kind !== 'grocery' && options.shipped !== 'allow')
    return refusal('NOT_GROCERY', 'This item ships separately and cannot be added to a grocery cart.');
  return null;
}

/** What an add writes: the line's quantity already capped at 99, `now` for every timestamp. */
interface LineChange {
  cartId: string;
  productId: number;
  quantity: number;
  storeId: number;
  now: string;
}

/** An upsert's new line quantity: the line's and the added units, at most 99. */
const cappedLineQuantity = sql<number>`case when cart_items.quantity + excluded.quantity > ${sql.lit(MAX_LINE_QUANTITY)} then ${sql.lit(MAX_LINE_QUANTITY)} else cart_items.quantity + excluded.quantity end`;

// One atomic upsert: two processes adding the same product at once neither collide on the line's key
// nor lose an increment (a read-then-write would do both under load).
function lineUpsert(conn: Db, change: Omit<LineChange, 'storeId'>) {
  return conn
    .insertInto('cart_items')
    .values({
      cart_id: change.cartId,
      product_id: change.productId,
      quantity: change.quantity,
      substitution: 'allow',
      note: '',
      added_at: change.now,
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'product_id']).doUpdateSet({
        quantity: cappedLineQuantity,
      }),
    );
}

function cartTouch(conn: Db, change: Pick<LineChange, 'cartId' | 'storeId' | 'now'>) {
  return conn
    .updateTable('carts')
    .set({ updated_at: change.now, store_id: change.storeId })
    .where('id', '=', change.cartId);
}

/** Units of the cart's lines other than this product's. */
function otherLineUnits(conn: Db, cartId: string, productId: number) {
  return conn
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where('cart_id', '=', cartId)
    .where('product_id', '!=', productId);
}

/**
 * PostgreSQL's add in one statement: the product is read (its kind answers a refusal), and only a product of
 * `kinds` ('any' or 'grocery') gets its line upserted, the cart touched and, with a subject, the state version
 * bumped. Data-modifying CTEs run exactly once, whether or not the outer select reads them; the outer select sees
 * the other lines as they were when the statement began, plus this line's new quantity.
 */
function addStatement(conn: Kysely<Database>, change: LineChange & { kinds: string }, subject?: string) {
  const version = subject === undefined ? sql`` : stateVersionBumpFrom('line', subject, change.now);
  return sql<{ kind: string | null; line_units: number | null; other_units: number | null }>`
    with product as (
      select id, kind from products where id = ${change.productId}::integer
    ), line as (
      insert into cart_items (cart_id, product_id, quantity, substitution, note, added_at)
      select ${change.cartId}::text, id, ${change.quantity}::integer, 'allow', '', ${change.now}::text from product
      where ${change.kinds}::text = 'any' or kind = ${change.kinds}::text
      on conflict (cart_id, product_id) do update set quantity = ${cappedLineQuantity}
      returning quantity
    ), cart as (
      update carts set updated_at = ${change.now}::text, store_id = ${change.storeId}::integer
      where id = ${change.cartId}::text and exists (select 1 from line)
      returning id
    )${version}
    select (select kind from product) as kind, (select quantity from line) as line_units,
      (select sum(quantity) from cart_items where cart_id = ${change.cartId}::text
        and product_id <> ${change.productId}::integer) as other_units`;
}

// Each statement of an add compiled once (decision 0044); PostgreSQL's one per shape, with and without the bump.
const productKind = compiledOnce((conn, id: number) =>
  conn.selectFrom('products').select(['id', 'kind']).where('id', '=', id).compile(),
);
const addLine = compiledOnce(
  (conn, cartId: string, productId: number, quantity: number, storeId: number, now: string, kinds: string) =>
    addStatement(conn, { cartId, productId, quantity, storeId, now, kinds }).compile(conn),
);
const addLineNoted = compiledOnce(
  (
    conn,
    cartId: string,
    productId: number,
    quantity: number,
    storeId: number,
    now: string,
    kinds: string,
    subject: string,
  ) => addStatement(conn, { cartId, productId, quantity, storeId, now, kinds }, subject).compile(conn),
);
const upsertLine = compiledOnce((conn, cartId: string, productId: number, quantity: number, now: string) =>
  lineUpsert(conn, { cartId, productId, quantity, now }).compile(),
);
const touchCart = compiledOnce((conn, cartId: string, storeId: number, now: string) =>
  cartTouch(conn, { cartId, storeId, now }).compile(),
);
const lineQuantity = compiledOnce((conn, cartId: string, productId: number) =>
  conn
    .selectFrom('cart_items')
    .select('quantity')
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .compile(),
);
const otherUnits = compiledOnce((conn, cartId: string, productId: number) =>
  otherLineUnits(conn, cartId, productId).compile(),
);

function refusal(code: CartRefusal['code'], message: string): CartRefusal {
  return { ok: false, code, message };
}

async function updateLine(
  cartId: string,
  productId: number,
  storeId: number,
  change: { quantity?: number; substitution?: Substitution; note?: string },
): Promise<CartResult> {
  const result = await db()
    .updateTable('cart_items')
    .set(change)
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return refusal('NOT_IN_CART', 'That item is no longer in your cart.');
  await touch(cartId, storeId, db());
  return { ok: true, cartId };
}

/** Sets a line's quantity; 0 removes the line. */
export async function setQuantity(cartId: string, productId: number, quantity: number, storeId: number) {
  if (quantity === 0) return removeFromCart(cartId, productId, storeId);
  return updateLine(cartId, productId, storeId, { quantity: Math.min(MAX_LINE_QUANTITY, quantity) });
}

export async function removeFromCart(cartId: string, productId: number, storeId: number): Promise<CartResult> {
  const result = await db()
    .deleteFrom('cart_items')
    .where('cart_id', '=', cartId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return refusal('NOT_IN_CART', 'That item is no longer in your cart.');
  await touch(cartId, storeId, db());
  return { ok: true, cartId };
}

export function setSubstitution(cartId: string, productId: number, substitution: Substitution, storeId: number) {
  return updateLine(cartId, productId, storeId, { substitution });
}

export function setNote(cartId: string, productId: number, note: string, storeId: number) {
  return updateLine(cartId, productId, storeId, { note });
}

/**
 * Sign-in merge: the guest cart's lines are added to the customer's active cart (quantities added,
 * capped at 99; the customer's own substitution choice and note win, else the guest's), the cart takes
 * the current session's store, and the guest cart is retired so it can never be merged twice.
 * Returns the customer's cart id, or null when the guest cart is not an active guest cart of this site.
 */
export async function mergeGuestCart(
  guestCartId: string,
  owner: CartOwner & { customerId: number },
  storeId: number,
): Promise<string | null> {
  return db()
    .transaction()
    .execute(async (tx) => {
      // Retire first, conditionally: of two concurrent merges only one sees the guest cart active.
      const retired = await tx
        .updateTable('carts')
        .set({ status: 'retired', updated_at: nowIso() })
        .where('id', '=', guestCartId)
        .where('customer_id', 'is', null)
        .where('banner_id', '=', owner.bannerId)
        .where('site_type', '=', owner.siteType)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(retired.numUpdatedRows) === 0) return null;
      const cartId = (await activeCustomerCartId(owner, tx)) ?? (await createCart(owner, storeId, tx));
      const guestLines = await tx.selectFrom('cart_items').selectAll().where('cart_id', '=', guestCartId).execute();
      const ownLines = new Map(
        (await tx.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).execute()).map((line) => [
          line.product_id,
          line,
        ]),
      );
      for (const line of guestLines) {
        const own = ownLines.get(line.product_id);
        if (own) {
          await tx
            .updateTable('cart_items')
            .set({
              quantity: Math.min(MAX_LINE_QUANTITY, own.quantity + line.quantity),
              note: own.note || line.note,
            })
            .where('cart_id', '=', cartId)
            .where('product_id', '=', line.product_id)
            .execute();
        } else {
          await tx
            .insertInto('cart_items')
            .values({ ...line, cart_id: cartId })
            .execute();
        }
      }
      await touch(cartId, storeId, tx);
      return cartId;
    });
}

export interface CartLine {
  productId: number;
  name: string;
  sizeLabel: string;
  imageKey: string;
  quantity: number;
  unitPriceCents: number;
  unitPrice: string | null;
  lineCents: number;
  savingsCents: number;
  offerTitle: string | null;
  substitution: Substitution;
  note: string;
  attendedDeliveryOnly: boolean;
  /** One of the spec's item messages when the line cannot be bought as the cart stands. */
  message: string | null;
  available: boolean;
}

/** A wine or marketplace line: shipped by the seller (or the wine cellar) at the product's own price. */
export interface ShippedLine {
  productId: number;
  kind: 'wine' | 'marketplace';
  name: string;
  sizeLabel: string;
  imageKey: string;
  quantity: number;
  unitPriceCents: number;
  lineCents: number;
  sellerId: number | null;
  sellerName: string | null;
}

export interface CartView {
  cartId: string | null;
  /** Wine and marketplace lines: not part of the grocery delivery, its totals or its orders. */
  shippedLines: ShippedLine[];
  shippedSubtotalCents: number;
  storeId: number;
  storeName: string;
  lines: CartLine[];
  /** Units of every line (the header count). */
  itemCount: number;
  subtotalCents: number;
  savingsCents: number;
  totalCents: number;
  unavailableCount: number;
  needsAttendedDelivery: boolean;
  /** Business customers on the business site pay the business tier. */
  priceTier: PriceTier;
}

/** The cart's lines, priced and stocked at `store` (so a store change re-prices), with clipped savings. */
export async function cartView(input: {
  cartId: string | null;
  customerId: number | null;
  bannerId: string;
  store: Store;
  /** The shopper's fulfilment preference: attended-delivery-only items need Delivery. */
  preference: string | null;
}): Promise<CartView> {
  const { store } = input;
  const empty: CartView = {
    cartId: input.cartId,
    shippedLines: [],
    shippedSubtotalCents: 0,
    storeId: store.id,
    storeName: store.name,
    lines: [],
    itemCount: 0,
    subtotalCents: 0,
    savingsCents: 0,
    totalCents: 0,
    unavailableCount: 0,
    needsAttendedDelivery: false,
    priceTier: 'consumer',
  };
  if (!input.cartId) return empty;
  // The tier comes from the cart itself (its owner and site), so the cart page, checkout, order
  // and order edit all price the same way without each caller having to say so.
  const [shippedLines, tier] = await Promise.all([shippedCartLines(input.cartId), cartPriceTier(input.cartId)]);
  const rows = await db()
    .selectFrom('cart_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('store_product_overrides as o', (join) =>
      join.onRef('o.product_id', '=', 'p.id').on('o.store_id', '=', store.id),
    )
    .select([
      'i.product_id',
      'i.quantity',
      'i.substitution',
      'i.note',
      'p.name',
      'p.size_label',
      'p.size_quantity',
      'p.size_unit',
      'p.image_key',
      'p.base_price_cents',
      'p.attended_delivery_only',
      'o.price_cents as override_price',
      'o.stock_status',
    ])
    .where('i.cart_id', '=', input.cartId)
    .where('p.kind', '=', 'grocery')
    .orderBy('i.added_at')
    .orderBy('i.product_id')
    .execute();
  const deliveryPreferred = input.preference === null || input.preference === 'Delivery';
  const lines: CartLine[] = rows.map((row) => {
    const unitPriceCents = storePriceCents(row.base_price_cents, store.price_factor_bp, row.override_price, tier);
    const attended = row.attended_delivery_only === 1;
    const message =
      row.stock_status === 'out_of_stock'
        ? ITEM_MESSAGES.outOfStock
        : row.stock_status === 'unavailable'
          ? ITEM_MESSAGES.unavailable
          : attended
            ? ITEM_MESSAGES.attendedOnly
            : null;
    // An attended-delivery item stays buyable for delivery (it shows the message as a notice).
    const available = row.stock_status === null && (!attended || deliveryPreferred);
    return {
      productId: row.product_id,
      name: row.name,
      sizeLabel: row.size_label,
      imageKey: row.image_key,
      quantity: row.quantity,
      unitPriceCents,
      unitPrice: unitPriceLabel(unitPriceCents, row.size_quantity, row.size_unit),
      lineCents: unitPriceCents * row.quantity,
      savingsCents: 0,
      offerTitle: null,
      substitution: row.substitution,
      note: row.note,
      attendedDeliveryOnly: attended,
      message,
      available,
    };
  });
  const buyable = lines.filter((line) => line.available);
  const savings = await clippedSavings({
    customerId: input.customerId,
    bannerId: input.bannerId,
    lines: buyable.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
  });
  for (const saving of savings.lines) {
    const line = lines.find((candidate) => candidate.productId === saving.productId);
    if (line) {
      line.savingsCents = saving.savingsCents;
      line.offerTitle = saving.title;
    }
  }
  const subtotalCents = buyable.reduce((sum, line) => sum + line.lineCents, 0);
  return {
    ...empty,
    lines,
    shippedLines,
    shippedSubtotalCents: shippedLines.reduce((sum, line) => sum + line.lineCents, 0),
    itemCount: [...lines, ...shippedLines].reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    savingsCents: savings.totalCents,
    totalCents: subtotalCents - savings.totalCents,
    unavailableCount: lines.length - buyable.length,
    needsAttendedDelivery: buyable.some((line) => line.attendedDeliveryOnly),
    priceTier: tier,
  };
}

/** The cart's wine and marketplace lines, with their sellers (wine has none: it ships from the wine cellar). */
async function shippedCartLines(cartId: string, conn: Db = db()): Promise<ShippedLine[]> {
  const rows = await conn
    .selectFrom('cart_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('sellers as s', 's.id', 'p.seller_id')
    .select([
      'i.product_id',
      'i.quantity',
      'p.kind',
      'p.name',
      'p.size_label',
      'p.image_key',
      'p.base_price_cents',
      's.id as seller_id',
      's.name as seller_name',
    ])
    .where('i.cart_id', '=', cartId)
    .where('p.kind', '!=', 'grocery')
    .orderBy('i.added_at')
    .orderBy('i.product_id')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    kind: row.kind === 'wine' ? 'wine' : 'marketplace',
    name: row.name,
    sizeLabel: row.size_label,
    imageKey: row.image_key,
    quantity: row.quantity,
    unitPriceCents: row.base_price_cents,
    lineCents: row.base_price_cents * row.quantity,
    sellerId: row.seller_id,
    sellerName: row.seller_name,
  }));
}

/**
 * Placing a grocery order claims its cart; the shipped lines are not part of that order, so they move
 * to a new active cart of the customer (called inside the placing transaction, after the claim).
 */
export async function keepShippedLines(
  tx: Transaction<Database>,
  orderedCartId: string,
  owner: CartOwner,
  storeId: number,
) {
  const shipped = await shippedCartLines(orderedCartId, tx);
  if (shipped.length === 0) return null;
  const cartId = await createCart(owner, storeId, tx);
  await tx
    .updateTable('cart_items')
    .set({ cart_id: cartId })
    .where('cart_id', '=', orderedCartId)
    .where(
      'product_id',
      'in',
      shipped.map((line) => line.productId),
    )
    .execute();
  return cartId;
}

/**
 * Units in the customer's active cart plus a guest cart still waiting to be merged, read in ONE statement: a
 * sign-in merge committing beside it (the cart page's loader runs next to the root loader) is then seen either
 * before or after, never half (the guest cart still active and its lines already in the customer's cart).
 */
export async function shopperItemCount(owner: CartOwner, guestCartId: string | null): Promise<number> {
  const { customerId, bannerId, siteType } = owner;
  // Every page's header asks: one compiled statement per shape (decision 0044).
  let rows;
  if (customerId === null) {
    if (!guestCartId) return 0;
    rows = await guestUnits(db(), guestCartId, bannerId, siteType);
  } else if (guestCartId) rows = await customerAndGuestUnits(db(), customerId, guestCartId, bannerId, siteType);
  else rows = await customerUnits(db(), customerId, bannerId, siteType);
  return Number(rows[0]?.units ?? 0);
}

/** The units statement of shopperItemCount, to be run alone or inside another (the signed-in header's). */
export function unitsStatement(conn: Kysely<Database>, owner: CartOwner, guestCartId: string | null) {
  const customerId = owner.customerId;
  return conn
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where((eb) =>
      eb.or([
        ...(customerId !== null ? [eb('cart_id', '=', customerCarts({ ...owner, customerId }, conn).limit(1))] : []),
        ...(guestCartId ? [eb('cart_id', 'in', guestCarts(guestCartId, owner, conn))] : []),
      ]),
    );
}

const customerUnits = compiledOnce((conn, customerId: number, bannerId: string, siteType: CartOwner['siteType']) =>
  unitsStatement(conn, { customerId, bannerId, siteType }, null).compile(),
);
const guestUnits = compiledOnce((conn, guestCartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
  unitsStatement(conn, { customerId: null, bannerId, siteType }, guestCartId).compile(),
);
const customerAndGuestUnits = compiledOnce(
  (conn, customerId: number, guestCartId: string, bannerId: string, siteType: CartOwner['siteType']) =>
    unitsStatement(conn, { customerId, bannerId, siteType }, guestCartId).compile(),
);

export async function cartItemCount(cartId: string | null): Promise<number> {
  if (!cartId) return 0;
  const row = await db()
    .selectFrom('cart_items')
    .select((eb) => eb.fn.sum<number>('quantity').as('units'))
    .where('cart_id', '=', cartId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}
