import { BANNER_IDS, DEFAULT_BANNER, hostForBanner, type SiteType } from '~/modules/banners/hosts';
import { appEnv, trustedOrigins } from '~/modules/config/env.server';
import type { RedirectPolicy } from './safe-redirect';

/**
 * The storefront's own hosts when no TRUSTED_DOMAINS are configured: every banner's consumer and business
 * site on localhost, on the storefront's own port, over plain http (a developer's machine and the tests).
 */
export function ownBannerOrigins(port: number): string[] {
  const local = { hostname: 'localhost', bannerId: DEFAULT_BANNER, environment: 'local-origin' as const };
  return (['C', 'B'] as SiteType[]).flatMap((siteType) =>
    BANNER_IDS.map((banner) => `http://${hostForBanner({ ...local, siteType }, banner, String(port))}`),
  );
}

/** The configured redirect policy: trusted origins and the default redirect URL. */
export function redirectPolicy(): RedirectPolicy {
  const env = appEnv();
  return { trustedOrigins: trustedOrigins() ?? ownBannerOrigins(env.PORT), defaultUrl: env.DEFAULT_REDIRECT_URL };
}
