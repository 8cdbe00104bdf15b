import { describe, expect, it } from 'vitest';
import { defaultSlotDay } from '~/modules/slots/default-day';

const slots = [
  { day: '2026-11-24', bookable: false },
  { day: '2026-11-24', bookable: false },
  { day: '2026-11-25', bookable: true },
  { day: '2026-11-26', bookable: true },
];

describe('the day the slots page opens on', () => {
  it('is the requested day when it is listed', () => {
    expect(defaultSlotDay(slots, '2026-11-26')).toBe('2026-11-26');
    expect(defaultSlotDay(slots, '2026-11-24')).toBe('2026-11-24');
  });

  it('is the first day with a time left to book, not a day whose windows have all closed', () => {
    expect(defaultSlotDay(slots, null)).toBe('2026-11-25');
    expect(defaultSlotDay(slots, '2030-01-01')).toBe('2026-11-25');
  });

  it('falls back to the first day when nothing can be booked, and to nothing without slots', () => {
    expect(defaultSlotDay([{ day: '2026-11-24', bookable: false }], null)).toBe('2026-11-24');
    expect(defaultSlotDay([], null)).toBeNull();
  });
});
