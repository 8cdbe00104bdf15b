import path from 'node:path';
import { bundleForNode } from '../../../scripts/bundle-for-node';

/**
 * A child script compiled once per test file, to run with plain `node`: several children through the tsx loader
 * spent seconds each transforming the same modules at start. The file goes to .cache/test-children/ (inside the
 * checkout, so it finds node_modules), named after the script and overwritten by the next run.
 */
export async function compiledChild(entry: string): Promise<string> {
  const name = path.basename(entry).replace(/\.ts$/, '');
  const outdir = path.resolve('.cache/test-children');
  await bundleForNode({ [name]: entry }, outdir);
  return path.join(outdir, `${name}.js`);
}
