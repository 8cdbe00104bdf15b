import { randomInt, randomUUID } from 'node:crypto';
import { db } from '~/db/db.server';
import type { StoreCardProof } from '~/modules/customers/store-card-schema';
import {
  STORE_CARD_BUSINESS_MESSAGE,
  STORE_CARD_LINKED_MESSAGE,
  STORE_CARD_NOT_FOUND_MESSAGE,
} from '~/modules/customers/store-card-words';
import {
  linkStoreCard,
  stepUpCandidate,
  unusedClubCardNumber,
  type StepUpCard,
} from '~/modules/customers/store-cards.server';
import type { HostInfo } from '~/modules/banners/hosts';
import { bannerById } from '~/modules/banners/banners.server';
import { queueMessage, sendMessage } from '~/modules/mail/queue.server';
import { giveReferralCode, recordReferral } from '~/modules/customers/referrals.server';
import { resolveStoresByZip } from '~/modules/stores/store-resolver.server';
import { customerByEmail, normalizeEmail } from './customers.server';
import { hashPassword } from './passwords.server';
import { hitRateLimit, RATE_RULES, signUpClientRule, waitRefusal } from './rate-limit.server';
import { DEFAULT_LANGUAGE, type Language } from '~/modules/i18n/languages';
import type { BusinessRegistration, Registration } from './registration-schema';
import { randomToken } from './secrets.server';
import { issueSessionToken } from './session-tokens.server';

export const BUSINESS_DETAILS_MESSAGE = 'Enter your company name and tax id (EIN) to open a business account.';
/** Where a sign-up whose automatic sign-in did not happen lands (decision 0030). */
export const SIGN_UP_CHECK_EMAIL_PATH = '/account/create-account.html?check-email=1';

export type RegistrationRefusal =
  'BUSINESS_DETAILS' | 'CARD_NOT_FOUND' | 'CARD_ALREADY_LINKED' | 'CARD_ON_BUSINESS_SITE';

export type RegistrationResult =
  | { ok: false; code: RegistrationRefusal; field: 'companyName' | 'clubCard'; message: string }
  /**
   * `sessionToken` is real for a new account and a decoy (same form, never stored) for an email that
   * already has one: the caller must answer both alike (decision 0030). `outcome` is for tests and logs.
   */
  | { ok: true; outcome: 'created'; customerId: number; sessionToken: string; steppedUp: StepUpCard | null }
  | { ok: true; outcome: 'existing'; sessionToken: string };

/**
 * Sign-up limits, counted before anything depends on whether the email has an account, so a refusal
 * says nothing about it: per client and per email, in the shared database (every process agrees).
 */
export async function signUpAllowed(clientKey: string, email: string, nowMs = Date.now(), language: Language = 'en') {
  const client = await hitRateLimit(`signup:client:${clientKey}`, signUpClientRule(), nowMs);
  const perEmail = await hitRateLimit(`signup:email:${normalizeEmail(email)}`, RATE_RULES.signUpsPerEmail, nowMs);
  const refused = [client, perEmail].filter((state) => !state.allowed);
  if (refused.length === 0) return { allowed: true as const };
  const retryAfterSeconds = Math.max(...refused.map((state) => state.retryAfterSeconds));
  return {
    allowed: false as const,
    retryAfterSeconds,
    message: waitRefusal('attempts', retryAfterSeconds, language),
  };
}

const CARD_REFUSALS = {
  CARD_NOT_FOUND: STORE_CARD_NOT_FOUND_MESSAGE,
  CARD_ALREADY_LINKED: STORE_CARD_LINKED_MESSAGE,
  CARD_ON_BUSINESS_SITE: STORE_CARD_BUSINESS_MESSAGE,
} as const;

function cardRefusal(code: keyof typeof CARD_REFUSALS): RegistrationResult {
  return { ok: false, code, field: 'clubCard', message: CARD_REFUSALS[code] };
}

/** Thrown inside the transaction when another step-up linked the card first: the account is rolled back. */
class StoreCardTaken extends Error {}

