import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findServerOnlyCode, scriptFiles, SERVER_ONLY_SIGNATURES } from '../../bench/server-only';

/** No server-only library in any browser bundle (npm run bench prints the same scan). */
describe('browser bundles', () => {
  it.each(Object.keys(SERVER_ONLY_SIGNATURES))(
    'would recognise %s: its installed code carries a signature',
    (library) => {
      const dir = path.resolve('node_modules', library);
      const hits = findServerOnlyCode(dir, scriptFiles(dir));
      expect(hits.some((hit) => hit.library === library)).toBe(true);
    },
  );

  it('carry none of them', () => {
    const dir = path.resolve('public/build');
    if (!existsSync(dir)) throw new Error('public/build is missing: run npm run build first');
    const files = scriptFiles(dir);
    expect(files.length).toBeGreaterThan(10);
    expect(findServerOnlyCode(dir, files)).toEqual([]);
  });
});
