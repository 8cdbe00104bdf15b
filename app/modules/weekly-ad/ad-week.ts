import { formatInTimeZone } from 'date-fns-tz';
import type { WeeklyAdKind } from '~/db/schema';
import { INTL_LOCALE, type Language } from '~/modules/i18n/languages';
import { translator, type T } from '~/modules/i18n/translate';

/**
 * The weekly ad's calendar (decision 0109): an ad runs Wednesday to the next Tuesday, both included, by the
 * store's own clock. Days are ISO calendar dates (YYYY-MM-DD) so the same text compares in SQL on both databases.
 */
export const AD_WEEK_STARTS_ON = 3; // Wednesday, as Date#getUTCDay counts

export interface AdWeek {
  startsOn: string;
  endsOn: string;
}

/** Today's date at the store. */
export function storeToday(now: Date, timezone: string): string {
  return formatInTimeZone(now, timezone, 'yyyy-MM-dd');
}

/** A calendar day moved by `days` (negative: back). */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The ad week a calendar day falls in: from the Wednesday on or before it to the Tuesday after. */
export function adWeekOf(day: string): AdWeek {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const back = (weekday - AD_WEEK_STARTS_ON + 7) % 7;
  const startsOn = addCalendarDays(day, -back);
  return { startsOn, endsOn: addCalendarDays(startsOn, 6) };
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** "Wed, Nov 25" ("mié, 25 nov" in Spanish): a calendar day as the ad prints it (already the store's day: UTC). */
export function adDayLabel(day: string, language: Language = 'en'): string {
  let format = dayFormats.get(language);
  if (!format) {
    const options = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    format = new Intl.DateTimeFormat(INTL_LOCALE[language], options);
    dayFormats.set(language, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** The ad's dates, first day to last, in the page's language. */
export function adWeekLabel(week: AdWeek, language: Language = 'en'): string {
  return `${adDayLabel(week.startsOn, language)} – ${adDayLabel(week.endsOn, language)}`;
}

export interface AdDealTerms {
  kind: WeeklyAdKind;
  value: number;
  minQuantity: number;
}

/**
 * What a deal costs at a store whose regular price is `regularCents`: the sale price of one unit, or null when the
 * deal saves nothing there (a store whose own price is already lower). A buy-n-get-one deal keeps the regular price.
 */
export function adSalePriceCents(deal: AdDealTerms, regularCents: number): number | null {
  if (deal.kind === 'sale-price') return deal.value < regularCents ? deal.value : null;
  return deal.value > 0 && regularCents > 0 ? regularCents : null;
}

/** The deal's words on the ad: "Sale", "Buy 1, get 1 free", "Buy 2, get 1 half price" (English by default). */
export function adDealHeadline(deal: AdDealTerms, words: T = translator({}, 'en')): string {
  if (deal.kind === 'sale-price') return words('Sale');
  const quantity = deal.minQuantity;
  if (deal.value >= 100) return words('Buy {{quantity}}, get 1 free', { quantity });
  if (deal.value === 50) return words('Buy {{quantity}}, get 1 half price', { quantity });
  return words('Buy {{quantity}}, get 1 at {{percent}}% off', { quantity, percent: deal.value });
}
