import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { BANNER_IDS, DEFAULT_BANNER } from '../app/modules/banners/hosts';
import {
  ASSISTANT_CLIENT_ID,
  assistantClientSecret,
  assistantRedirectUris,
} from '../app/modules/identity/assistant-sign-in.server';
import { customerById } from '../app/modules/identity/customers.server';
import { STAFF_CLAIM_MAX_STORES } from '../app/modules/access/staff-access';
import { staffClaimOf } from '../app/modules/staff/staff-roles.server';
import { isOwnNavigation } from '../app/modules/http/same-site-navigation';
import { IDENTITY_SESSION_MAX_AGE_S } from '../app/modules/session/cookie-policy';
import { KyselyAdapter } from './adapter';
import { cspNonce, escapeHtml, providerPageHtml } from './provider-page';
import { pageLanguage, providerT, UI_LOCALES_SUPPORTED } from './provider-language';
import type { Language } from '../app/modules/i18n/languages';
import { isUnconfirmed } from './unconfirmed-sign-ins';
import type { IdpSecrets } from './keys';

export const STOREFRONT_CLIENT_ID = 'pantry-storefront';
export const STOREFRONT_RESOURCE = 'urn:pantry:storefront';
/** The session's maxAge (spec section 9): the storefront's syndicated and signed-in cookies read the same constant. */
const SESSION_MAX_AGE_S = IDENTITY_SESSION_MAX_AGE_S;

/** Every storefront origin (each banner, consumer and business) on the storefront's port. */
export function storefrontOrigins(port: string | number, extra: string[] = []): string[] {
  const hosts: string[] = [];
  for (const banner of BANNER_IDS) {
    const base = banner === DEFAULT_BANNER ? 'localhost' : `${banner}.localhost`;
    hosts.push(base, `business.${base}`);
  }
  return [...hosts.map((host) => `http://${host}:${port}`), ...extra];
}

/** The question asked when a sign-out did not come from a storefront page: nothing happens without a click. */
function logoutConfirmation(nonce: string, language: Language, form: string, storefront: string): string {
  const t = providerT(language);
  const say = (key: string) => escapeHtml(t(key));
  const home = escapeHtml(new URL('/', storefront).href);
  return providerPageHtml(
    nonce,
    language,
    t('Sign out of Pantry?'),
    `<h1>${say('Sign out of Pantry?')}</h1><p>${say("This sign-out request didn't come from a Pantry page. Choose Sign out if you want to sign out.")}</p>${form}<div class="actions"><button class="primary" form="op.logoutForm" name="logout" value="yes">${say('Sign out')}</button><a href="${home}">${say('Stay signed in')}</a></div>`,
  );
}

