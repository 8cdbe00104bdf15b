import { readFileSync } from 'node:fs';
import madge, { type MadgeConfig } from 'madge';
import { describe, expect, it } from 'vitest';

// The options `npm run lint:cycles` runs with.
const config = JSON.parse(readFileSync('.madgerc', 'utf8')) as MadgeConfig;
const FIXTURES = 'tests/unit/support/import-cycles';

const cyclesIn = async (paths: string | string[]) => (await madge(paths, config)).circular();

describe('the import-cycle check', () => {
  it('finds two modules that import each other', async () => {
    expect(await cyclesIn(`${FIXTURES}/value`)).toEqual([['cart.ts', 'product.ts']]);
  });

  it('counts a cycle made of type-only imports', async () => {
    expect(await cyclesIn(`${FIXTURES}/type-only`)).toEqual([['shopper.ts', 'store.ts']]);
  });

  it('passes modules that share a type from a third one', async () => {
    expect(await cyclesIn(`${FIXTURES}/layered`)).toEqual([]);
  });

  it('follows imports through the ~ alias', async () => {
    // Unresolved, every `~/` import would vanish from the graph and the check would pass on nothing.
    const graph = (await madge(`${FIXTURES}/alias`, { ...config, baseDir: '.' })).obj();
    expect(graph[`${FIXTURES}/alias/product-link.ts`]).toEqual(['app/modules/catalog/links.ts']);
  });
});
