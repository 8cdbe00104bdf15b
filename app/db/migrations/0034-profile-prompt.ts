import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0092-flags-for-profile-completion-and-keep-me-signed-in.md. When the customer last put off the
 * prompt to complete their profile (flag enableProfileComplete): it comes back 180 days later if something is still
 * missing. On the account, not in a cookie, so it follows the customer from one device to the next.
 */
export const profilePromptSchema = {
  async up(db: AnyDb) {
    await db.schema.alterTable('customers').addColumn('profile_prompt_dismissed_at', 'text').execute();
  },
};
