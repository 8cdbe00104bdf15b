import type { Language } from './languages';
import type { Strings } from './translate';

/**
 * A page's strings as loader data carries them (decision 0120): the language and, for each namespace, the content
 * hash of its file under /build/strings/. A data request's answer also holds the strings themselves; a document's
 * holds only this reference, and the browser loads the files once per language, namespace and build.
 */
export interface PageStrings {
  language: Language;
  files: Readonly<Record<string, string>>;
  strings?: Strings;
}

/** Where a strings file is served: immutable, its name carries the hash of what it holds. */
export const stringsHref = (language: string, namespace: string, hash: string) =>
  `/build/strings/${language}-${namespace}-${hash}.json`;

/**
 * The strings files this process has, by href: on the server every one (page-strings.server.ts), in the browser the
 * files a document's head preloads, loaded before it hydrates (entry.client.tsx).
 */
export const STRINGS_FILES = new Map<string, Strings>();

/** The files a page's strings need from STRINGS_FILES: none when they came inline. */
export const filesToLoad = (i18n: PageStrings | undefined): string[] =>
  i18n && !i18n.strings
    ? Object.keys(i18n.files).map((namespace) => stringsHref(i18n.language, namespace, i18n.files[namespace]!))
    : [];

/** Every matched route's strings, merged: inline ones as they came, referenced ones from their files. */
export function matchedStrings(matches: readonly { data?: unknown }[]): Strings {
  const strings: Record<string, string> = {};
  for (const match of matches) {
    const i18n = (match.data as { i18n?: PageStrings } | null)?.i18n;
    Object.assign(strings, i18n?.strings, ...filesToLoad(i18n).map((href) => STRINGS_FILES.get(href)));
  }
  return strings;
}
