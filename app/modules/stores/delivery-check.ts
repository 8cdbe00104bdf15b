import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Spec section 9: the delivery-check cookie expires at the next midnight (in the store's time zone). */
export function nextMidnight(timezone: string, now: Date = new Date()): Date {
  const today = formatInTimeZone(now, timezone, 'yyyy-MM-dd');
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  const local = `${tomorrow.toISOString().slice(0, 10)}T00:00:00`;
  return fromZonedTime(local, timezone);
}
