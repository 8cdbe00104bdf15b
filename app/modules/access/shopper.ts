import type { HostInfo } from '~/modules/banners/hosts';
import type { FeatureFlags } from '~/modules/flags/feature-flags.server';
import type { CookieContext } from '~/modules/session/session-cookie.server';
import type { SessionData, UserType } from '~/modules/session/session-schema';
import type { Language } from '~/modules/i18n/languages';
import type { CustomerClaims } from './token.server';

// Apart from shopper.server.ts, which resolves a shopper: the modules it calls (identity, stores, session)
// take a shopper too, and would otherwise import their own caller.

/** Who is asking, resolved once per request from the host and the cookies. */
export interface Shopper {
  userType: UserType;
  host: HostInfo;
  flags: FeatureFlags;
  session: SessionData | null;
  /** The customer a verified token names: C, or R whose token lapsed. */
  customer: CustomerClaims | null;
  elevated: boolean;
  cookie: CookieContext;
  url: URL;
  /** The language the page answers in (decision 0116). */
  language: Language;
  /** Set-Cookie headers the response must carry (for example, dropping a tampered cookie). */
  headers: Headers;
}

export interface AuthorizedShopper extends Shopper {
  authorized: true;
  /** A store id read from the page path, when the page and the enableStoreIdSelector flag allow it. */
  pathStoreId: string | null;
  /** True when this request established the guest session (the header, rendered in parallel, has not seen it). */
  establishedSession: boolean;
}
