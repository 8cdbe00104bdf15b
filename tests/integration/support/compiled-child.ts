import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bundleForNode } from '../../../scripts/bundle-for-node';

/**
 * A child script compiled once per test file, to run with plain `node`: several children through the tsx loader
 * spent seconds each transforming the same modules at start.
 */
export async function compiledChild(entry: string): Promise<string> {
  // Inside the checkout, so the compiled file finds node_modules.
  mkdirSync('.cache', { recursive: true });
  const outdir = mkdtempSync(path.resolve('.cache/test-child-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  const name = path.basename(entry).replace(/\.ts$/, '');
  await bundleForNode({ [name]: entry }, outdir);
  return path.join(outdir, `${name}.js`);
}
