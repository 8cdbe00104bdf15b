import { db } from '~/db/db.server';
import { BANNERS } from '~/modules/banners/banner-catalog';
import { hitRateLimit, RATE_RULES, waitRefusal } from '~/modules/identity/rate-limit.server';
import type { Language } from '~/modules/i18n/languages';
import { claimLatestCode } from '~/modules/identity/one-time-codes.server';
import { sha256, sixDigitCode } from '~/modules/identity/secrets.server';
import { queueMessage } from '~/modules/mail/queue.server';
import { storeById } from '~/modules/stores/stores.server';
import { fulfillmentPreferences } from './profile-service.server';
import { promptDue, VERIFICATION_CODE_TTL_MS, VERIFICATION_MAX_ATTEMPTS, type VerifyChannel } from './profile-rules';

async function customerRecord(customerId: number) {
  return db()
    .selectFrom('customers')
    .select([
      'id',
      'uuid',
      'first_name',
      'last_name',
      'email',
      'phone',
      'club_card',
      'house_id',
      'banner_id',
      'site_type',
      'customer_type',
      'email_verified',
      'phone_verified',
      'created_at',
    ])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

/** emailPrompt180 and phonePrompt180 for a customer, read without recording anything. */
export async function verificationPrompts(
  customerId: number,
  verified: { email: boolean; phone: boolean },
  now = new Date(),
) {
  const rows = await db()
    .selectFrom('customer_prompts')
    .select(['kind', 'last_shown_at'])
    .where('customer_id', '=', customerId)
    .execute();
  const shown = (kind: VerifyChannel) => rows.find((row) => row.kind === kind)?.last_shown_at;
  return {
    emailPrompt180: promptDue(verified.email, shown('email'), now),
    phonePrompt180: promptDue(verified.phone, shown('phone'), now),
  };
}

/** Remembers that a prompt was shown (or dismissed): it stays away for 180 days. */
export async function recordPromptShown(customerId: number, kind: VerifyChannel, now = new Date()) {
  const at = now.toISOString();
  await db()
    .insertInto('customer_prompts')
    .values({ customer_id: customerId, kind, last_shown_at: at })
    .onConflict((conflict) => conflict.columns(['customer_id', 'kind']).doUpdateSet({ last_shown_at: at }))
    .execute();
}

const bannerName = (id: string) => BANNERS.find((banner) => banner.id === id)?.name ?? id;

/** The profile with its preferences per banner (store names resolved), for the page and the API. */
export async function customerProfile(customerId: number, options: { full?: boolean; now?: Date } = {}) {
  const customer = await customerRecord(customerId);
  if (!customer) return null;
  const verified = { email: customer.email_verified === 1, phone: customer.phone_verified === 1 };
  const [prompts, preferences] = await Promise.all([
    verificationPrompts(customerId, verified, options.now),
    fulfillmentPreferences(customerId),
  ]);
  const base = {
    customerId: String(customer.id),
    firstName: customer.first_name,
    lastName: customer.last_name,
    email: customer.email,
    phone: customer.phone,
    clubCard: customer.club_card,
    emailVerified: verified.email,
    phoneVerified: verified.phone,
    ...prompts,
  };
  const withStores = await Promise.all(
    preferences.map(async (prefs) => {
      const storeId = prefs.method === 'DUG' ? prefs.driveUpStoreId : (prefs.inStoreStoreId ?? prefs.driveUpStoreId);
      const store = storeId ? await storeById(storeId) : undefined;
      return {
        ...prefs,
        bannerName: bannerName(prefs.banner),
        storeId: storeId ?? null,
        storeName: store?.name ?? null,
        storeAddress: store ? `${store.address1}, ${store.city}, ${store.state} ${store.zipcode}` : null,
      };
    }),
  );
  if (!options.full) return { ...base, preferences: withStores };
  return {
    ...base,
    UUID: customer.uuid,
    houseId: customer.house_id,
    banner: customer.banner_id,
    siteType: customer.site_type,
    customerType: customer.customer_type,
    createdAt: customer.created_at,
    preferences: withStores,
  };
}
export type CustomerProfile = NonNullable<Awaited<ReturnType<typeof customerProfile>>>;

export async function updateCustomerName(customerId: number, name: { firstName: string; lastName: string }) {
  const result = await db()
    .updateTable('customers')
    .set({ first_name: name.firstName, last_name: name.lastName })
    .where('id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type VerificationResult = { ok: true } | { ok: false; message: string };

export const VERIFICATION_MESSAGES = {
  invalid: "That code isn't right or has expired. Check the latest code we sent, or ask for a new one.",
  tooManyTries: 'Too many wrong codes. Ask for a new code.',
} as const;

/** Sends a 6-digit code to the customer's email (or phone, as a text) through the outbox. */
export async function sendVerificationCode(
  customerId: number,
  channel: VerifyChannel,
  language: Language = 'en',
): Promise<VerificationResult> {
  const customer = await customerRecord(customerId);
  if (!customer) return { ok: false, message: 'We could not find your account.' };
  const target = channel === 'email' ? customer.email : customer.phone;
  if (!target) return { ok: false, message: 'Add a phone number first.' };
  const sent = await hitRateLimit(`verify:send:${customerId}:${channel}`, RATE_RULES.passcodesSentPerAccount);
  if (!sent.allowed) {
    return {
      ok: false,
      message: waitRefusal('codesAskedFor', sent.retryAfterSeconds, language),
    };
  }
  const code = sixDigitCode();
  const now = new Date();
  await db()
    .transaction()
    .execute(async (tx) => {
      await tx
        .insertInto('verification_codes')
        .values({
          customer_id: customerId,
          channel,
          target,
          code_hash: sha256(`${customerId}:${channel}:${code}`),
          expires_at: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS).toISOString(),
          attempts: 0,
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      await queueMessage(tx, {
        kind: 'verification-code',
        channel: channel === 'email' ? 'email' : 'sms',
        to: target,
        bannerId: customer.banner_id,
        data: {
          code,
          minutes: VERIFICATION_CODE_TTL_MS / 60_000,
          target: channel === 'email' ? 'email address' : 'phone number',
        },
      });
    });
  return { ok: true };
}

/** Confirms the latest code: single use, 10 minutes, 5 tries, and only for the address it was sent to. */
export async function confirmVerificationCode(
  customerId: number,
  channel: VerifyChannel,
  code: string,
): Promise<VerificationResult> {
  const invalid = { ok: false as const, message: VERIFICATION_MESSAGES.invalid };
  const customer = await customerRecord(customerId);
  if (!customer || !/^\d{6}$/.test(code)) return invalid;
  const latest = await db()
    .selectFrom('verification_codes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('channel', '=', channel)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // A code counts only for the address it was sent to.
  const target = channel === 'email' ? customer.email : customer.phone;
  if (latest && latest.target !== target) return invalid;
  const used = await claimLatestCode(
    'verification_codes',
    latest,
    sha256(`${customerId}:${channel}:${code}`),
    VERIFICATION_MAX_ATTEMPTS,
  );
  if (used === 'locked') return { ok: false, message: VERIFICATION_MESSAGES.tooManyTries };
  if (used === 'invalid') return invalid;
  await db()
    .updateTable('customers')
    .set(channel === 'email' ? { email_verified: 1 } : { phone_verified: 1 })
    .where('id', '=', customerId)
    .execute();
  return { ok: true };
}
