import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '~/db/seed/seed.server';
import { createTestDatabase, DIALECTS, type TestDatabase } from './support/databases';
import { compiledChild } from './support/compiled-child';
import { firstLiveOfferId } from './support/offers';

/**
 * Races between storefront processes, not only between requests of one process. Several
 * child processes open the same database with their own handles (SQLite: one file, several handles,
 * real cross-process locking; PostgreSQL: a pool each, so separate connections), get ready, then all
 * fire at the same instant.
 */
const PROCESSES = 4;
const raceChild = compiledChild('tests/integration/support/race-child.ts');
const SAM = 500004; // a seeded customer with no clips

type Outcome = { ok: boolean; code?: string; alreadyClipped?: boolean };
type Results = { clips: Outcome[]; reservations: Outcome[] };

/** Starts the children, waits until every one is ready, says "go" to all, and gathers their results. */
async function race(args: (index: number) => string[]): Promise<Results> {
  const script = await raceChild;
  const children = Array.from({ length: PROCESSES }, (_, index) =>
    spawn(process.execPath, [script, ...args(index)], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const results = children.map(
    (child) =>
      new Promise<{ ready: Promise<void>; done: Promise<Results> }>((resolveOuter) => {
        let markReady!: () => void;
        const ready = new Promise<void>((resolve) => (markReady = resolve));
        const done = new Promise<Results>((resolve, reject) => {
          const lines = createInterface({ input: child.stdout! });
          lines.on('line', (line) => {
            if (line === 'ready') markReady();
            else if (line.startsWith('{')) resolve(JSON.parse(line) as Results);
          });
          child.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`race child exited ${code}`))));
        });
        resolveOuter({ ready, done });
      }),
  );
  const handles = await Promise.all(results);
  await Promise.all(handles.map((handle) => handle.ready));
  for (const child of children) child.stdin!.write('go\n');
  const all = await Promise.all(handles.map((handle) => handle.done));
  return { clips: all.flatMap((r) => r.clips), reservations: all.flatMap((r) => r.reservations) };
}

describe.each(DIALECTS)('races between storefront processes on %s', (dialect) => {
  let test: TestDatabase;
  const now = new Date();

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDatabase(test.db, test.dialect, { products: 300, log: () => {}, now });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('50 parallel clips of one offer leave exactly one clip; 20 parallel reservations of the last place leave exactly one', async () => {
    const at = now.toISOString();
    const offerId = await firstLiveOfferId(test.db, 'greenleaf', now);
    await test.db.deleteFrom('clips').where('customer_id', '=', SAM).execute();
    const store = await test.db
      .selectFrom('stores')
      .select('id')
      .where('banner_id', '=', 'greenleaf')
      .where('has_grocery_delivery', '=', 1)
      .executeTakeFirstOrThrow();
    // A window two days ahead (always bookable) with one place left.
    const startsAt = new Date(now.getTime() + 2 * 86_400_000);
    startsAt.setUTCMinutes(0, 0, 0);
    const slot = await test.db
      .insertInto('slots')
      .values({
        store_id: store.id,
        kind: 'delivery-2h',
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        fee_cents: 995,
        capacity: 10,
        reserved: 9,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const clipShares = [13, 13, 12, 12];
    const results = await race((index) => [
      test.url,
      String(clipShares[index]),
      '5',
      String(SAM),
      'greenleaf',
      String(store.id),
      String(offerId),
      String(slot.id),
      at,
    ]);

    expect(results.clips).toHaveLength(50);
    // Every clip request succeeds (clipping is idempotent); exactly one of them made the clip.
    expect(results.clips.filter((result) => !result.ok)).toEqual([]);
    expect(results.clips.filter((result) => result.alreadyClipped === false)).toHaveLength(1);
    const clips = await test.db
      .selectFrom('clips')
      .select('offer_id')
      .where('customer_id', '=', SAM)
      .where('offer_id', '=', offerId)
      .execute();
    expect(clips).toHaveLength(1);

    expect(results.reservations).toHaveLength(20);
    expect(results.reservations.filter((result) => result.ok)).toHaveLength(1);
    expect(results.reservations.filter((result) => !result.ok).map((result) => result.code)).toEqual(
      Array(19).fill('FULL'),
    );
    const row = await test.db
      .selectFrom('slots')
      .select(['reserved', 'capacity'])
      .where('id', '=', slot.id)
      .executeTakeFirstOrThrow();
    expect(row.reserved).toBe(10);
    const holds = await test.db.selectFrom('slot_holds').select('id').where('slot_id', '=', slot.id).execute();
    expect(holds).toHaveLength(1);
  });
});
