import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { localToday } from '~/modules/slots/slots.server';

/** Zones with half- and three-quarter-hour offsets and daylight saving shifts of 30 and 60 minutes. */
const ZONES = [
  'America/Los_Angeles',
  'America/St_Johns',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'UTC',
];

/** Two days around a daylight saving change (and an ordinary day), minute by minute. */
const SPANS = ['2026-03-07T00:00:00Z', '2026-04-04T00:00:00Z', '2026-09-26T00:00:00Z', '2026-11-26T00:00:00Z'];

describe('localToday (the slots page’s local date, read once per zone and quarter hour)', () => {
  it.each(ZONES)('gives the same date as date-fns-tz at every minute in %s', (zone) => {
    const mismatches: string[] = [];
    for (const start of SPANS) {
      const from = Date.parse(start);
      for (let minute = 0; minute < 2 * 24 * 60; minute++) {
        const at = new Date(from + minute * 60_000 + 17_000);
        const expected = formatInTimeZone(at, zone, 'yyyy-MM-dd');
        if (localToday(at, zone) !== expected) mismatches.push(at.toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers for an earlier time after a later one (each call names its own moment)', () => {
    const zone = 'Asia/Kathmandu';
    const beforeMidnight = new Date('2026-11-26T18:14:00Z'); // 23:59 in Kathmandu (+05:45)
    const afterMidnight = new Date('2026-11-26T18:15:00Z'); // 00:00 the next day
    expect(localToday(afterMidnight, zone)).toBe('2026-11-27');
    expect(localToday(beforeMidnight, zone)).toBe('2026-11-26');
    expect(localToday(afterMidnight, zone)).toBe('2026-11-27');
  });
});
