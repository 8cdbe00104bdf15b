import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  LiveReload,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNonce } from '~/components/Nonce';
import { BrowserSession } from '~/components/BrowserSession';
import { SessionTimeout } from '~/components/SessionTimeout';
import { deferred, island, pageMeta, STORE_DESCRIPTION, TranslationsProvider } from '~/components/page-essentials';
import type { Language } from '~/modules/i18n/languages';
import { filesToLoad, matchedStrings, type PageStrings } from '~/components/page-essentials';
import { isBusinessSiteClosed } from '~/modules/banners/business-site-closed';
import { Header } from '~/components/Header';
import stylesheet from '~/tailwind.css';
import {
  json,
  BusinessSiteClosedPageOnServer,
  ConsentBannerOnServer,
  FooterOnServer,
  ErrorMessageOnServer,
  OnboardingModalOnServer,
  ReceiptsOnboardingOnServer,
  PendingOrderAlertOnServer,
  SignInModalOnServer,
  StaffChromeOnServer,
  storefrontChrome,
  headerCounts,
  loadShopper,
  identityConfig,
  pageSubscriptionKey,
  takeFirstLogin,
  markContentModeResponse,
  readConsent,
  isStaffPath,
  noticeIn,
  signInModalTarget,
  reconcileSyndicatedCookie,
  readVisitIds,
  PreviewBarOnServer,
  contentModeChrome,
  pageStrings,
  languageAlternates,
  rootMeta,
} from '~/pages/root.server';

// What few pages show: the browser loads their code only on a page that renders them.
const SignInModal = deferred(SignInModalOnServer, async () => (await import('~/components/SignInModal')).SignInModal);
const OnboardingModal = deferred(
  OnboardingModalOnServer,
  async () => (await import('~/components/OnboardingModal')).OnboardingModal,
);
const ReceiptsOnboarding = deferred(
  ReceiptsOnboardingOnServer,
  async () => (await import('~/components/ReceiptsOnboarding')).ReceiptsOnboarding,
);
const ErrorMessage = deferred(
  ErrorMessageOnServer,
  async () => (await import('~/components/ErrorMessage')).ErrorMessage,
);

// Staff pages only (decision 0079): a shopper's page never loads the staff chrome.
const StaffChrome = deferred(StaffChromeOnServer, async () => (await import('~/components/StaffChrome')).StaffChrome);

const PendingOrderAlert = deferred(
  PendingOrderAlertOnServer,
  async () => (await import('~/components/PendingOrderAlert')).PendingOrderAlert,
);
// Only while a content editor previews the storefront (decision 0093).
const PreviewBar = deferred(PreviewBarOnServer, async () => (await import('~/components/PreviewBar')).PreviewBar);
// Only in a browser that refuses cookies (decision 0101): the in-memory session and its notice.
const CookiesRefused = deferred(undefined, async () => (await import('~/components/CookiesRefused')).CookiesRefused);
const BusinessSiteClosedPage = deferred(
  BusinessSiteClosedPageOnServer,
  async () => (await import('~/components/BusinessSiteClosedPage')).BusinessSiteClosedPage,
);

// Links and forms that work the same without JavaScript: their code loads when their content changes.
const Footer = island(FooterOnServer, async () => (await import('~/components/Footer')).Footer);
const ConsentBanner = island(
  ConsentBannerOnServer,
  async () => (await import('~/components/ConsentBanner')).ConsentBanner,
  {
    followsLocation: true,
  },
);

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await loadShopper(request);
  const url = new URL(request.url);
  const customer = shopper.userType === 'C' ? shopper.customer : null;
  const [chrome, consent, firstLogin, header, syndicated, visit, contentMode] = await Promise.all([
    storefrontChrome(shopper),
    readConsent(request, shopper),
    customer ? takeFirstLogin(request, shopper.cookie) : Promise.resolve(null),
    headerCounts(request, shopper),
    // The company's other sites read the store from the syndicated cookie: a bad or stale one is rewritten.
    reconcileSyndicatedCookie(request, shopper.session, shopper.cookie),
    readVisitIds(request, shopper.cookie.siteType),
    contentModeChrome(request, shopper.host.siteType, shopper.language),
  ]);
  const headers = new Headers(shopper.headers);
  const staffPage = isStaffPath(url.pathname);
  // A content mode's data is never cached or indexed (documents: entry.server.tsx).
  if (contentMode) markContentModeResponse(headers);
  for (const cookie of firstLogin?.setCookies ?? []) headers.append('Set-Cookie', cookie);
  if (syndicated.setCookie) headers.append('Set-Cookie', syndicated.setCookie);
  return json(
    {
      ...chrome,
      clippedOffers: header.clippedOffers,
      cartCount: header.cartCount,
      pendingOrder: header.pendingOrder,
      consentDecided: consent !== null,
      notice: noticeIn(shopper.language, url.searchParams.get('notice')),
      staffPage,
      contentMode,
      // The session-timeout modal's clock and the provider it renews the session with.
      session: customer
        ? { expiresAt: customer.exp * 1000, issuer: identityConfig().issuer, banner: shopper.host.bannerId }
        : null,
      signInModal: customer ? null : signInModalTarget(url),
      onboarding: firstLogin?.onboarding
        ? { event: firstLogin.onboarding, firstTimeLogin: firstLogin.firstTimeLogin }
        : null,
      // Copies of the HttpOnly visitor and session ids, for page scripts (local storage).
      visit,
      // What the page's service calls carry (the preload call for the store's flags; decision 0085).
      service: { banner: shopper.host.bannerId, subscriptionKey: pageSubscriptionKey() },
      // The chrome's strings in the page's language; each route's loader adds its own (decision 0116). The staff
      // chrome's come with it: a shopper refused a staff page (403) gets no strings from the staff route's loader.
      i18n: pageStrings(shopper.language, staffPage ? ['common', 'staff'] : ['common']),
      alternates: languageAlternates(request, url),
      // The home page's title and description, and any page's whose route has no meta of its own.
      ...rootMeta(shopper.language, chrome.banner.name),
    },
    { headers },
  );
}

