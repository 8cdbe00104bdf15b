/**
 * Many pickers picking at once, and the checks that nothing was lost: each picker works the lines of its own
 * order through recordPick (random outcomes, lines picked again and again) while a few managers change random
 * orders' lines. Shared by the concurrency test (tests/integration/fulfilment-concurrency.test.ts) and
 * `npm run bench:fulfilment`, so the suite holds the property the bench measures under load.
 */
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { chargeFor, type OrderedLine, type PickInput } from '~/modules/fulfilment/line-rules';
import { claimOrder } from '~/modules/fulfilment/order-queue.server';
import type { StaffAtStore } from '~/modules/fulfilment/order-states';
import { orderLines, recordPick, substituteChoices } from '~/modules/fulfilment/picking.server';
import type { OrderCustomer } from '~/modules/orders/order-rules';
import { storeById } from '~/modules/stores/stores.server';
import { insertPendingOrder, pickingProducts, type LineSpec } from './fulfilment';

/** Picker and manager ids of the load: staff ids are not tied to a customer row, so any unused range will do. */
const PICKER_IDS_FROM = 910_001;
const MANAGER_IDS_FROM = 920_001;

export interface LoadLine {
  productId: number;
  ordered: OrderedLine;
  /** The substitutes the pick list offers for the line, with the price a substitution charges. */
  substitutes: { productId: number; priceCents: number }[];
}

export interface LoadOrder {
  orderId: number;
  orderNumber: string;
  picker: StaffAtStore;
  /** The order's version once claimed: every accepted pick adds one. */
  claimedVersion: number;
  lines: LoadLine[];
}

export interface PickingWorld {
  storeId: number;
  orders: LoadOrder[];
  managers: StaffAtStore[];
}

/**
 * `pickers` pending orders at the store, five lines each (one weighed, one without substitutes), each claimed
 * through claimOrder by a picker of its own. The process-wide database must be `db`, seeded.
 */
export async function preparePickingWorld(
  db: Kysely<Database>,
  input: { storeId: number; customer: OrderCustomer; pickers: number; managers: number },
): Promise<PickingWorld> {
  const store = await storeById(input.storeId);
  if (!store) throw new Error(`no store ${input.storeId}`);
  const products = await pickingProducts(db);
  const [a, b, c, d] = products.inAisle;
  const specs: LineSpec[] = [
    { productId: products.weighed.id, quantity: 2, unitPriceCents: products.weighed.priceCents },
    { productId: a!.id, quantity: 3, unitPriceCents: a!.priceCents },
    { productId: b!.id, quantity: 1, unitPriceCents: b!.priceCents, savingsCents: 50 },
    { productId: c!.id, quantity: 2, unitPriceCents: c!.priceCents, substitution: 'none' },
    { productId: d!.id, quantity: 4, unitPriceCents: d!.priceCents },
  ];
  const orders: LoadOrder[] = [];
  let lines: LoadLine[] | undefined;
  for (let index = 0; index < input.pickers; index++) {
    const picker: StaffAtStore = { staffId: PICKER_IDS_FROM + index, storeId: store.id, roles: ['picker'] };
    const placed = await insertPendingOrder(db, {
      customer: input.customer,
      storeId: store.id,
      lines: specs,
      startsInHours: 2,
    });
    const claimed = await claimOrder(picker, placed.orderNumber);
    if (!claimed.ok) throw new Error(`claiming ${placed.orderNumber}: ${claimed.code}`);
    // Every order has the same lines: what the pick list offers is read once, from the first.
    lines ??= await Promise.all(
      (await orderLines(db, placed.orderId)).map(async (line) => ({
        productId: line.productId,
        ordered: line.ordered,
        substitutes: (await substituteChoices(store, input.customer.siteType, line)).map((choice) => ({
          productId: choice.productId,
          priceCents: choice.priceCents,
        })),
      })),
    );
    const { version } = await db
      .selectFrom('orders')
      .select('version')
      .where('id', '=', placed.orderId)
      .executeTakeFirstOrThrow();
    orders.push({ ...placed, picker, claimedVersion: Number(version), lines });
  }
  if (!lines?.some((line) => line.substitutes.length > 0)) throw new Error('no line of the load has a substitute');
  const managers = Array.from({ length: input.managers }, (_, index) => ({
    staffId: MANAGER_IDS_FROM + index,
    storeId: store.id,
    roles: ['manager' as const],
  }));
  return { storeId: store.id, orders, managers };
}

