import { describe, expect, it } from 'vitest';
import { CODE_DELAY, delayAfterFailures, PASSWORD_DELAY } from '~/modules/identity/sign-in-delays.server';

describe('the wait after failures in a row', () => {
  it('lets two password slips pass, then doubles from one second to a fifteen-minute cap', () => {
    const waits = Array.from({ length: 16 }, (_, i) => delayAfterFailures(i + 1, PASSWORD_DELAY));
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
  });

  it('gives one client five tries at a code before it waits', () => {
    expect([4, 5, 6, 7].map((failures) => delayAfterFailures(failures, CODE_DELAY))).toEqual([0, 1, 2, 4]);
  });

  it('stays at the cap for any number of failures', () => {
    expect(delayAfterFailures(10_000, PASSWORD_DELAY)).toBe(900);
  });
});
