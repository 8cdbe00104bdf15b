import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '~/db/compiled-statement.server';
import { database, db } from '~/db/db.server';
import type { Database, Substitution } from '~/db/schema';
import { compiledStateVersionBump, stateVersionBumpFrom } from '~/modules/http/state-versions.server';
import { touchCart } from './active-cart.server';
import { MAX_LINE_QUANTITY } from './cart-forms';

type Db = Kysely<Database>;

export type CartRefusal = { ok: false; code: 'UNKNOWN_PRODUCT' | 'NOT_GROCERY' | 'NOT_IN_CART'; message: string };
export type CartResult = { ok: true; cartId: string } | CartRefusal;

const nowIso = () => new Date().toISOString();

/**
 * Adds units of a product (capped at 99 a line); the cart moves to the shopper's current store. Wine and
 * marketplace items are shipped lines, kept apart from the grocery delivery (docs/decisions/0018); only
 * the cart's own action lets them in (`shipped: 'allow'`), not an order being edited.
 *
 * `stateSubject` (a signed-in customer's `c:<id>`) moves that customer's state version on in the same commit
 *, and the answer carries the cart's unit count: on PostgreSQL the line, the cart and the
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
    // The product's check and the add in one statement; nothing is written for a refused product.
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
    await touchCartAt.within(tx, root, cartId, storeId, now);
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

// Each statement of an add compiled once; PostgreSQL's one per shape, with and without the bump.
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
const touchCartAt = compiledOnce((conn, cartId: string, storeId: number, now: string) =>
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
  await touchCart(cartId, storeId, db());
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
  await touchCart(cartId, storeId, db());
  return { ok: true, cartId };
}

export function setSubstitution(cartId: string, productId: number, substitution: Substitution, storeId: number) {
  return updateLine(cartId, productId, storeId, { substitution });
}

export function setNote(cartId: string, productId: number, note: string, storeId: number) {
  return updateLine(cartId, productId, storeId, { note });
}
