/** `npm run seed [-- --products N] [--seed S]`: rebuilds the demo data from a fixed random seed. */
import { appEnv } from '../app/modules/config/env.server';
import { openDatabase } from '../app/db/db.server';
import { migrateToLatest } from '../app/db/migrate.server';
import { seedDatabase } from '../app/db/seed/seed.server';

function option(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number, got "${process.argv[index + 1] ?? ''}"`);
    process.exit(2);
  }
  return value;
}

const handle = openDatabase({ url: appEnv().DATABASE_URL });
try {
  await migrateToLatest(handle.db, handle.dialect);
  await seedDatabase(handle.db, handle.dialect, {
    products: option('products'),
    seed: option('seed'),
    replace: true,
  });
} finally {
  await handle.db.destroy();
}