/** A small seeded generator (mulberry32), so a failing run can be told apart from another by its seed. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  return { next, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]! };
}
type Random = ReturnType<typeof randomSource>;

/** One random pick of a line: picked (weighed when sold by weight), short or substituted; now and then a refusal. */
export function randomPick(line: LoadLine, random: Random): { input: PickInput; valid: boolean } {
  const roll = random.next();
  const quantity = random.int(1, line.ordered.quantity);
  // About one in twenty asks for more than was ordered: refused, and must change nothing.
  if (roll < 0.05) {
    return {
      input: { outcome: 'picked', productId: line.productId, quantity: line.ordered.quantity + 1, weight: null },
      valid: false,
    };
  }
  if (roll < 0.3) return { input: { outcome: 'short', productId: line.productId }, valid: true };
  if (roll < 0.55 && line.ordered.substitution === 'allow' && line.substitutes.length > 0) {
    const substitute = random.pick(line.substitutes);
    return {
      input: { outcome: 'substituted', productId: line.productId, substituteId: substitute.productId, quantity },
      valid: true,
    };
  }
  const orderedMilliLb = quantity * line.ordered.sizeQuantity * 1000;
  // From 80 % to 125 % of what was ordered: the charge's cap (110 %) is crossed on about a third.
  const weight = line.ordered.byWeight ? Math.round(orderedMilliLb * (0.8 + 0.45 * random.next())) : null;
  return { input: { outcome: 'picked', productId: line.productId, quantity, weight }, valid: true };
}

export interface AcceptedWrite {
  /**
   * The order's version the write committed: writes to one order queue on its row, so this is their commit order
   * (the order they were answered in is not: each answer waits on work after the commit).
   */
  version: number;
  orderId: number;
  staffId: number;
  input: PickInput;
}

export interface LoadFigures {
  seconds: number;
  accepted: number;
  refused: Record<string, number>;
  /** Thrown errors by SQLSTATE (or the error's code or name when it has none). */
  errors: Record<string, number>;
  /** Milliseconds per recordPick call, sorted. */
  latencies: number[];
  writes: AcceptedWrite[];
  /** Accepted writes per worker: each picker, then each manager. */
  perWorker: number[];
  /** Refusals the generator did not expect (an invalid input accepted, or a valid one refused). */
  unexpected: string[];
}

export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && code) return code;
  return error instanceof Error ? error.name : typeof error;
}

/** Runs the pickers and managers for `seconds`, each call after the last one's answer. */
export async function runPickingLoad(world: PickingWorld, seconds: number, seed = 1): Promise<LoadFigures> {
  const figures: LoadFigures = {
    seconds,
    accepted: 0,
    refused: {},
    errors: {},
    latencies: [],
    writes: [],
    perWorker: [],
    unexpected: [],
  };
  const deadline = performance.now() + seconds * 1000;
  const work = async (worker: number, staff: StaffAtStore, orderOf: (random: Random) => LoadOrder) => {
    const random = randomSource(seed * 1_000 + worker);
    let accepted = 0;
    while (performance.now() < deadline) {
      const order = orderOf(random);
      const { input, valid } = randomPick(random.pick(order.lines), random);
      const started = performance.now();
      try {
        const result = await recordPick(staff, order.orderNumber, input);
        figures.latencies.push(performance.now() - started);
        if (result.ok) {
          figures.writes.push({ version: result.version, orderId: order.orderId, staffId: staff.staffId, input });
          accepted += 1;
          if (!valid) figures.unexpected.push(`accepted ${JSON.stringify(input)}`);
        } else {
          figures.refused[result.code] = (figures.refused[result.code] ?? 0) + 1;
          if (valid) figures.unexpected.push(`refused ${result.code}: ${JSON.stringify(input)}`);
        }
      } catch (error) {
        figures.latencies.push(performance.now() - started);
        const code = errorCode(error);
        figures.errors[code] = (figures.errors[code] ?? 0) + 1;
      }
    }
    return accepted;
  };
  const pickers = world.orders.map((order, index) => work(index, order.picker, () => order));
  const managers = world.managers.map((manager, index) =>
    work(world.orders.length + index, manager, (random) => random.pick(world.orders)),
  );
  figures.perWorker = await Promise.all([...pickers, ...managers]);
  figures.accepted = figures.perWorker.reduce((sum, count) => sum + count, 0);
  figures.latencies.sort((a, b) => a - b);
  return figures;
}

/**
 * What the database must hold after the load, or the problems found: each line's row is the last accepted write
 * to it (nothing lost, nothing from a refused or failed call), each order's version counts its accepted writes,
 * each charge is what the rules make of the row, and a substitution request was queued for each accepted
 * substitution and no other.
 */
