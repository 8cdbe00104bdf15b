import type { Shopper } from '~/modules/access/shopper';
import { redirectPolicy } from '~/modules/access/redirect-policy.server';
import { safeRedirect } from '~/modules/access/safe-redirect';
import type { StoreCardProof } from '~/modules/customers/store-card-schema';
import { checkReferralCode } from '~/modules/customers/referrals.server';
import { storeCardTriesAllowed } from '~/modules/customers/store-cards.server';
import { clientKey } from '~/modules/http/client-key.server';
import { originOf } from '~/modules/http/request-origin';
import { firstLoginCookies } from './first-login.server';
import { keepsSignedIn } from './keep-me-signed-in.server';
import { withNotice } from './notices';
import {
  registerCustomer,
  SIGN_UP_CHECK_EMAIL_PATH,
  signUpAllowed,
  type RegistrationRefusal,
} from './registration.server';
import type { Language } from '~/modules/i18n/languages';
import type { BusinessRegistration, Registration } from './registration-schema';
import { startAuthorization } from './sign-in.server';

export type SignUpOutcome =
  | { ok: true; redirectTo: string; setCookies: string[] }
  | {
      ok: false;
      status: 400 | 409 | 429;
      code: RegistrationRefusal | 'TOO_MANY_ATTEMPTS' | 'BAD_REFERRAL_CODE';
      field?: 'companyName' | 'clubCard' | 'referralCode';
      message: string;
      retryAfterSeconds?: number;
    };

/**
 * A sign-up, from the create-account page or the step-up call: the limits (sign-up's, and a store card's tries when
 * one is given), the account (registerCustomer), then the automatic sign-in through authorize with its sessionToken
 * (spec section 4). A new and an existing email get the same redirect and cookies (decision 0030).
 */
export async function signUpAndSignIn(
  request: Request,
  shopper: Shopper,
  input: Registration | BusinessRegistration,
  /** `language`: the refusals' (a page's shopper's); API answers keep the default, English. */
  options: { goto: string; storeCard?: StoreCardProof; referralCode?: string; language?: Language },
): Promise<SignUpOutcome> {
  const client = clientKey(request, shopper.session?.info.COMMON.deviceId);
  // Counted before anything depends on the email having an account (decision 0030), the card's tries too.
  const language = options.language ?? 'en';
  const limit = await signUpAllowed(client, input.email, Date.now(), language);
  const cardLimit = options.storeCard
    ? await storeCardTriesAllowed(client, options.storeCard.clubCard, 'step-up', Date.now(), language)
    : ({ allowed: true } as const);
  const refusals = [limit, cardLimit].flatMap((verdict) => (verdict.allowed ? [] : [verdict]));
  if (refusals.length > 0)
    return {
      ok: false,
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: refusals[0]!.message,
      retryAfterSeconds: Math.max(...refusals.map((verdict) => verdict.retryAfterSeconds)),
    };
  // Flag referralProgramEnabled: a code is checked (and its tries counted) before anything depends on the email; a
  // bad code refuses the sign-up. With the flag off, or on the business site, a posted code is ignored (decision 0098).
  const referral =
    shopper.flags.referralProgramEnabled && shopper.host.siteType === 'C'
      ? await checkReferralCode(options.referralCode, { clientKey: client, siteType: shopper.host.siteType, language })
      : ({ ok: true, referral: null } as const);
  if (!referral.ok)
    return {
      ok: false,
      status: referral.retryAfterSeconds ? 429 : 400,
      code: 'BAD_REFERRAL_CODE',
      field: 'referralCode',
      message: referral.message,
      retryAfterSeconds: referral.retryAfterSeconds,
    };
  const created = await registerCustomer(shopper.host, input, originOf(request), keepsSignedIn(shopper.flags, true), {
    storeCard: options.storeCard,
    referral: referral.referral,
    language,
  });
  if (!created.ok)
    return {
      ok: false,
      status: created.code === 'CARD_ALREADY_LINKED' ? 409 : 400,
      code: created.code,
      field: created.field,
      message: created.message,
    };
  // For an existing email the token is a decoy the provider refuses, and the owner was emailed; the browser then
  // lands on "check your email".
  const start = await startAuthorization(request, shopper, {
    sessionToken: created.sessionToken,
    goto: withNotice(safeRedirect(options.goto, redirectPolicy()), 'account-created'),
    remember: true,
    failureTo: SIGN_UP_CHECK_EMAIL_PATH,
  });
  return {
    ok: true,
    redirectTo: start.redirectTo,
    setCookies: [start.setCookie, ...(await firstLoginCookies(shopper.cookie))],
  };
}