/**
 * Creates a customer with a club card and household id, at the banner's nearest store to their ZIP
 * code, and returns a sessionToken for the automatic sign-in that follows (kept signed in). On the
 * business site the account is a business one and must name its company and EIN; on the consumer
 * site company fields are never stored.
 *
 * An email that already has an account gets the same answer and the same work (a password hash, the
 * store lookup, one email): the owner is told by email, and the caller redirects with a decoy token
 * that the provider refuses (decision 0030). A new customer gets a welcome email, so both find one.
 *
 * With a store card (number and the phone on it, decision 0102) the account is a step-up: it takes the card's club
 * card number and household, the card's points move to its ledger and the card is linked to it, all in the one
 * transaction that creates it, at most once per card. A card that does not match, or already has an account, is
 * refused before anything depends on the email; an email that has an account leaves the card as it was.
 */
export async function registerCustomer(
  host: HostInfo,
  input: Registration | BusinessRegistration,
  origin: string,
  /** Spec section 4: kept signed in for 90 days after registration, where the site offers it (keepsSignedIn). */
  remember = true,
  extras: {
    /** A store card to step up (decision 0102). */
    storeCard?: StoreCardProof;
    /** The friend whose refer-a-friend code the sign-up gave (checkReferralCode; flag referralProgramEnabled). */
    referral?: { referrerId: number; code: string } | null;
    /**
     * The language the sign-up page was read in (a choice, or what the browser asked for): the profile keeps it
     * unless it is the default, and the welcome email is written in it.
     */
    language?: Language;
  } = {},
): Promise<RegistrationResult> {
  const { storeCard, referral = null, language = DEFAULT_LANGUAGE } = extras;
  if (storeCard && host.siteType === 'B') return cardRefusal('CARD_ON_BUSINESS_SITE');
  const business = host.siteType === 'B' ? businessDetails(input) : null;
  if (host.siteType === 'B' && !business)
    return { ok: false, code: 'BUSINESS_DETAILS', field: 'companyName', message: BUSINESS_DETAILS_MESSAGE };
  if (storeCard) {
    const candidate = await stepUpCandidate(host.bannerId, storeCard);
    if (!candidate.ok) return cardRefusal(candidate.code);
  }
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
      const created = await db()
        .transaction()
        .execute(async (trx) => {
          // Read again in the transaction: the card may have been stepped up since.
          const candidate = storeCard ? await stepUpCandidate(host.bannerId, storeCard, trx) : null;
          if (candidate && !candidate.ok) throw new StoreCardTaken(candidate.code);
          const card = candidate?.ok ? candidate.card : null;
          const now = new Date().toISOString();
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
              club_card: card?.clubCard ?? (await unusedClubCardNumber(trx)),
              house_id: card?.houseId ?? `HH${randomInt(100_000_000, 999_999_999)}`,
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
              created_at: now,
              // Null is "never chose": English, and a later sign-in leaves the browser's own choice alone.
              preferred_language: language === DEFAULT_LANGUAGE ? null : language,
            })
            .execute();
          if (card && !(await linkStoreCard(trx, card, next, now))) throw new StoreCardTaken('CARD_ALREADY_LINKED');
          // Every new account has its own refer-a-friend code, shown while the programme is on (decision 0098).
          await giveReferralCode(trx, next, new Date());
          if (referral) await recordReferral(trx, { refereeId: next, ...referral, now: new Date() });
          await queueMessage(trx, {
            kind: 'welcome',
            to: normalizeEmail(input.email),
            bannerId: host.bannerId,
            data: { signInUrl: `${origin}/account/sign-in.html` },
          });
          return { id: next, card };
        });
      const sessionToken = await issueSessionToken(created.id, { remember, method: 'registration' });
      return { ok: true, outcome: 'created', customerId: created.id, sessionToken, steppedUp: created.card };
    } catch (error) {
      if (error instanceof StoreCardTaken) return cardRefusal('CARD_ALREADY_LINKED');
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
