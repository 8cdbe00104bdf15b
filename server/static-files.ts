import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Static files, read once at start-up (public/ is about a megabyte): no file-system call per
 * request, and text files gzipped once (on their first request). Build assets have content-hashed names and are immutable;
 * other public files (the favicon) are cached for an hour, as remix-serve did.
 */
export interface StaticFile {
  body: Buffer;
  /** Gzipped on first request (start-up stays fast); null when not worth compressing. */
  gzip: () => Buffer | null;
  type: string;
  cacheControl: string;
  etag: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

function walk(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

export function loadStaticFiles(options: { publicDir: string; assetsDir: string; publicPath: string }) {
  const files = new Map<string, StaticFile>();
  const add = (full: string, urlPath: string, cacheControl: string) => {
    const body = readFileSync(full);
    const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    let gzipped: Buffer | null | undefined;
    const gzip = () => (gzipped ??= COMPRESSIBLE.test(type) && body.length > 512 ? gzipSync(body, { level: 9 }) : null);
    const stat = statSync(full);
    files.set(urlPath, {
      body,
      gzip,
      type,
      cacheControl,
      etag: `W/"${body.length.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    });
  };
  const assetsDir = path.resolve(options.assetsDir);
  for (const full of walk(path.resolve(options.publicDir))) {
    if (full.startsWith(assetsDir + path.sep)) continue;
    add(full, '/' + path.relative(options.publicDir, full).split(path.sep).join('/'), 'public, max-age=3600');
  }
  const prefix = options.publicPath.endsWith('/') ? options.publicPath : `${options.publicPath}/`;
  for (const full of walk(assetsDir)) {
    add(full, prefix + path.relative(assetsDir, full).split(path.sep).join('/'), 'public, max-age=31536000, immutable');
  }
  return files;
}