/** A sign-out the storefront started: the form posts itself; without JavaScript, one button does it. */
function logoutAtOnce(nonce: string, language: Language, form: string): string {
  const t = providerT(language);
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t('Signing you out…'))}</title></head><body>${confirmed}<script nonce="${nonce}">document.forms[0].submit()</script><noscript><p>${escapeHtml(t('Signing you out…'))}</p><button form="op.logoutForm">${escapeHtml(t('Continue'))}</button></noscript></body></html>`;
}

export interface ProviderOptions {
  issuer: string;
  origins: string[];
  secrets: IdpSecrets;
  /** The storefront's port, for the assistant's default (local demo) redirect URIs. */
  storefrontPort?: string | number;
}

export function createProvider({ issuer, origins, secrets, storefrontPort }: ProviderOptions): Provider {
  const policy = interactionPolicy.base();
  // A new sessionToken must log in again even when a provider session exists (another account, or
  // an elevated sign-in); otherwise the default policy would silently keep the old session.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('session_token', 'a sessionToken was presented', (ctx: KoaContextWithOIDC) =>
      // …but only until this authorization's own login has happened (the resumed request).
      ctx.oidc.params?.sessionToken && !ctx.oidc.result?.login
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  // A session whose sign-in no storefront completed (its code never exchanged) signs nobody in silently:
  // prompt=none answers login_required, as if there were no session (decision 0062).
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'unconfirmed_sign_in',
        'the session was signed in by an authorization the storefront never completed',
        async (ctx: KoaContextWithOIDC) =>
          ctx.oidc.session?.accountId &&
          !ctx.oidc.params?.sessionToken &&
          !ctx.oidc.result?.login &&
          (await isUnconfirmed(ctx.oidc.session.uid))
            ? interactionPolicy.Check.REQUEST_PROMPT
            : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: KyselyAdapter,
    clients: [
      {
        client_id: STOREFRONT_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        id_token_signed_response_alg: 'ES256',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/account/auth/callback`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/account/signed-out`),
      },
      {
        // An assistant that links a shopper's account (spec: assistant sign-in parameters): a
        // confidential client that receives a code at its registered redirect URI.
        client_id: ASSISTANT_CLIENT_ID,
        client_secret: assistantClientSecret(secrets.cookieKeys[0]!),
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
        redirect_uris: assistantRedirectUris(storefrontPort),
        // Who the customer is and a refresh token, never the storefront's own scopes (shopping, or the
        // elevated sign-in of used_credentials): anything else is invalid_scope (decision 0066).
        scope: 'openid profile email offline_access',
      },
    ],
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    // The storefront is a public client: PKCE always. The assistant authenticates with its secret.
    pkce: { required: (_ctx, client) => client.clientId !== ASSISTANT_CLIENT_ID, methods: ['S256'] },
    extraParams: ['sessionToken'],
    // The storefront names its page's language on authorization and logout requests (decision 0117).
    discovery: { ui_locales_supported: UI_LOCALES_SUPPORTED },
    routes: {
      authorization: '/oauth2/v1/authorize',
      token: '/oauth2/v1/token',
      jwks: '/oauth2/v1/keys',
      end_session: '/oauth2/v1/logout',
      userinfo: '/oauth2/v1/userinfo',
      revocation: '/oauth2/v1/revoke',
    },
    scopes: ['openid', 'profile', 'email', 'offline_access', 'shop', 'used_credentials'],
    claims: {
      openid: ['sub'],
      profile: ['firstName', 'lastName', 'customerId', 'hhid', 'clubCard'],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const customer = await customerById(Number(sub));
      if (!customer) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            firstName: customer.first_name,
            lastName: customer.last_name,
            customerId: String(customer.id),
            hhid: customer.house_id,
            clubCard: customer.club_card,
            email: customer.email,
            email_verified: customer.email_verified === 1,
          };
        },
      };
    },
    async extraTokenClaims(ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const customer = accountId ? await customerById(Number(accountId)) : undefined;
      if (!customer) return undefined;
      // When the customer last presented credentials (a refresh renews iat, not this): the
      // storefront's elevated sign-in rule (at most 10 minutes old) reads it from the access token.
      const signIn = ctx?.oidc?.entities?.AuthorizationCode ?? ctx?.oidc?.entities?.RefreshToken;
      // Store staff roles for the storefront only (a linked assistant never learns them); read again at every
      // issue and renewal, and re-checked by the storefront against the table on every staff page (decision 0079).
      const staff =
        'clientId' in token && token.clientId === STOREFRONT_CLIENT_ID ? await staffClaimOf(customer.id) : undefined;
      return {
        ...(staff ? { staff: staff.slice(0, STAFF_CLAIM_MAX_STORES) } : {}),
        ...(signIn?.authTime ? { auth_time: signIn.authTime } : {}),
        customerId: String(customer.id),
        firstName: customer.first_name,
        hhid: customer.house_id,
        clubCard: customer.club_card,
        uuid: customer.uuid,
        // Storefronts refuse the token once this grant is gone (sign-out, revocation): decision 0021.
        ...('grantId' in token && typeof token.grantId === 'string' ? { gid: token.grantId } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          const language = await pageLanguage(ctx);
          ctx.set('Content-Language', language);
          // A sign-out the storefront started is confirmed at once; one another site started is asked about,
          // so no page can sign a visitor out with a link (decision 0065).
          if (isOwnNavigation(ctx, [...origins, new URL(issuer).origin])) {
            // logout=yes ends the provider session itself; without it only the storefront's grant would end,
            // and the next silent sign-on would find the account still signed in at the provider.
            ctx.body = logoutAtOnce(cspNonce(ctx), language, form);
            return;
          }
          ctx.body = logoutConfirmation(cspNonce(ctx), language, form, origins[0] ?? issuer);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => STOREFRONT_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'shop used_credentials',
          audience: STOREFRONT_CLIENT_ID,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 45 * 60,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    // The storefront is first-party: its consent is implied, so no consent page ever appears. Any other
    // client keeps only what the customer allowed on the consent page (idp/consent.ts, decision 0066).
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing || clientId !== STOREFRONT_CLIENT_ID) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(STOREFRONT_RESOURCE, 'shop used_credentials');
      await grant.save();
      return grant;
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      Session: SESSION_MAX_AGE_S,
      Grant: SESSION_MAX_AGE_S,
      Interaction: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 45 * 60,
      AccessToken: 45 * 60,
      RefreshToken: SESSION_MAX_AGE_S,
    },
    // OIDC grants offline_access only with a consent prompt, so the storefront's sign-in never carries
    // it. Its first-party client still gets a refresh token whenever the customer presented credentials
    // (`used_credentials`, decision 0014); without offline_access the provider binds that token to its
    // session (the default expiresWithSession): it renews while the session lives — 90 days or the
    // browser session, as keep-me-signed-in chose — and dies with sign-out or another account's
    // sign-in. A silent single sign-on still gets none (decision 0010).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') ||
        (client.clientId === STOREFRONT_CLIENT_ID && code.scopes.has('used_credentials'))),
    rotateRefreshToken: true,
    jwks: secrets.jwks as Configuration['jwks'],
    async renderError(ctx, out) {
      ctx.type = 'html';
      const language = await pageLanguage(ctx);
      const t = providerT(language);
      ctx.set('Content-Language', language);
      // The protocol's own description is English whatever the page's language: marked so, for screen readers.
      const described = out.error_description ?? out.error;
      const message = described
        ? `<p lang="en">${escapeHtml(String(described))}</p>`
        : `<p>${escapeHtml(t('Sign-in failed'))}</p>`;
      ctx.body = providerPageHtml(
        cspNonce(ctx),
        language,
        t('Sign-in problem'),
        `<h1>${escapeHtml(t("We couldn't sign you in"))}</h1>${message}<p><a href="${escapeHtml(origins[0] ?? '')}/IAUC408.html">${escapeHtml(t('Back to the store'))}</a></p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  return provider;
}
