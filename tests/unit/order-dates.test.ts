import { describe, expect, it } from 'vitest';
import { momentIn, slotLabelIn } from '~/modules/orders/order-dates.server';

const START = '2026-12-03T22:00:00.000Z';
const END = '2026-12-04T00:00:00.000Z';
const ZONE = 'America/Los_Angeles';

describe('order dates in the page language', () => {
  it('keeps the English wording the pages always had', () => {
    expect(slotLabelIn('en', START, END, ZONE)).toBe('Thu, Dec 3, 2:00 PM – 4:00 PM');
    expect(momentIn('en', START, ZONE, 'dayTime')).toBe('Thu, Dec 3, 2:00 PM');
    expect(momentIn('en', START, ZONE, 'fullDayTime')).toBe('Thu, Dec 3, 2026 2:00 PM');
    expect(momentIn('en', START, ZONE, 'weekdayTime')).toBe('Thu 2:00 PM');
    expect(momentIn('en', START, ZONE, 'time')).toBe('2:00 PM');
  });

  it("writes Spanish days and times on the store's clock", () => {
    const label = slotLabelIn('es', START, END, ZONE);
    expect(label).toMatch(/^jue, 3 (de )?dic/);
    expect(label).toMatch(/2:00\s?p\.\s?m\. – 4:00\s?p\.\s?m\.$/);
    expect(momentIn('es', START, ZONE, 'time')).toMatch(/^2:00\s?p\.\s?m\.$/);
    expect(momentIn('es', START, ZONE, 'fullDayTime')).toContain('2026');
  });
});

describe('subscription days in the page language', () => {
  it('keeps English and writes Spanish', async () => {
    const { formatDayIn } = await import('~/modules/subscriptions/subscription-rules');
    expect(formatDayIn('en', START)).toBe('Dec 3, 2026');
    expect(formatDayIn('es', START)).toMatch(/^3 (de )?dic/);
  });
});
