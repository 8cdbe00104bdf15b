import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Shopper } from '~/modules/access/shopper.server';
import { clientKey } from '~/modules/http/client-key.server';
import { hitRateLimit, signInClientRule, waitRefusal } from '~/modules/identity/rate-limit.server';
import { issueSessionToken } from '~/modules/identity/session-tokens.server';
import { startAuthorization } from '~/modules/identity/sign-in.server';
import { serverT } from '~/modules/i18n/translations.server';
import { verifyPasskeySignIn } from './passkey-sign-in.server';
import { relyingPartyFor } from './relying-party.server';

export type PasskeySignInOutcome =
  | { ok: true; redirectTo: string; setCookies: string[] }
  | { ok: false; status: 400 | 429; code: string; message: string };

/**
 * A verified passkey ends exactly like a password: a single-use sessionToken (method 'passkey')
 * redeemed at the identity provider's authorize, then the same callback and cookies.
 */
export async function signInWithPasskey(
  request: Request,
  shopper: Shopper,
  input: { response: AuthenticationResponseJSON; goto: string; remember: boolean },
): Promise<PasskeySignInOutcome> {
  const key = clientKey(request, shopper.session?.info.COMMON.deviceId);
  const client = await hitRateLimit(`signin:client:${key}`, signInClientRule());
  if (!client.allowed) {
    return {
      ok: false,
      status: 429,
      code: 'LOCKED_OUT',
      message: waitRefusal('attempts', client.retryAfterSeconds, shopper.language),
    };
  }
  const verified = await verifyPasskeySignIn(relyingPartyFor(request), input.response);
  if (!verified.ok) {
    // Only the sign-in page reads this answer: every refusal in the shopper's language, as the lock-out's is.
    const message = serverT(shopper.language, 'account')(verified.message);
    return { ok: false, status: 400, code: verified.code, message };
  }
  const sessionToken = await issueSessionToken(verified.customerId, { remember: input.remember, method: 'passkey' });
  const { redirectTo, setCookie } = await startAuthorization(request, shopper, {
    sessionToken,
    goto: input.goto,
    remember: input.remember,
  });
  return { ok: true, redirectTo, setCookies: [setCookie] };
}
