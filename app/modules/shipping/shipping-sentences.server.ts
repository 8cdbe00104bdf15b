import { STATE_NAMES } from '~/modules/geo/us-states';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { serverT } from '~/modules/i18n/translations.server';
import { lookupZip } from '~/modules/stores/zip-codes.server';
import {
  arriveByLabel,
  sellerRefusalMessage,
  sellerUnestimatedMessage,
  unknownZipMessage,
  wineRefusalMessage,
} from './shipping-rules';
import { wineNotOfferedMessage } from './wine-shipping.server';

/**
 * The shipping calls answer in English (the API's words, cached per seller and ZIP for every shopper);
 * a page shows the same sentences in its own language, rebuilt from the values they were made of.
 */

const formatters = new Map<Language, Intl.DateTimeFormat>();

/** "Arrives by Friday, Dec 4" / "Llega a más tardar el viernes, 4 de dic" from a displayArriveByTS. */
export function arriveByLabelIn(language: Language, displayArriveByTS: number): string {
  if (language === 'en') return arriveByLabel(displayArriveByTS);
  let format = formatters.get(language);
  if (!format) {
    // displayArriveByTS is noon UTC of the date, so UTC gives the same calendar day everywhere.
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(language, format);
  }
  const t = serverT(language, 'shop');
  return t('Arrives by {{date}}', { date: format.format(new Date(displayArriveByTS)) });
}

/** What a shipping sentence may have been made of. */
export interface ShippingSentenceValues {
  zipcode: string | null;
  seller?: string;
  store?: string;
}

/** "Ships from Copper Pot Kitchen Supply" in the page's language. */
export function sellerShipmentTitleIn(language: Language, seller: string): string {
  return language === 'en' ? `Ships from ${seller}` : serverT(language, 'orders')('Ships from {{seller}}', { seller });
}

export function wineShipmentTitleIn(language: Language): string {
  return serverT(language, 'orders')('Ships from our wine cellar');
}

/** A shipping call's English sentence in the page's language (English: unchanged). */
export function shippingMessageIn(language: Language, message: string, values: ShippingSentenceValues): string {
  if (language === 'en') return message;
  const t = serverT(language, 'shop');
  const zipcode = values.zipcode?.slice(0, 5) ?? null;
  const stateCode = zipcode ? lookupZip(zipcode)?.state : undefined;
  const state = stateCode ? (STATE_NAMES[stateCode] ?? stateCode) : undefined;
  const { seller, store } = values;
  const sentences: [english: string, page: () => string][] = [];
  if (zipcode) {
    sentences.push([
      unknownZipMessage(zipcode),
      () => t("We couldn't find ZIP code {{zipcode}}. Check it and try again.", { zipcode }),
    ]);
  }
  if (stateCode && state) {
    sentences.push([wineRefusalMessage(stateCode), () => t("We can't ship wine to {{state}}.", { state })]);
    if (seller) {
      sentences.push([
        sellerRefusalMessage(seller, stateCode),
        () => t('{{seller}} does not ship to {{state}}.', { seller, state }),
      ]);
    }
  }
  if (seller) {
    sentences.push([
      sellerUnestimatedMessage(seller),
      () => t("We can't estimate delivery from {{seller}} right now.", { seller }),
    ]);
  }
  if (store) {
    sentences.push([
      wineNotOfferedMessage(store),
      () => t('{{store}} does not ship wine. Choose a store with the wine shop to order wine.', { store }),
    ]);
  }
  const found = sentences.find(([english]) => english === message);
  // Fixed sentences ("Enter your ZIP code to see when it arrives.") are keys as they are.
  return found ? found[1]() : t(message);
}
