import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type Language } from './languages';
import { NAMESPACES, RESOURCES, type Namespace } from './resources.server';
import { namespaceStrings } from './page-strings.server';
import { translator, type T } from './translate';

export { NAMESPACES, RESOURCES, type Namespace };
export { pageStrings } from './page-strings.server';

const instance = i18next.createInstance();
void instance.init({
  resources: RESOURCES,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  // The chrome's strings (every page has them) answer in any namespace: a form's generic refusal, say.
  fallbackNS: 'common',
  // The English wording is the key: no separators inside it.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  initImmediate: false,
});

/** i18next's own translate function, for what the server writes outside React (messages, emails, API errors). */
export function serverT(language: Language, namespace: Namespace = 'common'): TFunction {
  return instance.getFixedT(language, namespace);
}

/**
 * One namespace's translate function, page-safe (translate.ts), for the pure rules that write a message with a value
 * in it: they take a `T` and English is their default.
 */
export function wordsIn(language: Language, namespace: Namespace): T {
  return translator(namespaceStrings(language, [namespace]), language);
}

/**
 * Every namespace's words in one language, for a message whose namespace the writer cannot know (a page's query
 * refusal, written on the server for its error page). Keys are the English wording, so a key means the same anywhere.
 */
export function wordsInAnyNamespace(language: Language): T {
  return translator(namespaceStrings(language, NAMESPACES), language);
}
