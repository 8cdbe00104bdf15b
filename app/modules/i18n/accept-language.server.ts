import { LanguageDetector } from 'remix-i18next/server';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';

/** Longer Accept-Language headers are cut at a comma: the first few ranges decide, and parsing stays cheap. */
const ACCEPT_LANGUAGE_MAX = 256;

const headerDetector = new LanguageDetector({
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  order: ['header'],
});

/** Each distinct header's answer, so a page-cache lookup costs a map read (browsers send a handful of headers). */
const byHeader = new Map<string, Language>();

/** The language an Accept-Language header asks for, among Pantry's (English when none of them). */
export async function languageOfHeader(header: string | null | undefined): Promise<Language> {
  if (!header) return DEFAULT_LANGUAGE;
  let capped = header.length > ACCEPT_LANGUAGE_MAX ? header.slice(0, ACCEPT_LANGUAGE_MAX) : header;
  if (capped.length < header.length) capped = capped.slice(0, Math.max(0, capped.lastIndexOf(',')));
  const known = byHeader.get(capped);
  if (known) return known;
  let detected: string = DEFAULT_LANGUAGE;
  try {
    detected = await headerDetector.detect(
      new Request('http://localhost/', { headers: { 'Accept-Language': capped } }),
    );
  } catch {
    // not a header a browser sends: English
  }
  const language = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
  if (byHeader.size >= 256) byHeader.clear();
  byHeader.set(capped, language);
  return language;
}
