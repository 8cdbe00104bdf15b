import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '~/modules/i18n/translations.server';
import { createSeededTestDatabase, type TestDatabase } from './support/databases';

/**
 * Decision 0120, over the production build: a document's loader data refers to its strings files (which the
 * build wrote under public/) and its head preloads them; the page's words are rendered in its language all the
 * same; a data request, a client-side navigation's, gets the strings inline.
 */
if (!existsSync('build/index.js') || !existsSync('public/build/strings'))
  throw new Error('page-strings-files.test.ts needs the production build: run npm run build');

const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
let test: TestDatabase;
beforeAll(async () => {
  test = await createSeededTestDatabase('sqlite', { products: 50 });
  process.env.DATABASE_URL = test.url;
});
afterAll(async () => {
  await test.drop();
});

const handle = (url: string) =>
  createRequestHandler(
    build,
    'production',
  )(new Request(`http://localhost${url}`, { headers: { 'Accept-Language': 'es-US,es;q=0.9,en;q=0.5' } }));

type I18n = { language: string; files: Record<string, string>; strings?: Record<string, string> };

/** The loader data a document hands to the browser (`window.__remixContext`), and the rest of the page. */
async function spanishDocument(url: string) {
  const html = await (await handle(url)).text();
  const handoff = /window\.__remixContext = (\{.*?\});<\/script>/s.exec(html)?.[1];
  expect(handoff, 'no __remixContext in the page').toBeDefined();
  const loaderData = (JSON.parse(handoff!) as { state: { loaderData: Record<string, { i18n?: I18n }> } }).state
    .loaderData;
  return { html, handoff: handoff!, loaderData };
}

describe('a Spanish document', () => {
  it('renders its words, and its loader data carries only references to their files', async () => {
    const { html, handoff, loaderData } = await spanishDocument('/');
    expect(html).toContain('lang="es"');
    expect(html).toContain(RESOURCES.es.common['Search products, brands and recipes']);
    expect(handoff).not.toContain(RESOURCES.es.common['Search products, brands and recipes']);
    expect(loaderData.root!.i18n).toEqual({
      language: 'es',
      files: { common: expect.stringMatching(/^[0-9a-f]{12}$/) },
    });
    expect(loaderData['routes/_index']!.i18n).toEqual({
      language: 'es',
      files: { shop: expect.stringMatching(/^[0-9a-f]{12}$/) },
    });
  });

  it('preloads each file it refers to for browsers that run scripts, which the build wrote with the strings it names', async () => {
    const { html, loaderData } = await spanishDocument('/');
    const preloads = [
      ...html.matchAll(
        /<link rel="preload" as="fetch" crossorigin="anonymous" media="\(scripting: enabled\)" href="([^"]+)"\/>/g,
      ),
    ];
    const hrefs = preloads.map((match) => match[1]);
    const { common } = loaderData.root!.i18n!.files;
    const { shop } = loaderData['routes/_index']!.i18n!.files;
    expect(hrefs).toEqual([`/build/strings/es-common-${common}.json`, `/build/strings/es-shop-${shop}.json`]);
    expect(JSON.parse(readFileSync(`public${hrefs[0]}`, 'utf8'))).toEqual(RESOURCES.es.common);
    expect(JSON.parse(readFileSync(`public${hrefs[1]}`, 'utf8'))).toEqual(RESOURCES.es.shop);
  });
});

describe('a data request', () => {
  it('gets the strings inline: a client-side navigation has nothing to wait for', async () => {
    const response = await handle('/shop/search-results.html?q=milk&_data=routes%2Fshop.search-results%5B.%5Dhtml');
    expect(response.status).toBe(200);
    const data = (await response.json()) as { i18n: I18n };
    expect(data.i18n.files).toHaveProperty('shop');
    expect(data.i18n.strings).toEqual(RESOURCES.es.shop);
    const root = (await (await handle('/shop/search-results.html?q=milk&_data=root')).json()) as { i18n: I18n };
    expect(root.i18n.strings?.['Sign in']).toBe('Iniciar sesión');
  });
});
