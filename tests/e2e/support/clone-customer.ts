import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

const DATA_DIR = path.resolve('.cache/e2e-data');

/**
 * A customer of the test's own: a copy of a demo customer (same password, store and address text) with the demo's
 * past orders and their lines, saved addresses, saved cards and points, under a new email. For tests that change
 * what the profile keeps (its language) or spend what the demo has (points), so that no other test signing the demo
 * customer in sees the change.
 */
export function cloneCustomer(sourceId: number, firstName: string): { email: string; orderNumbers: string[] } {
  const db = new Database(path.join(DATA_DIR, 'pantry.sqlite'), { fileMustExist: true, timeout: 10_000 });
  try {
    const email = `${firstName
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '')}.${randomUUID().slice(0, 8)}@pantry.test`;
    const copy = (table: string, where: string, id: unknown, set: Record<string, unknown>) => {
      const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[])
        .map((column) => column.name)
        .filter((name) => name !== 'id' || 'id' in set);
      const rows = db.prepare(`SELECT * FROM ${table} WHERE ${where} = ?`).all(id) as Record<string, unknown>[];
      const insert = db.prepare(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`,
      );
      return rows.map((row) => ({ row, inserted: insert.run({ ...row, ...set }).lastInsertRowid }));
    };
    // BEGIN IMMEDIATE: a deferred transaction that reads first fails at once (SQLITE_BUSY, no retry) when the
    // storefront writes between its read and its first insert.
    return db
      .transaction(() => {
        const id = 800_000 + randomInt(100_000);
        copy('customers', 'id', sourceId, {
          id,
          uuid: randomUUID(),
          email,
          first_name: firstName,
          club_card: String(randomInt(1_000_000, 9_999_999)) + String(randomInt(10_000, 99_999)),
          house_id: `HH${randomInt(100_000_000, 999_999_999)}`,
          preferred_language: null,
        });
        const orderNumbers: string[] = [];
        for (const order of db.prepare(`SELECT * FROM orders WHERE customer_id = ?`).all(sourceId) as {
          id: number;
          order_number: string;
        }[]) {
          const orderNumber = `${order.order_number[0]}${randomInt(80_000_000, 99_999_999)}`;
          const { lastInsertRowid } = db
            .prepare(
              `INSERT INTO orders SELECT ${(db.prepare('PRAGMA table_info(orders)').all() as { name: string }[])
                .map(({ name }) =>
                  name === 'id' ? 'NULL' : name === 'order_number' ? '?' : name === 'customer_id' ? '?' : name,
                )
                .join(', ')} FROM orders WHERE id = ?`,
            )
            .run(orderNumber, id, order.id);
          for (const table of ['order_items', 'order_events'])
            copy(table, 'order_id', order.id, { order_id: lastInsertRowid });
          orderNumbers.push(orderNumber);
        }
        copy('reward_ledger', 'customer_id', sourceId, { customer_id: id });
        // A card's token is unique: the copy's is its own.
        copy('customer_tenders', 'customer_id', sourceId, { customer_id: id, token: `tok_copy_${randomUUID()}` });
        const addresses = new Map(
          copy('customer_addresses', 'customer_id', sourceId, { customer_id: id }).map(({ row, inserted }) => [
            row.id,
            inserted,
          ]),
        );
        for (const selection of db
          .prepare('SELECT * FROM customer_address_selections WHERE customer_id = ?')
          .all(sourceId) as Record<string, unknown>[])
          db.prepare(
            `INSERT INTO customer_address_selections (customer_id, banner_id, purpose, address_id, selected_at)
             VALUES (?, ?, ?, ?, ?)`,
          ).run(id, selection.banner_id, selection.purpose, addresses.get(selection.address_id), selection.selected_at);
        return { email, orderNumbers };
      })
      .immediate();
  } finally {
    db.close();
  }
}
