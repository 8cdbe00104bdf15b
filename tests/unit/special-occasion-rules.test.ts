import { describe, expect, it } from 'vitest';
import { occasionsFormSchema } from '~/modules/customers/special-occasion-form';
import {
  isRealMonthDay,
  localDay,
  occasionDayIn,
  occasionWindowOn,
  startOfLocalDay,
} from '~/modules/customers/special-occasion-rules';

const form = (fields: Record<string, string>) =>
  occasionsFormSchema.safeParse({
    intent: 'occasions',
    birthdayMonth: '',
    birthdayDay: '',
    anniversaryMonth: '',
    anniversaryDay: '',
    ...fields,
  });

describe('special occasions (flag enableSpecialOccasion)', () => {
  it('accepts real month-days only, February 29 included', () => {
    expect(isRealMonthDay(2, 29)).toBe(true);
    expect(isRealMonthDay(2, 30)).toBe(false);
    expect(isRealMonthDay(4, 31)).toBe(false);
    expect(isRealMonthDay(12, 31)).toBe(true);
    expect(isRealMonthDay(13, 1)).toBe(false);
    expect(isRealMonthDay(0, 10)).toBe(false);
  });

  it('parses the form: both fields or neither, with a message on the field that is wrong', () => {
    expect(form({ birthdayMonth: '2', birthdayDay: '29' })).toMatchObject({
      success: true,
      data: { birthday: { month: 2, day: 29 }, anniversary: null },
    });
    expect(form({})).toMatchObject({ success: true, data: { birthday: null, anniversary: null } });
    const issues = (result: ReturnType<typeof form>) =>
      result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues(form({ birthdayMonth: '4', birthdayDay: '31' }))).toEqual([['birthdayDay', 'April has no day 31.']]);
    expect(issues(form({ anniversaryMonth: '6' }))).toEqual([['anniversaryDay', 'Enter the day of your anniversary.']]);
    expect(issues(form({ birthdayDay: '3' }))).toEqual([['birthdayMonth', 'Choose the month of your birthday.']]);
    expect(issues(form({ birthdayMonth: '13', birthdayDay: '1' }))).toEqual([['birthdayMonth', 'Choose a month.']]);
    expect(issues(form({ birthdayMonth: '1', birthdayDay: 'x' }))).toEqual([
      ['birthdayDay', 'Enter a day from 1 to 31.'],
    ]);
    expect(issues(form({ birthdayMonth: '1', birthdayDay: '2.5' }))).toEqual([
      ['birthdayDay', 'Enter a day from 1 to 31.'],
    ]);
  });

  it('keeps a February 29 occasion on February 28 in other years', () => {
    expect(occasionDayIn(2028, { month: 2, day: 29 })).toBe('2028-02-29');
    expect(occasionDayIn(2027, { month: 2, day: 29 })).toBe('2027-02-28');
    expect(occasionDayIn(2100, { month: 2, day: 29 })).toBe('2100-02-28');
  });

  it('runs the offer on the day and the six after it, a December week ending in January', () => {
    const birthday = { month: 11, day: 29 };
    expect(occasionWindowOn('2026-11-28', birthday)).toBeNull();
    expect(occasionWindowOn('2026-11-29', birthday)).toEqual({
      year: 2026,
      firstDay: '2026-11-29',
      endDay: '2026-12-06',
    });
    expect(occasionWindowOn('2026-12-05', birthday)?.year).toBe(2026);
    expect(occasionWindowOn('2026-12-06', birthday)).toBeNull();
    const newYearsEve = { month: 12, day: 31 };
    expect(occasionWindowOn('2027-01-03', newYearsEve)).toEqual({
      year: 2026,
      firstDay: '2026-12-31',
      endDay: '2027-01-07',
    });
  });

  it("finds the customer's day in the store's time zone", () => {
    // 03:00 UTC on Nov 29 is 19:00 on Nov 28 in Seattle and 22:00 on Nov 28 in New York.
    const at = new Date('2026-11-29T03:00:00Z');
    expect(localDay(at, 'America/Los_Angeles')).toBe('2026-11-28');
    expect(localDay(at, 'America/New_York')).toBe('2026-11-28');
    expect(localDay(at, 'UTC')).toBe('2026-11-29');
    expect(localDay(new Date('2026-11-29T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-29');
    // A birthday on Nov 29: at 03:00 UTC a Seattle customer's week has not begun.
    expect(occasionWindowOn(localDay(at, 'America/Los_Angeles'), { month: 11, day: 29 })).toBeNull();
    expect(occasionWindowOn(localDay(at, 'UTC'), { month: 11, day: 29 })).not.toBeNull();
  });

  it("starts and ends the offer at the store's local midnight, across a change of clocks", () => {
    expect(startOfLocalDay('2026-11-29', 'America/Los_Angeles')).toBe('2026-11-29T08:00:00.000Z');
    expect(startOfLocalDay('2026-07-04', 'America/Los_Angeles')).toBe('2026-07-04T07:00:00.000Z');
    expect(startOfLocalDay('2026-03-08', 'America/Chicago')).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/Chicago')).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-29', 'UTC')).toBe('2026-11-29T00:00:00.000Z');
  });
});
