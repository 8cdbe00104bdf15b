import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetPages } from '../../bench/lighthouse';
import { JS_BUDGET_BYTES, JS_BUDGET_KB, pagesJavaScript } from '../../bench/page-weight';
import { createSeededTestDatabase, type TestDatabase } from './support/databases';
import { freePort } from '../../scripts/free-port';
import { STOREFRONT } from '../../scripts/server-commands';

/**
 * The JavaScript budget over the production build: home, search results (q=milk), a product page, coupons &
 * deals and the store finder (the Lighthouse budget's pages) should each load at most 95 KB (97,280 bytes) of
 * JavaScript, gzipped file by file, in English and in Spanish; the test fails past it and prints what each page weighs.
 * Counted the way `npm run bench` counts it (bench/page-weight.ts: every script Chromium loads for
 * the page without interaction). The bundles do not depend on the database, so SQLite only.
 */
if (!existsSync('build/index.js') || !existsSync('public/build'))
  throw new Error('page-javascript.test.ts needs the production build: run npm run build');

describe('JavaScript a page loads', () => {
  let test: TestDatabase;
  let child: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    test = await createSeededTestDatabase('sqlite', { products: 300 });
    const port = await freePort();
    child = spawn(process.execPath, STOREFRONT, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_ENV: 'local-origin',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: test.url,
        SESSION_SECRET: 'test-secret-not-for-production',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /\[pantry\] http:\/\/localhost:(\d+)/.exec(out);
        if (match) resolve(`http://localhost:${match[1]}`);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await test?.drop();
  });

  it.each([
    ['English', 'en-US,en;q=0.9'],
    ['Spanish', 'es-US,es;q=0.9,en;q=0.5'],
  ])(`stays within ${JS_BUDGET_KB} KB gzipped on the pages of the Lighthouse budget, in %s`, async (_, language) => {
    const paths = (await budgetPages(origin)).map(([, path]) => path);
    const weights = await pagesJavaScript(origin, paths, { 'Accept-Language': language });
    const bytes = Object.fromEntries(paths.map((path, index) => [path, weights[index]!.gzip]));
    console.log('JavaScript per page, bytes gzipped:', bytes);
    for (const path of paths) expect.soft(bytes[path], path).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });

  it('counts the chunks a page imports on demand while it hydrates', async () => {
    // The sign-in modal (?ml=sign-in) is server-rendered and its code loads during hydration.
    const [plain, withModal] = await pagesJavaScript(origin, ['/', '/?ml=sign-in']);
    expect(plain!.lazy).toEqual([]);
    expect(withModal!.lazy.some((src) => /SignInModal/.test(src))).toBe(true);
    expect(withModal!.gzip).toBeGreaterThan(plain!.gzip);
  });
});
