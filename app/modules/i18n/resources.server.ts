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
import type { Language } from './languages';
import type { Strings } from './translate';

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
