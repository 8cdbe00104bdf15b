import type { Shopper } from '~/modules/access/shopper.server';
import { clientKey } from '~/modules/http/client-key.server';
import {
  authenticateWithPassword,
  authnRefusalIn,
  sendPasscode,
  verifyPasscode,
  type AuthnResult,
} from './authn.server';
import { keepsSignedIn } from './keep-me-signed-in.server';
import { startAuthorization } from './sign-in.server';
import { serverT } from '~/modules/i18n/translations.server';

import type { SignInStep } from './sign-in-step';

export type SignInOutcome =
  | { kind: 'redirect'; redirectTo: string; setCookies: string[] }
  | { kind: 'step'; step: SignInStep; email: string; error?: string; notice?: string; status: number };

async function afterAuthn(
  request: Request,
  shopper: Shopper,
  result: AuthnResult,
  input: { email: string; goto: string; remember: boolean },
  step: SignInStep,
): Promise<SignInOutcome> {
  if (result.status !== 'SUCCESS') {
    return {
      kind: 'step',
      step,
      email: input.email,
      error: authnRefusalIn(shopper.language, result),
      status: result.status === 'LOCKED_OUT' ? 429 : 401,
    };
  }
  const { redirectTo, setCookie } = await startAuthorization(request, shopper, {
    sessionToken: result.sessionToken,
    goto: input.goto,
    remember: input.remember,
  });
  return { kind: 'redirect', redirectTo, setCookies: [setCookie] };
}

/** One step of the sign-in page: email → password or one-time passcode → authorize redirect. */
export async function signInStep(
  request: Request,
  shopper: Shopper,
  input: {
    intent: 'email' | 'password' | 'send-code' | 'code';
    email: string;
    password?: string;
    code?: string;
    goto: string;
    remember: boolean;
  },
): Promise<SignInOutcome> {
  input = { ...input, remember: keepsSignedIn(shopper.flags, input.remember) };
  const key = clientKey(request, shopper.session?.info.COMMON.deviceId);
  if (input.intent === 'email') return { kind: 'step', step: 'password', email: input.email, status: 200 };
  if (input.intent === 'password') {
    const result = await authenticateWithPassword({
      email: input.email,
      password: input.password ?? '',
      remember: input.remember,
      clientKey: key,
    });
    return afterAuthn(request, shopper, result, input, 'password');
  }
  if (input.intent === 'send-code') {
    const sent = await sendPasscode({ email: input.email, clientKey: key });
    if (sent.status === 'SENT') {
      return {
        kind: 'step',
        step: 'code',
        email: input.email,
        status: 200,
        notice: serverT(shopper.language, 'account')('If {{email}} has an account, we sent it a 6-digit code.', {
          email: input.email,
        }),
      };
    }
    return {
      kind: 'step',
      step: 'code',
      email: input.email,
      status: 429,
      error: authnRefusalIn(shopper.language, sent),
    };
  }
  const result = await verifyPasscode({
    email: input.email,
    passCode: input.code ?? '',
    remember: input.remember,
    clientKey: key,
  });
  return afterAuthn(request, shopper, result, input, 'code');
}
