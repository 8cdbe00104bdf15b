/** The profile-completion prompt (flag enableProfileComplete): what is missing, and when it may show again. */

/** Put off, the prompt comes back after this many days if something is still missing. */
export const PROFILE_PROMPT_INTERVAL_DAYS = 180;

export type ProfileGap = 'phone' | 'address';

export const PROFILE_GAP_LINKS: Record<ProfileGap, { label: string; to: string }> = {
  phone: { label: 'Add a phone number', to: '/account/profile.html' },
  address: { label: 'Add a delivery address', to: '/account/addresses.html' },
};

/** What a profile lacks for delivery and order messages: a phone number, a saved address. */
export function profileGaps(profile: { phone: string | null; addresses: number }): ProfileGap[] {
  const gaps: ProfileGap[] = [];
  if (!profile.phone?.trim()) gaps.push('phone');
  if (profile.addresses === 0) gaps.push('address');
  return gaps;
}

/** Whether the prompt shows: the flag is on, something is missing, and it was not put off in the last 180 days. */
export function profilePromptDue(input: {
  enabled: boolean;
  gaps: readonly ProfileGap[];
  dismissedAt: string | null;
  now: Date;
}): boolean {
  if (!input.enabled || input.gaps.length === 0) return false;
  if (!input.dismissedAt) return true;
  const since = input.now.getTime() - new Date(input.dismissedAt).getTime();
  return !(since >= 0 && since < PROFILE_PROMPT_INTERVAL_DAYS * 86_400_000);
}
