/**
 * A storefront process's mail worker on a shared database: opens its own handle, prints "ready", waits for "go"
 * on stdin, then runs worker passes until one claims nothing and prints the totals as JSON. The SMTP server and
 * the short test leases come through the environment (SMTP_URL, MAIL_*):
 *   mail-worker-child.ts <url>
 */
import { createInterface } from 'node:readline';
import { openDatabase, useDatabaseForTests } from '~/db/db.server';
import { runMailWorkerOnce } from '~/modules/mail/delivery-worker.server';

const [url] = process.argv.slice(2);
const handle = openDatabase({ url: url!, poolMax: 5 });
// eslint-disable-next-line react-hooks/rules-of-hooks -- the app's database switch for tests, not a React hook
useDatabaseForTests(handle);

await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line.trim() === 'go') {
      lines.close();
      resolve();
    }
  });
  process.stdout.write('ready\n');
});
const totals = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
for (;;) {
  const run = await runMailWorkerOnce();
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += run[key];
  if (run.claimed === 0) break;
}
process.stdout.write(`${JSON.stringify(totals)}\n`);
await handle.db.destroy();