// The home page's, and any document's whose route has no meta of its own. An error page's title names the error in
// the page's language (the root loader writes both: the failed route's strings never loaded, and words in this
// module would weigh on every page's JavaScript).
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  pageMeta(
    (error ? (isRouteErrorResponse(error) && error.status === 404 ? data?.notFound : data?.failed) : 0) ||
      data?.title ||
      'Pantry',
    data?.description ?? STORE_DESCRIPTION,
  );

interface DocumentProps {
  children: ReactNode;
  style?: string;
  noindex?: boolean;
  language?: Language;
  alternates?: { hreflang: string; href: string }[];
}

function Document({ children, style, noindex, language = 'en', alternates = [] }: DocumentProps) {
  const nonce = useNonce();
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16803c" />
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <Meta />
        {alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <Links />
        <StringsPreloads />
        {style ? <style nonce={nonce || undefined}>{style}</style> : null}
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The strings files a document's loader data refers to (decision 0120): the browser starts loading them with the
 * page, and entry.client.tsx waits for them before it hydrates. Strings that came inline need none. Only a browser
 * that runs scripts loads them (`scripting: enabled`): without JavaScript the page already has every word.
 */
function StringsPreloads() {
  const hrefs = new Set(
    useMatches().flatMap((match) => filesToLoad((match.data as { i18n?: PageStrings } | null)?.i18n)),
  );
  return [...hrefs].map((href) => (
    <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" media="(scripting: enabled)" href={href} />
  ));
}

/** The root's strings and every matched route's (their loaders' `i18n`), for useT() anywhere on the page. */
function PageTranslations({ language, children }: { language: Language; children: ReactNode }) {
  const strings = matchedStrings(useMatches());
  return (
    <TranslationsProvider language={language} strings={strings}>
      {children}
    </TranslationsProvider>
  );
}

/** Whether the browser refuses cookies; known only once the page runs (false on the server and in the first render). */
function useCookiesRefused(): boolean {
  const [refused, setRefused] = useState(false);
  useEffect(() => setRefused(!navigator.cookieEnabled), []);
  return refused;
}

export default function App() {
  const chrome = useLoaderData<typeof loader>();
  const cookiesRefused = useCookiesRefused();
  if (chrome.staffPage)
    return (
      <PageTranslations language={chrome.language}>
        <Document style={chrome.banner.styleText} language={chrome.language}>
          <StaffChrome bannerName={chrome.banner.name} signedIn={chrome.userType === 'C'}>
            <Outlet />
          </StaffChrome>
          <SessionTimeout session={chrome.session} />
        </Document>
      </PageTranslations>
    );
  return (
    <PageTranslations language={chrome.language}>
      <Document
        style={chrome.banner.styleText}
        noindex={chrome.contentMode !== null}
        language={chrome.language}
        alternates={chrome.alternates}
      >
        {chrome.contentMode ? <PreviewBar contentMode={chrome.contentMode} /> : null}
        <Header chrome={chrome} />
        {chrome.pendingOrder ? <PendingOrderAlert /> : null}
        <main id="main" className="flex-1">
          {cookiesRefused ? <CookiesRefused /> : null}
          {chrome.onboarding?.event === 'first-receipt' ? <ReceiptsOnboarding /> : null}
          {chrome.notice ? (
            <div className="container-page pt-4">
              <p role="status" className="notice" data-testid="notice">
                {chrome.notice}
              </p>
            </div>
          ) : null}
          <Outlet />
        </main>
        <Footer bannerName={chrome.banner.name} signedIn={chrome.userType === 'C'} language={chrome.language} />
        {chrome.consentDecided ? null : <ConsentBanner language={chrome.language} />}
        {chrome.signInModal ? <SignInModal goto={chrome.signInModal.goto} /> : null}
        {chrome.onboarding?.event === 'account-created' ? (
          <OnboardingModal
            bannerName={chrome.banner.name}
            firstName={chrome.firstName}
            firstTimeLogin={chrome.onboarding.firstTimeLogin}
          />
        ) : null}
        <SessionTimeout session={chrome.session} />
        <BrowserSession
          visit={chrome.visit}
          service={chrome.service}
          store={
            chrome.store
              ? {
                  storeId: String(chrome.store.id),
                  name: chrome.store.name,
                  preference: chrome.preference,
                  zipcode: chrome.zipcode,
                }
              : null
          }
        />
      </Document>
    </PageTranslations>
  );
}

/** Never shows a stack trace: a friendly page, with the status when it is an HTTP error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const chrome = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : null;
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : undefined;
  return (
    <PageTranslations language={chrome?.language ?? 'en'}>
      <Document style={chrome?.banner.styleText} noindex={Boolean(chrome?.contentMode)} language={chrome?.language}>
        {chrome?.contentMode ? <PreviewBar contentMode={chrome.contentMode} /> : null}
        {chrome ? <Header chrome={chrome} /> : null}
        <main id="main" className="container-page flex-1 py-16">
          {isBusinessSiteClosed(data) ? (
            <BusinessSiteClosedPage closed={data} />
          ) : (
            <ErrorMessage status={status} message={message} />
          )}
        </main>
      </Document>
    </PageTranslations>
  );
}

/** The header shows the store and the greeting, which any navigation may change: always reload it. */
export const shouldRevalidate = () => true;
