import type { SiteType } from '~/modules/banners/hosts';
import { previewMomentLabel, type ContentModeChrome } from './content-mode';
import { readContentMode } from './content-mode.server';

/**
 * Headers of every response in a content mode (decision 0093): never kept by a browser, proxy or either page
 * cache, and never indexed.
 */
export const CONTENT_MODE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } as const;

export function markContentModeResponse(headers: Headers): void {
  for (const [name, value] of Object.entries(CONTENT_MODE_HEADERS)) headers.set(name, value);
}

/** What the root loader tells the page about a content mode: null (nothing changes) without a valid cookie. */
export async function contentModeChrome(request: Request, siteType: SiteType): Promise<ContentModeChrome | null> {
  const mode = await readContentMode(request, siteType);
  return mode ? { mode: mode.mode, label: previewMomentLabel(mode.at) } : null;
}
