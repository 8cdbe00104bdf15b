/**
 * One of several storefront processes racing on the same database: opens its own handle (SQLite: its
 * own file handle; PostgreSQL: its own pool of connections), prepares, prints "ready", waits for "go"
 * on stdin, then fires its share of clips and slot reservations at once and prints the results as JSON:
 *   race-child.ts <url> <clips> <reservations> <customerId> <bannerId> <storeId> <offerId> <slotId> <nowIso>
 */
import { createInterface } from 'node:readline';
import { openDatabase, useDatabaseForTests } from '~/db/db.server';
import { cartForWriting } from '~/modules/cart/active-cart.server';
import { clipOffer } from '~/modules/offers/clips.server';
import { reserveSlot } from '~/modules/slots/slots.server';
import { storeById } from '~/modules/stores/stores.server';

const [url, clipText, reserveText, ...rest] = process.argv.slice(2);
const clipCount = Number(clipText);
const reserveCount = Number(reserveText);
const handle = openDatabase({ url: url!, poolMax: clipCount + reserveCount });
// eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
useDatabaseForTests(handle);

const go = new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() === 'go') {
      lines.close();
      resolve();
    }
  });
});

const outcome = (result: { ok: boolean; code?: string; alreadyClipped?: boolean }) => ({
  ok: result.ok,
  code: result.code,
  alreadyClipped: result.alreadyClipped,
});
const failed = (error: unknown) => ({ ok: false, code: `ERROR ${String(error)}` });

const [customerId, bannerId, storeId, offerId, slotId, nowIso] = rest;
const now = new Date(nowIso!);
const store = (await storeById(Number(storeId)))!;
const viewer = { customerId: Number(customerId), bannerId: bannerId!, storeId: store.id };
const guest = { customerId: null, bannerId: store.banner_id, siteType: 'C' as const };
const carts: string[] = [];
for (let n = 0; n < reserveCount; n++) carts.push(await cartForWriting(guest, null, store.id));
const fire = () => ({
  clips: Array.from({ length: clipCount }, () => clipOffer(viewer, Number(offerId), now).then(outcome, failed)),
  reservations: carts.map((cartId) =>
    reserveSlot({ slotId: Number(slotId), cartId, customerId: null, store, needsAttendedDelivery: false, now }).then(
      (result) => outcome({ ok: result.ok, code: result.ok ? 'OK' : result.code }),
      failed,
    ),
  ),
});
process.stdout.write('ready\n');
await go;
const fired = fire();
const results = { clips: await Promise.all(fired.clips), reservations: await Promise.all(fired.reservations) };
process.stdout.write(`${JSON.stringify(results)}\n`);
await handle.db.destroy();
