/**
 * Another storefront process: opens the database named on the command line with its own handle and asks
 * the shipping cache for a key at an instant. Prints { hit, value } as JSON. Computing writes "child".
 */
import { openDatabase } from '~/db/db.server';
import { cachedShipping } from '~/modules/shipping/shipping-cache.server';

const [url, key, at] = process.argv.slice(2);
const handle = openDatabase({ url: url!, poolMax: 1 });
try {
  const result = await cachedShipping(key!, () => ({ computedBy: 'child' }), new Date(at!), handle.db);
  process.stdout.write(JSON.stringify({ hit: result.hit, value: result.value }));
} finally {
  await handle.db.destroy();
}
