import { existsSync, readFileSync } from 'node:fs';
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

/**
 * What every page loads, from the browser build's metafile: the entry, the root route's module and the files they
 * import statically. Code only a loader or a few pages use does not belong there (the JavaScript budget).
 */
describe('the files every page loads', () => {
  type Output = { imports: { path: string; kind: string }[]; inputs: Record<string, { bytesInOutput: number }> };
  const metafile = path.resolve('build/metafile.js.json');
  if (!existsSync(metafile)) throw new Error('build/metafile.js.json is missing: run npm run build first');
  const outputs = (JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, Output> }).outputs;
  const named = (pattern: RegExp) => {
    const found = Object.keys(outputs).find((file) => pattern.test(file));
    if (!found) throw new Error(`no ${pattern} in the browser build`);
    return found;
  };
  const root = named(/^public\/build\/root-\w+\.js$/);
  const everyPage = new Set<string>();
  const visit = (file: string) => {
    if (everyPage.has(file)) return;
    everyPage.add(file);
    for (const item of outputs[file]!.imports) if (item.kind === 'import-statement') visit(item.path);
  };
  visit(named(/^public\/build\/entry\.client-\w+\.js$/));
  visit(root);

  it('import no chunk only for its side effects', () => {
    // A bare `import "chunk"` is a module the browser code never calls (one its loader imports, say) that every
    // page would download anyway.
    const bare = [...everyPage].filter((file) => /(^|;)import"[^"]+";/.test(readFileSync(file, 'utf8')));
    expect(bare).toEqual([]);
  });

  it.each([
    // Loader-only helpers of the root route (pages/root.server.ts re-exports them).
    'app/modules/access/staff-access.ts',
    'app/modules/banners/hosts.ts',
    'app/modules/identity/notices.ts',
  ])('carry none of %s', (module) => {
    const reaching = [...everyPage].filter((file) => module in outputs[file]!.inputs);
    expect(reaching).toEqual([]);
  });

  it.each([
    // The server writes the banner's style text into the root's data; the browser renders it as it is.
    ['the checks of the banner style', /\[#a-zA-Z0-9 \.,%\(\)\]/],
    // Clearing the storage at sign-out: the sign-out button and the session-timeout dialog load it.
    ['the sign-out clearing of the storage', /\.previousStoreData,/],
  ])('carry none of %s', (_what, signature) => {
    const carrying = [...everyPage].filter((file) => signature.test(readFileSync(file, 'utf8')));
    expect(carrying).toEqual([]);
  });
});
