import { db } from '~/db/db.server';
import { profileGaps, profilePromptDue, type ProfileGap } from './profile-completion-rules';

/**
 * The profile-completion prompt for the account overview: what the customer's profile lacks, or null when
 * the prompt is off (flag), nothing is missing, or the customer put it off within the last 180 days.
 */
export async function profilePrompt(
  customerId: number,
  enabled: boolean,
  now = new Date(),
): Promise<ProfileGap[] | null> {
  if (!enabled) return null;
  const [customer, addresses] = await Promise.all([
    db()
      .selectFrom('customers')
      .select(['phone', 'profile_prompt_dismissed_at'])
      .where('id', '=', customerId)
      .executeTakeFirst(),
    db()
      .selectFrom('customer_addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirst(),
  ]);
  if (!customer) return null;
  const gaps = profileGaps({ phone: customer.phone, addresses: Number(addresses?.n ?? 0) });
  return profilePromptDue({ enabled, gaps, dismissedAt: customer.profile_prompt_dismissed_at, now }) ? gaps : null;
}

/** "Not now": the prompt stays away for 180 days (on the account, so on every device). */
export async function putOffProfilePrompt(customerId: number, now = new Date()): Promise<void> {
  await db()
    .updateTable('customers')
    .set({ profile_prompt_dismissed_at: now.toISOString() })
    .where('id', '=', customerId)
    .execute();
}
