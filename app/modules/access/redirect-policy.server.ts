import { appEnv, trustedDomains } from '~/modules/config/env.server';
import type { RedirectPolicy } from './safe-redirect';

/** The configured redirect policy: trusted domains and the default redirect URL. */
export function redirectPolicy(): RedirectPolicy {
  return { trustedDomains: trustedDomains(), defaultUrl: appEnv().DEFAULT_REDIRECT_URL };
}
