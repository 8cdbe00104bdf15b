/**
 * The server-only imports of the root route, in one module: the browser build empties each `.server` module, and one
 * empty module per page keeps the tiny files several pages would share off the page.
 */
import { createElement } from 'react';
import { PlainFooter, type FooterProps } from '~/components/Footer';
import { TranslationsProvider } from '~/components/Translations';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { namespaceStrings } from '~/modules/i18n/page-strings.server';
import type { Language } from '~/modules/i18n/languages';
import { STORE_DESCRIPTION } from '~/components/page-meta';
import { withCachedMarkup } from '~/components/cached-markup.server';
import { noticeFor } from '~/modules/identity/notices';

export { json } from '@remix-run/node';
// The server renders these in the page; the browser loads them on demand (components/Deferred.tsx).
export { BusinessSiteClosedPage as BusinessSiteClosedPageOnServer } from '~/components/BusinessSiteClosedPage';
export { ErrorMessage as ErrorMessageOnServer } from '~/components/ErrorMessage';
export { OnboardingModal as OnboardingModalOnServer } from '~/components/OnboardingModal';
export { ReceiptsOnboarding as ReceiptsOnboardingOnServer } from '~/components/ReceiptsOnboarding';
export { PendingOrderAlert as PendingOrderAlertOnServer } from '~/components/PendingOrderAlert';
export { SignInModal as SignInModalOnServer } from '~/components/SignInModal';
export { StaffChrome as StaffChromeOnServer } from '~/components/StaffChrome';
export { PreviewBar as PreviewBarOnServer } from '~/components/PreviewBar';
// Links and forms only: the browser keeps their HTML and loads their code when it changes (components/Island.tsx).
export { ConsentBanner as ConsentBannerOnServer } from '~/components/ConsentBanner';
/** Rendered once per banner, shopper state and language. */
export const FooterOnServer = withCachedMarkup((props: FooterProps) =>
  createElement(
    TranslationsProvider,
    { language: props.language, strings: namespaceStrings(props.language, ['common']) },
    createElement(PlainFooter, props),
  ),
);
export { ShoppingLinks as ShoppingLinksOnServer, HeaderLogo as HeaderLogoOnServer } from '~/components/HeaderLinks';
export { storefrontChrome } from '~/modules/access/chrome.server';
export { headerCounts } from '~/modules/customers/customer-header.server';
export { loadShopper } from '~/modules/access/shopper.server';
export { identityConfig } from '~/modules/config/env.server';
import { subscriptionKeys } from '~/modules/config/env.server';

/** The subscription key pages send on service calls: the newest (decision 0085). */
export const pageSubscriptionKey = () => subscriptionKeys()[0]!;
export { takeFirstLogin } from '~/modules/identity/first-login.server';
export { readConsent } from '~/modules/session/consent.server';
export { reconcileSyndicatedCookie } from '~/modules/session/syndicated-cookie.server';
export { readVisitIds } from '~/modules/session/session-cookie.server';
// Used by the loader only: imported here, they stay off every page's browser code.
export { isStaffPath } from '~/modules/access/staff-access';
export { signInModalTarget } from '~/modules/identity/sign-in-modal';
export { contentModeChrome, markContentModeResponse } from '~/modules/content/content-chrome.server';
export { pageStrings };
export { languageAlternates } from '~/modules/i18n/alternates.server';

/** The notice after an automatic sign-in (spec section 4) in the page's language; the spec's English is its key. */
export function noticeIn(language: Language, value: string | null): string | null {
  const notice = noticeFor(value);
  return notice && serverT(language)(notice);
}

/** The root's title and description, written on the server in the page's language (no translation code in meta). */
export function rootMeta(language: Language, bannerName: string) {
  const t = serverT(language);
  return {
    title: t('{{banner}} — groceries delivered', { banner: bannerName }),
    description: t(STORE_DESCRIPTION),
    // An error page's titles (the root's meta picks one).
    notFound: t('Page not found'),
    failed: t('Something went wrong'),
  };
}
