import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '~/db/seed/seed.server';
import { createTestDatabase, type TestDatabase } from './support/databases';

/**
 * Decision 0052: the document is rendered to one string and sent whole. The build's own request handler, on a
 * seeded database: a page comes back complete with its length and one nonce throughout, and a component that
 * throws while rendering gives the friendly 500 page (Remix renders again with the error), never a stack.
 */
if (!existsSync('build/index.js'))
  throw new Error('document-render.test.ts needs the production build: run npx remix build');

let test: TestDatabase;
let build: ServerBuild;
beforeAll(async () => {
  test = await createTestDatabase('sqlite');
  await seedDatabase(test.db, 'sqlite', { products: 50, log: () => {} });
  // The build's own database module reads this on its first query.
  process.env.DATABASE_URL = test.url;
  build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
});
afterAll(async () => {
  await test.drop();
});

const HOME = 'routes/_index';

describe('a rendered document', () => {
  it('describes the store finder to search engines', async () => {
    const response = await createRequestHandler(build, 'production')(new Request('http://localhost/set-store.html'));
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<meta name="description" content="Find a store near you by ZIP code[^"]*"/);
  });

  it('comes whole: its length, the document, one nonce for the policy and every script', async () => {
    const response = await createRequestHandler(build, 'production')(new Request('http://localhost/'));
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('Content-Length'))).toBe(body.length);
    const html = body.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // The scripts-after-paint rewrite ran on the whole document.
    expect(html).toContain('rel="pantry-modulepreload"');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('that throws while rendering is the friendly 500 page, without the error or a stack', async () => {
    const home = build.routes[HOME]!;
    const failing = {
      ...build,
      routes: {
        ...build.routes,
        [HOME]: {
          ...home,
          module: {
            ...home.module,
            default: () => {
              throw new Error('shelf collapsed in aisle 9');
            },
          },
        },
      },
    } as ServerBuild;
    const response = await createRequestHandler(failing, 'production')(new Request('http://localhost/'));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).not.toContain('shelf collapsed');
    expect(html).not.toMatch(/\bat \S+ \(/);
  });
});
