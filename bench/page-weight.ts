import { gzipSync } from 'node:zlib';

/** The scripts a page's HTML makes the browser load: module scripts, modulepreloads and inline imports. */
export function scriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?["'](\/build\/[^"']+\.js)["']/g))
    sources.add(match[1]!);
  return [...sources];
}

export interface PageWeight {
  files: number;
  /** Each file gzipped on its own (level 9), summed: what the browser downloads compressed. */
  gzip: number;
}

/** A fetch that tries once more when a kept-alive connection was closed under it. */
async function get(url: URL, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch {
    return fetch(url, { headers: { ...headers, Connection: 'close' } });
  }
}

/** Fetches a page, then every script it loads, and sums their gzipped sizes. */
export async function pageJavaScript(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const response = await get(new URL(path, origin), headers);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const sources = scriptSources(await response.text());
  let gzip = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await get(new URL(src, origin))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: sources.length, gzip };
}
