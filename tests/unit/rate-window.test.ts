import { describe, expect, it } from 'vitest';
import { secondsUntilAllowed, slidingEstimate } from '~/modules/identity/rate-limit.server';

describe('sliding-window rate count', () => {
  it('weighs the previous window by how much of it the sliding window still covers', () => {
    expect(slidingEstimate(0, 3, 0.5)).toBe(3);
    expect(slidingEstimate(10, 0, 0)).toBe(10);
    expect(slidingEstimate(10, 2, 0.5)).toBe(7);
    expect(slidingEstimate(10, 2, 0.95)).toBe(3);
  });

  it('counts a burst that straddles a window boundary whole (a fixed window let it start over)', () => {
    // Five failures at the very end of one window, then the first instant of the next: still five.
    expect(slidingEstimate(5, 0, 0.0001)).toBe(5);
    expect(slidingEstimate(5, 1, 0.0001)).toBe(6);
  });

  it('says when one more hit will be allowed', () => {
    const window = 900;
    // Room already: nothing to wait for.
    expect(secondsUntilAllowed(0, 4, 5, 0.5, window)).toBe(0);
    // Over because of this window's own hits: they fade in the next window.
    // 6 hits now, limit 5 (room 4): next window at f >= 1 - 4/6 = 1/3 → 450 s left + 300 s.
    expect(secondsUntilAllowed(0, 6, 5, 0.5, window)).toBe(750);
    // Over because of the previous window's weight: it fades within this one.
    // prev 8, curr 2, room 4: 8(1-e) <= 2 → e >= 0.75; from e = 0.5 that is 225 s.
    expect(secondsUntilAllowed(8, 2, 5, 0.5, window)).toBe(225);
    // prev 5, curr 1, room 4: 5(1-e) <= 3 → e >= 0.4; from e = 0.2 that is 180 s.
    expect(secondsUntilAllowed(5, 1, 5, 0.2, window)).toBe(180);
  });
});
