import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The server build is imported without a cached source map: under tsx, which turns source maps
 * on, a map cached for the build was parsed into ~77 MB on the first stack trace and kept for good. Run in a
 * real Node process with tsx (as server/serve.ts runs), since vitest loads modules its own way.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'pantry-import-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A module with an inline source map, as tsx gives the build. */
function moduleWithMap(name: string): string {
  const file = path.join(dir, name);
  const map = Buffer.from(JSON.stringify({ version: 3, sources: [file], names: [], mappings: 'AAAA;AACA' })).toString(
    'base64',
  );
  writeFileSync(file, `export const routes = {};\n//# sourceMappingURL=data:application/json;base64,${map}\n`);
  return file;
}

function inNode(script: string): { cached: boolean; enabledAfter: boolean } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { cached: boolean; enabledAfter: boolean };
}

describe('importBuild', () => {
  it('caches no source map for the build, and leaves source maps on for everything else', () => {
    const file = moduleWithMap('build.mjs');
    const result = inNode(`
      import { findSourceMap } from 'node:module';
      import { importBuild } from ${JSON.stringify(path.resolve('server/import-build.ts'))};
      await importBuild(${JSON.stringify(file)});
      console.log(JSON.stringify({ cached: findSourceMap(${JSON.stringify(file)}) !== undefined, enabledAfter: process.sourceMapsEnabled }));
    `);
    expect(result).toEqual({ cached: false, enabledAfter: true });
  });

  it('(the control) a plain import under tsx does cache the map', () => {
    const file = moduleWithMap('plain.mjs');
    const result = inNode(`
      import { findSourceMap } from 'node:module';
      import { pathToFileURL } from 'node:url';
      await import(pathToFileURL(${JSON.stringify(file)}).href);
      console.log(JSON.stringify({ cached: findSourceMap(${JSON.stringify(file)}) !== undefined, enabledAfter: process.sourceMapsEnabled }));
    `);
    expect(result).toEqual({ cached: true, enabledAfter: true });
  });
});
