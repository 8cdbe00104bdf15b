import { randomInt, randomUUID } from 'node:crypto';
import { db } from '~/db/db.server';
import type { HostInfo } from '~/modules/banners/hosts';
import { bannerById } from '~/modules/banners/banners.server';
import { queueMessage, sendMessage } from '~/modules/mail/queue.server';
import { giveReferralCode, recordReferral } from '~/modules/customers/referrals.server';
import { resolveStoresByZip } from '~/modules/stores/store-resolver.server';
import { customerByEmail, normalizeEmail } from './customers.server';
import { hashPassword } from './passwords.server';
import { hitRateLimit, minutesText, RATE_RULES, signUpClientRule } from './rate-limit.server';
import type { BusinessRegistration, Registration } from './registration-schema';
import { randomToken } from './secrets.server';
import { issueSessionToken } from './session-tokens.server';

export const BUSINESS_DETAILS_MESSAGE = 'Enter your company name and tax id (EIN) to open a business account.';
/** Where a sign-up whose automatic sign-in did not happen lands (decision 0030). */
export const SIGN_UP_CHECK_EMAIL_PATH = '/account/create-account.html?check-email=1';

export type RegistrationResult =
  | { ok: false; field: 'companyName' | undefined; message: string; retryAfterSeconds?: number }
  /**
   * `sessionToken` is real for a new account and a decoy (same form, never stored) for an email that
   * already has one: the caller must answer both alike (decision 0030). `outcome` is for tests and logs.
   */
  | { ok: true; outcome: 'created'; customerId: number; sessionToken: string }
  | { ok: true; outcome: 'existing'; sessionToken: string };

/**
 * Sign-up limits, counted before anything depends on whether the email has an account, so a refusal
 * says nothing about it: per client and per email, in the shared database (every process agrees).
 */
export async function signUpAllowed(clientKey: string, email: string, nowMs = Date.now()) {
  const client = await hitRateLimit(`signup:client:${clientKey}`, signUpClientRule(), nowMs);
  const perEmail = await hitRateLimit(`signup:email:${normalizeEmail(email)}`, RATE_RULES.signUpsPerEmail, nowMs);
  const refused = [client, perEmail].filter((state) => !state.allowed);
  if (refused.length === 0) return { allowed: true as const };
  const retryAfterSeconds = Math.max(...refused.map((state) => state.retryAfterSeconds));
  return {
    allowed: false as const,
    retryAfterSeconds,
    message: `Too many attempts. Please try again in ${minutesText(retryAfterSeconds)}.`,
  };
}

/**
 * Creates a customer with a club card and household id, at the banner's nearest store to their ZIP
 * code, and returns a sessionToken for the automatic sign-in that follows (kept signed in). On the
 * business site the account is a business one and must name its company and EIN; on the consumer
 * site company fields are never stored.
 *
 * An email that already has an account gets the same answer and the same work (a password hash, the
 * store lookup, one email): the owner is told by email, and the caller redirects with a decoy token
 * that the provider refuses (decision 0030). A new customer gets a welcome email, so both find one.
 */
export async function registerCustomer(
  host: HostInfo,
  input: Registration | BusinessRegistration,
  origin: string,
  /** Spec section 4: kept signed in for 90 days after registration, where the site offers it (keepsSignedIn). */
  remember = true,
  /** The friend whose refer-a-friend code the sign-up gave (checkReferralCode; flag referralProgramEnabled). */
  referral: { referrerId: number; code: string } | null = null,
): Promise<RegistrationResult> {
  const business = host.siteType === 'B' ? businessDetails(input) : null;
  if (host.siteType === 'B' && !business)
    return { ok: false as const, field: 'companyName' as const, message: BUSINESS_DETAILS_MESSAGE };
  const existing = await customerByEmail(input.email);
  const [nearest, banner, passwordHash] = await Promise.all([
    resolveStoresByZip({ banner: host.bannerId, zipcode: input.zipcode, size: 1 }).catch(() => null),
    bannerById(host.bannerId),
    hashPassword(input.password),
  ]);
  if (existing) return existingAccount(existing, origin);
  const storeId = nearest?.ok ? Number(nearest.stores[0]!.storeId) : banner.default_store_id;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const id = await db()
        .transaction()
        .execute(async (trx) => {
          const max = await trx
            .selectFrom('customers')
            .select((eb) => eb.fn.max('id').as('max'))
            .executeTakeFirst();
          const next = Math.max(Number(max?.max ?? 0), 600_000) + 1;
          await trx
            .insertInto('customers')
            .values({
              id: next,
              uuid: randomUUID(),
              email: normalizeEmail(input.email),
              first_name: input.firstName,
              last_name: input.lastName,
              phone: input.phone,
              club_card: `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`,
              house_id: `HH${randomInt(100_000_000, 999_999_999)}`,
              banner_id: host.bannerId,
              site_type: host.siteType,
              customer_type: host.siteType === 'B' ? 'business' : 'consumer',
              company_name: business?.companyName ?? null,
              tax_id: business?.taxId ?? null,
              password_hash: passwordHash,
              zipcode: input.zipcode,
              store_id: storeId,
              preference: 'Delivery',
              email_verified: 0,
              phone_verified: 0,
              created_at: new Date().toISOString(),
            })
            .execute();
          // Every new account has its own refer-a-friend code, shown while the programme is on (decision 0098).
          await giveReferralCode(trx, next, new Date());
          if (referral) await recordReferral(trx, { refereeId: next, ...referral, now: new Date() });
          await queueMessage(trx, {
            kind: 'welcome',
            to: normalizeEmail(input.email),
            bannerId: host.bannerId,
            data: { signInUrl: `${origin}/account/sign-in.html` },
          });
          return next;
        });
      const sessionToken = await issueSessionToken(id, { remember, method: 'registration' });
      return { ok: true as const, outcome: 'created' as const, customerId: id, sessionToken };
    } catch (error) {
      // Two sign-ups at once can pick the same id; the email is unique, so only retry on the id.
      const raced = await customerByEmail(input.email);
      if (raced) return existingAccount(raced, origin);
      if (attempt === 4) throw error;
    }
  }
  throw new Error('unreachable');
}

/** The owner of an existing account learns of the attempt; the caller answers as for a new one. */
async function existingAccount(
  owner: { email: string; banner_id: string },
  origin: string,
): Promise<RegistrationResult> {
  await sendMessage({
    kind: 'account-exists',
    to: owner.email,
    bannerId: owner.banner_id,
    data: { signInUrl: `${origin}/account/sign-in.html`, resetUrl: `${origin}/account/forgot-password.html` },
  });
  // Same form as a real sessionToken; never stored, so the provider refuses it.
  return { ok: true as const, outcome: 'existing' as const, sessionToken: randomToken() };
}

function businessDetails(input: Registration | BusinessRegistration) {
  return 'companyName' in input && 'taxId' in input && input.companyName && input.taxId
    ? { companyName: input.companyName, taxId: input.taxId }
    : null;
}
