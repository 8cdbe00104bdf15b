/** Page-safe shipping rules (no server imports): cache lifetime, carrier speeds, business days, state rules. */

import { stateName } from '~/modules/geo/us-states';

/** Places outside the contiguous 48 states, where ground and freight services cost days or do not go. */
const NONCONTIGUOUS = new Set(['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP']);

/** Spec section 9: marketplace and wine shipping info is cached for 10,800,000 ms (3 hours). */
export const SHIPPING_CACHE_TTL_MS = 10_800_000;

/** When an entry written at `now` expires. */
export function cacheExpiry(now: Date): Date {
  return new Date(now.getTime() + SHIPPING_CACHE_TTL_MS);
}

/** An entry is used strictly before its expiry; at the expiry instant it is removed and computed again. */
export function isExpired(expiresAt: string | Date, now: Date): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

/**
 * States that forbid direct-to-consumer wine shipping to their residents (docs/decisions/0018): Utah and
 * Mississippi by state law, Alabama, Delaware and Rhode Island for shipments from a retailer's cellar.
 */
export const WINE_FORBIDDEN_STATES: readonly string[] = ['AL', 'DE', 'MS', 'RI', 'UT'];

export function wineAllowedIn(stateCode: string): boolean {
  return !WINE_FORBIDDEN_STATES.includes(stateCode);
}

/** The shopper's words when wine cannot go to their state, e.g. "We can't ship wine to Utah." */
export function wineRefusalMessage(stateCode: string): string {
  return `We can't ship wine to ${stateName(stateCode)}.`;
}

export function sellerRefusalMessage(sellerName: string, stateCode: string): string {
  return `${sellerName} does not ship to ${stateName(stateCode)}.`;
}

export function sellerUnestimatedMessage(sellerName: string): string {
  return `We can't estimate delivery from ${sellerName} right now.`;
}

export function unknownZipMessage(zipcode: string): string {
  return `We couldn't find ZIP code ${zipcode}. Check it and try again.`;
}

/** A comma-wrapped state list (",AK,HI,") holds the state. */
export function listsState(commaWrapped: string, stateCode: string): boolean {
  return commaWrapped.includes(`,${stateCode},`);
}

export type Carrier = 'ground' | 'express' | 'freight';

export const CARRIER_NAMES: Record<Carrier, string> = {
  ground: 'Ground',
  express: 'Express',
  freight: 'Freight',
};

/**
 * Business days in transit by carrier and distance: ground by distance zones (about 450 miles a
 * day), express overnight up to 1,000 miles and two days beyond, freight a terminal day each end plus
 * a day per 500 miles. Places outside the contiguous states add days (ground 3, express 1, freight 4).
 */
export function transitDays(carrier: Carrier, miles: number, destinationState: string): number {
  const far = NONCONTIGUOUS.has(destinationState);
  if (carrier === 'express') return (miles <= 1000 ? 1 : 2) + (far ? 1 : 0);
  if (carrier === 'freight') return Math.min(9, 2 + Math.ceil(Math.max(miles, 1) / 500)) + (far ? 4 : 0);
  const zone = miles <= 150 ? 1 : miles <= 450 ? 2 : miles <= 900 ? 3 : miles <= 1400 ? 4 : 5;
  return zone + (far ? 3 : 0);
}

/** A calendar date (no time, no zone) as 'YYYY-MM-DD'. */
export type IsoDate = string;

function toDate(iso: IsoDate): Date {
  return new Date(`${iso}T00:00:00Z`);
}
function toIso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}
function addDays(iso: IsoDate, days: number): IsoDate {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The nth (1-based) weekday of a month, or the last one when n is -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): IsoDate {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month + 1, 0));
    last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
    return toIso(last);
  }
  const first = new Date(Date.UTC(year, month, 1));
  first.setUTCDate(1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
  return toIso(first);
}

/** The days parcel carriers neither pick up nor deliver: New Year, Memorial Day, July 4, Labor Day, Thanksgiving, Christmas. */
export function carrierHolidays(year: number): Set<IsoDate> {
  return new Set([
    `${year}-01-01`,
    nthWeekday(year, 4, 1, -1),
    `${year}-07-04`,
    nthWeekday(year, 8, 1, 1),
    nthWeekday(year, 10, 4, 4),
    `${year}-12-25`,
  ]);
}

export function isBusinessDay(iso: IsoDate): boolean {
  const date = toDate(iso);
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !carrierHolidays(date.getUTCFullYear()).has(iso);
}

/** The date `days` business days after `iso` (0: the date itself when it is a business day, else the next one). */
export function addBusinessDays(iso: IsoDate, days: number): IsoDate {
  let date = iso;
  while (!isBusinessDay(date)) date = addDays(date, 1);
  for (let left = days; left > 0; left -= 1) {
    date = addDays(date, 1);
    while (!isBusinessDay(date)) date = addDays(date, 1);
  }
  return date;
}

/** The local calendar date and hour at `now` in a timezone. */
export function localDateAndHour(now: Date, timeZone: string): { date: IsoDate; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

export interface ArriveByInput {
  now: Date;
  /** The origin's timezone: the cut-off is the origin's clock. */
  timezone: string;
  cutoffHour: number;
  handlingDays: number;
  transitDays: number;
}

/**
 * An order placed before the cut-off on a business day starts handling that day, otherwise on the
 * next business day; the parcel leaves after the handling days and arrives after the transit days
 * (business days, carrier holidays skipped).
 */
export function arriveBy(input: ArriveByInput): { shipDate: IsoDate; arriveByDate: IsoDate } {
  const local = localDateAndHour(input.now, input.timezone);
  const start =
    isBusinessDay(local.date) && local.hour < input.cutoffHour
      ? local.date
      : addBusinessDays(addDays(local.date, 1), 0);
  const shipDate = addBusinessDays(start, input.handlingDays);
  return { shipDate, arriveByDate: addBusinessDays(shipDate, input.transitDays) };
}

/** The instant sent as displayArriveByTS: noon UTC of the date, the same calendar day in every US timezone. */
export function displayTimestamp(iso: IsoDate): number {
  return toDate(iso).getTime() + 12 * 3_600_000;
}

/** "Arrives by Friday, Dec 4" from a displayArriveByTS. */
export function arriveByLabel(displayArriveByTS: number): string {
  return `Arrives by ${new Date(displayArriveByTS).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })}`;
}
