import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

/**
 * Imports the server build without caching a source map for it. tsx turns source maps on and
 * hands the build, a plain JavaScript file, an inline map of its own: the first stack trace that passed through
 * the build then parsed it into ~690,000 mapping entries (~77 MB) that stayed for the life of the process — half
 * the storefront's live heap, walked by every full collection. The build needs no map (its lines are its own);
 * server/*.ts keep theirs.
 */
export async function importBuild(buildPath: string): Promise<ServerBuild> {
  const enabled = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  } finally {
    process.setSourceMapsEnabled(enabled);
  }
}
