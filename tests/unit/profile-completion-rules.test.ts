import { describe, expect, it } from 'vitest';
import {
  PROFILE_PROMPT_INTERVAL_DAYS,
  profileGaps,
  profilePromptDue,
} from '~/modules/customers/profile-completion-rules';

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('the profile-completion prompt (flag enableProfileComplete)', () => {
  it('finds a missing phone number and a missing delivery address', () => {
    expect(profileGaps({ phone: '2065550100', addresses: 1 })).toEqual([]);
    expect(profileGaps({ phone: '', addresses: 1 })).toEqual(['phone']);
    expect(profileGaps({ phone: '  ', addresses: 0 })).toEqual(['phone', 'address']);
    expect(profileGaps({ phone: null, addresses: 2 })).toEqual(['phone']);
  });

  it('shows while something is missing, with the flag on, and not within 180 days of being put off', () => {
    const due = (dismissedAt: string | null, enabled = true, gaps = ['phone' as const]) =>
      profilePromptDue({ enabled, gaps, dismissedAt, now });
    expect(due(null)).toBe(true);
    expect(due(null, false)).toBe(false);
    expect(due(null, true, [])).toBe(false);
    expect(due(daysAgo(1))).toBe(false);
    expect(due(daysAgo(PROFILE_PROMPT_INTERVAL_DAYS - 1))).toBe(false);
    expect(due(daysAgo(PROFILE_PROMPT_INTERVAL_DAYS))).toBe(true);
    // A date in the future (a clock that moved back) does not hide it for ever.
    expect(due(daysAgo(-3))).toBe(true);
  });
});
