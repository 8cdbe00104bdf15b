import i18next, { type TFunction } from 'i18next';
import enCommon from '~/locales/en/common.json';
import esCommon from '~/locales/es/common.json';
import enShop from '~/locales/en/shop.json';
import esShop from '~/locales/es/shop.json';
import enOrders from '~/locales/en/orders.json';
import esOrders from '~/locales/es/orders.json';
import enAccount from '~/locales/en/account.json';
import esAccount from '~/locales/es/account.json';
import enOffers from '~/locales/en/offers.json';
import esOffers from '~/locales/es/offers.json';
import enStaff from '~/locales/en/staff.json';
import esStaff from '~/locales/es/staff.json';
import enMail from '~/locales/en/mail.json';
import esMail from '~/locales/es/mail.json';
import enHealth from '~/locales/en/health.json';
import esHealth from '~/locales/es/health.json';
import { LANGUAGES, type Language } from './languages';
import { translator, type Strings, type T } from './translate';

/**
 * Every namespace in both languages, imported (never read from disk by a name a request gave). Keys are the
 * English wording (decision 0116): English files hold only plural forms, Spanish files every string.
 */
export const RESOURCES = {
  en: {
    common: enCommon,
    shop: enShop,
    orders: enOrders,
    account: enAccount,
    offers: enOffers,
    staff: enStaff,
    mail: enMail,
    health: enHealth,
  },
  es: {
    common: esCommon,
    shop: esShop,
    orders: esOrders,
    account: esAccount,
    offers: esOffers,
    staff: esStaff,
    mail: esMail,
    health: esHealth,
  },
} satisfies Record<Language, Record<string, Strings>>;

export type Namespace = keyof (typeof RESOURCES)['en'];
export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];

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

const pageStringsCache = new Map<string, Strings>();

/** The strings a page's namespaces need in one language, for its loader data (the browser translates from them). */
export function pageStrings(language: Language, namespaces: readonly Namespace[]): Strings {
  const key = `${language} ${namespaces.join(' ')}`;
  let strings = pageStringsCache.get(key);
  if (!strings) {
    strings = Object.assign({}, ...namespaces.map((namespace) => RESOURCES[language][namespace])) as Strings;
    pageStringsCache.set(key, strings);
  }
  return strings;
}

/**
 * One namespace's translate function, page-safe (translate.ts), for the pure rules that write a message with a value
 * in it: they take a `T` and English is their default.
 */
export function wordsIn(language: Language, namespace: Namespace): T {
  return translator(pageStrings(language, [namespace]), language);
}

/**
 * Every namespace's words in one language, for a message whose namespace the writer cannot know (a page's query
 * refusal, written on the server for its error page). Keys are the English wording, so a key means the same anywhere.
 */
export function wordsInAnyNamespace(language: Language): T {
  return translator(pageStrings(language, NAMESPACES), language);
}
