import type { SiteType } from '~/modules/banners/hosts';
import type { Language } from '~/modules/i18n/languages';
import { wordsIn } from '~/modules/i18n/translations.server';
import { previewBarWords, previewMomentLabel, type ContentModeChrome } from './content-mode';
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
export async function contentModeChrome(
  request: Request,
  siteType: SiteType,
  language: Language,
): Promise<ContentModeChrome | null> {
  const mode = await readContentMode(request, siteType);
  if (!mode) return null;
  return {
    mode: mode.mode,
    label: previewMomentLabel(mode.at, language),
    words: previewBarWords(mode.mode, wordsIn(language, 'staff')),
  };
}