export async function checkPickingLoad(db: Kysely<Database>, world: PickingWorld, figures: LoadFigures) {
  const problems: string[] = [];
  const orderIds = world.orders.map((order) => order.orderId);
  const rows = await db.selectFrom('order_line_picks').selectAll().where('order_id', 'in', orderIds).execute();
  const versions = await db.selectFrom('orders').select(['id', 'version']).where('id', 'in', orderIds).execute();
  const last = new Map<string, AcceptedWrite>();
  const perOrder = new Map<number, number>();
  for (const write of figures.writes) {
    const key = `${write.orderId}:${write.input.productId}`;
    if ((last.get(key)?.version ?? -1) < write.version) last.set(key, write);
    perOrder.set(write.orderId, (perOrder.get(write.orderId) ?? 0) + 1);
  }
  const lineOf = new Map(world.orders[0]!.lines.map((line) => [line.productId, line]));
  const rowKeys = new Set<string>();
  for (const row of rows) {
    const key = `${row.order_id}:${row.product_id}`;
    rowKeys.add(key);
    const write = last.get(key);
    if (!write) {
      problems.push(`${key}: a row no accepted write made`);
      continue;
    }
    const line = lineOf.get(Number(row.product_id))!;
    const input = write.input;
    const substitute =
      input.outcome === 'substituted' ? line.substitutes.find((s) => s.productId === input.substituteId) : undefined;
    const expected = {
      outcome: input.outcome,
      picked_quantity: input.outcome === 'short' ? 0 : input.quantity,
      weighed_milli_lb: input.outcome === 'picked' && line.ordered.byWeight ? input.weight : null,
      substitute_product_id: substitute?.productId ?? null,
      substitute_unit_price_cents: substitute?.priceCents ?? null,
      approval: input.outcome === 'substituted' ? 'requested' : null,
      charged_cents: chargeFor(line.ordered, input, substitute?.priceCents ?? 0),
      picked_by: write.staffId,
    };
    const actual = {
      outcome: row.outcome,
      picked_quantity: Number(row.picked_quantity),
      weighed_milli_lb: row.weighed_milli_lb === null ? null : Number(row.weighed_milli_lb),
      substitute_product_id: row.substitute_product_id === null ? null : Number(row.substitute_product_id),
      substitute_unit_price_cents:
        row.substitute_unit_price_cents === null ? null : Number(row.substitute_unit_price_cents),
      approval: row.approval,
      charged_cents: Number(row.charged_cents),
      picked_by: Number(row.picked_by),
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      problems.push(`${key}: holds ${JSON.stringify(actual)}, the last accepted write was ${JSON.stringify(expected)}`);
    // The charge as the rules make it from the row itself, whoever wrote it.
    const fromRow = chargeFor(
      line.ordered,
      actual.outcome === 'short'
        ? { outcome: 'short', productId: line.productId }
        : actual.outcome === 'substituted'
          ? {
              outcome: 'substituted',
              productId: line.productId,
              substituteId: actual.substitute_product_id!,
              quantity: actual.picked_quantity,
            }
          : {
              outcome: 'picked',
              productId: line.productId,
              quantity: actual.picked_quantity,
              weight: actual.weighed_milli_lb,
            },
      actual.substitute_unit_price_cents ?? 0,
    );
    if (fromRow !== actual.charged_cents)
      problems.push(`${key}: charged ${actual.charged_cents}, the rules say ${fromRow}`);
  }
  for (const key of last.keys()) if (!rowKeys.has(key)) problems.push(`${key}: an accepted write left no row`);
  const claimed = new Map(world.orders.map((order) => [order.orderId, order.claimedVersion]));
  for (const { id, version } of versions) {
    const expected = claimed.get(Number(id))! + (perOrder.get(Number(id)) ?? 0);
    if (Number(version) !== expected)
      problems.push(`order ${id}: version ${version}, expected ${expected} (claimed + accepted writes)`);
  }
  const queued = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'substitution-request')
    .executeTakeFirstOrThrow();
  const substitutions = figures.writes.filter((write) => write.input.outcome === 'substituted').length;
  if (Number(queued.count) !== substitutions)
    problems.push(`${queued.count} substitution requests queued for ${substitutions} accepted substitutions`);
  for (const line of figures.unexpected.slice(0, 10)) problems.push(`unexpected answer: ${line}`);
  return { problems, lines: rows.length, orders: versions.length };
}

/** The p-th percentile of sorted values. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
