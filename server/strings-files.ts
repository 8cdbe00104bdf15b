import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes the strings files a build refers to (decision 0120) under public/, at the paths their hrefs name
 * (`/build/strings/es-shop-<hash>.json`): the assets folder, which both Pantry's server and remix-serve serve as
 * immutable.
 */
export function writeStringsFiles(files: readonly { href: string; body: string }[], publicDir: string): void {
  for (const file of files) {
    const target = path.join(publicDir, file.href);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.body);
  }
}
