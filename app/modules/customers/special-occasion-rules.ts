/**
 * Special occasions (flag enableSpecialOccasion, decision 0097): a birthday and an anniversary as month and day (no
 * year: the offer needs none), and the week, in the customer's store's time zone, in which each one's offer runs.
 */

export const OCCASIONS = ['birthday', 'anniversary'] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const OCCASION_LABELS: Record<Occasion, string> = { birthday: 'Birthday', anniversary: 'Anniversary' };

/** The offer runs on the day and the six days after it. */
export const OCCASION_OFFER_DAYS = 7;

/** What the occasion's offer gives: $5 off one cake or dessert from the bakery. */
export const OCCASION_OFFER = {
  kind: 'amount-off',
  valueCents: 500,
  aisleSlug: 'cakes-desserts',
  category: 'Bakery',
  offerType: 'Personal',
} as const;

export function occasionOfferTitle(occasion: Occasion): string {
  return occasion === 'birthday'
    ? 'Happy birthday! $5 off a bakery cake or dessert'
    : 'Happy anniversary! $5 off a bakery cake or dessert';
}

/** The same title in Spanish, stored beside it (decision 0123). */
export function occasionOfferTitleEs(occasion: Occasion): string {
  return occasion === 'birthday'
    ? '¡Feliz cumpleaños! $5 de descuento en un pastel o postre de la panadería'
    : '¡Feliz aniversario! $5 de descuento en un pastel o postre de la panadería';
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days in a month of a leap year: February 29 is a birthday like any other. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export interface MonthDay {
  month: number;
  day: number;
}
export type OccasionDates = Record<Occasion, MonthDay | null>;

export function isRealMonthDay(month: number, day: number): boolean {
  return (
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= MAX_DAYS[month - 1]!
  );
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The calendar day an occasion falls on in a year: February 29 is kept on February 28 in other years. */
export function occasionDayIn(year: number, date: MonthDay): string {
  const day = date.month === 2 && date.day === 29 && !isLeapYear(year) ? 28 : date.day;
  return isoDay(year, date.month, day);
}

const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Adds whole days to a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Today's YYYY-MM-DD in a time zone. */
export function localDay(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The instant a YYYY-MM-DD day starts in a time zone (its local midnight), as ISO-8601 UTC. */
export function startOfLocalDay(day: string, timeZone: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return asUtc - instant;
  };
  // Two passes: the offset at the guess, then at the corrected instant (a change of clocks between them).
  let instant = utcMidnight - offsetAt(utcMidnight);
  instant = utcMidnight - offsetAt(instant);
  return new Date(instant).toISOString();
}

export interface OccasionWindow {
  /** The year of the occasion's day (a December birthday's week may end in January). */
  year: number;
  firstDay: string;
  /** The day after the last: the offer ends at its start. */
  endDay: string;
}

/** The occasion's offer week that `today` (YYYY-MM-DD, the store's day) falls in, or null outside it. */
export function occasionWindowOn(today: string, date: MonthDay): OccasionWindow | null {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year - 1]) {
    const firstDay = occasionDayIn(candidate, date);
    const endDay = addDays(firstDay, OCCASION_OFFER_DAYS);
    if (firstDay <= today && today < endDay) return { year: candidate, firstDay, endDay };
  }
  return null;
}

/** "March 14", for the profile page. */
export function monthDayLabel(date: MonthDay): string {
  return `${MONTH_NAMES[date.month - 1]} ${date.day}`;
}
