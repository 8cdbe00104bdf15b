import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';

/**
 * The words of an offer card in the page's language, made on the server so the browser ships no formatter
 * (decision 0116). English answers are returned as they are, byte for byte.
 */
interface OfferWords {
  offerType: string;
  /** One of the offer categories (OFFER_CATEGORIES' names), an offers.json key. */
  category?: string;
  valueLabel: string;
  expires: string;
  endsAt: string;
}

const expiryFormats = new Map<Language, Intl.DateTimeFormat>();
function expiryDate(language: Language, endsAt: string): string {
  let format = expiryFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], { month: 'short', day: 'numeric', timeZone: 'UTC' });
    expiryFormats.set(language, format);
  }
  return format.format(new Date(endsAt));
}

/** The value headline ("$1.00 off", "Buy 2 get 1 free" …, offerValueLabel's shapes) in the page's language. */
export function offerValueText(language: Language, label: string): string {
  if (language === 'en') return label;
  const t = serverT(language, 'offers');
  let match: RegExpMatchArray | null;
  if ((match = /^(\$[\d.]+) off (\d+)$/.exec(label)))
    return t('{{amount}} off {{quantity}}', { amount: match[1], quantity: match[2] });
  if ((match = /^(\$[\d.]+|\d+%) off$/.exec(label))) return t('{{amount}} off', { amount: match[1] });
  if ((match = /^Buy (\d+) get 1 free$/.exec(label))) return t('Buy {{quantity}} get 1 free', { quantity: match[1] });
  if ((match = /^Buy (\d+) get 1 (\d+%) off$/.exec(label)))
    return t('Buy {{quantity}} get 1 {{percent}} off', { quantity: match[1], percent: match[2] });
  if ((match = /^(\d+) points$/.exec(label))) return t('{{count}} points', { count: Number(match[1]) });
  return t(label);
}

export function offerWordsIn<Offer extends OfferWords>(language: Language, offer: Offer): Offer {
  if (language === 'en') return offer;
  const t = serverT(language, 'offers');
  const useBy = /^Use by /.test(offer.expires);
  return {
    ...offer,
    offerType: t(offer.offerType),
    ...(offer.category === undefined ? {} : { category: t(offer.category) }),
    valueLabel: offerValueText(language, offer.valueLabel),
    expires: useBy
      ? t('Use by {{date}}', { date: offer.expires.slice('Use by '.length) })
      : t('Expires {{date}}', { date: expiryDate(language, offer.endsAt) }),
  };
}

/** "Happy birthday, Jordan!" in the page's language (occasionGreeting's shapes). */
export function greetingIn(language: Language, greeting: string, firstName: string | null): string {
  if (language === 'en' || !greeting) return greeting;
  const t = serverT(language, 'offers');
  const words = [
    ...(greeting.includes('Happy birthday') ? [t('Happy birthday')] : []),
    ...(greeting.includes('Happy anniversary') ? [t('Happy anniversary')] : []),
  ];
  const joined = words.join(` ${t('and')} `);
  return firstName ? t('{{words}}, {{name}}!', { words: joined, name: firstName }) : t('{{words}}!', { words: joined });
}

/** A clip's outcome shown on a page ("Clipped: …" or a refusal) in the page's language. */
export function clipNoticeIn(language: Language, notice: string | null): string | null {
  if (language === 'en' || notice === null) return notice;
  const t = serverT(language, 'offers');
  return notice.startsWith('Clipped: ')
    ? t('Clipped: {{title}}', { title: notice.slice('Clipped: '.length) })
    : t(notice);
}

/** An offer details page's loader data in the page's language, with the strings its components read. */
export function offerPageIn<Offer extends OfferWords>(
  language: Language,
  page: { offer: Offer; notice: string | null },
) {
  return {
    offer: offerWordsIn(language, page.offer),
    notice: clipNoticeIn(language, page.notice),
    i18n: pageStrings(language, ['offers']),
  };
}
