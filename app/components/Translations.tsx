import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '~/modules/i18n/languages';
import { translator, type Strings, type T } from '~/modules/i18n/translate';

interface Translations {
  language: Language;
  strings: Strings;
}

const TranslationsContext = createContext<Translations>({ language: DEFAULT_LANGUAGE, strings: {} });

/** The page's language and strings (the root's and its routes' loader data, merged in root.tsx). */
export function TranslationsProvider({ language, strings, children }: Translations & { children?: ReactNode }) {
  return <TranslationsContext.Provider value={{ language, strings }}>{children}</TranslationsContext.Provider>;
}

/** The page's translate function: the English wording is the key; a count picks the plural form. */
export function useT(): T {
  const { language, strings } = useContext(TranslationsContext);
  return translator(strings, language);
}

export function useLanguage(): Language {
  return useContext(TranslationsContext).language;
}
