import { createHash } from 'node:crypto';
import { isLanguage, LANGUAGES, type Language } from './languages';
import { STRINGS_FILES, stringsHref, type PageStrings } from './page-strings';
import { NAMESPACES, RESOURCES, type Namespace } from './resources.server';
import type { Strings } from './translate';

/**
 * Every namespace's file in both languages (decision 0120): its body, and the hash of that body its name carries.
 * `npm run build` writes them under public/ (scripts/write-strings-files.ts), from these same modules.
 */
export const STRINGS_FILE_LIST = LANGUAGES.flatMap((language) =>
  NAMESPACES.map((namespace) => {
    const body = JSON.stringify(RESOURCES[language][namespace]);
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    return { language, namespace, hash, href: stringsHref(language, namespace, hash), body };
  }),
);

const HASHES = {} as Record<Language, Record<Namespace, string>>;
for (const file of STRINGS_FILE_LIST) {
  (HASHES[file.language] ??= {} as Record<Namespace, string>)[file.namespace] = file.hash;
  // The server renders every page from memory: it has every file.
  STRINGS_FILES.set(file.href, RESOURCES[file.language][file.namespace]);
}

const isNamespace = (name: string): name is Namespace => (NAMESPACES as string[]).includes(name);

const references = new Map<string, PageStrings>();

/**
 * A page's strings for its loader data (`i18n: pageStrings(language, ['shop'])`): a reference to their files. A
 * document renders them from memory and carries only this; a data request's answer gets them inline
 * (`inlinePageStrings`).
 */
export function pageStrings(language: Language, namespaces: readonly Namespace[]): PageStrings {
  const key = `${language} ${namespaces.join(' ')}`;
  let reference = references.get(key);
  if (!reference) {
    reference = { language, files: Object.fromEntries(namespaces.map((name) => [name, HASHES[language][name]])) };
    references.set(key, reference);
  }
  return reference;
}

const merged = new Map<string, Strings>();

/** The strings of some namespaces in one language, merged (for a translate function on the server). */
export function namespaceStrings(language: Language, namespaces: readonly Namespace[]): Strings {
  const key = `${language} ${namespaces.join(' ')}`;
  let strings = merged.get(key);
  if (!strings) {
    strings = Object.assign({}, ...namespaces.map((namespace) => RESOURCES[language][namespace])) as Strings;
    merged.set(key, strings);
  }
  return strings;
}

/**
 * A reference as `JSON.stringify` writes one under a loader's `i18n` key. A value a shopper typed cannot look like
 * it: inside a JSON string its quotes are escaped.
 */
const REFERENCE_IN_JSON = /"i18n":(\{"language":"\w+","files":\{[^{}]*\}\})/g;
const inlined = new Map<string, string | null>();

/** The reference with its strings, in JSON; null for one that names no file of this build. */
function inlineReference(reference: string): string | null {
  let full = inlined.get(reference);
  if (full === undefined) {
    full = null;
    try {
      const { language, files } = JSON.parse(reference) as PageStrings;
      const namespaces = Object.keys(files);
      if (
        isLanguage(language) &&
        namespaces.every((name) => isNamespace(name) && HASHES[language][name] === files[name])
      )
        full = JSON.stringify({ language, files, strings: namespaceStrings(language, namespaces as Namespace[]) });
    } catch {
      // not a reference after all: left as it is
    }
    if (inlined.size >= 256) inlined.clear();
    inlined.set(reference, full);
  }
  return full;
}

/** A data answer's JSON with the strings of each `i18n` reference inline, without parsing the rest of it. */
export function withStringsInline(json: string): string {
  return json.replace(REFERENCE_IN_JSON, (whole, reference: string) => {
    const full = inlineReference(reference);
    return full ? `"i18n":${full}` : whole;
  });
}

/**
 * A data request's answer (a client-side navigation or a fetcher's load) carries its strings inline, so the browser
 * renders the next page in its language at once, with no file to wait for.
 */
export async function inlinePageStrings(response: Response): Promise<Response> {
  if (!response.body || !/^application\/json/.test(response.headers.get('Content-Type') ?? '')) return response;
  const body = withStringsInline(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
