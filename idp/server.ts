/**
 * The identity provider process: oidc-provider (authorization code + PKCE, JWKS, logout) plus the
 * Okta-style primary authentication API and session lifecycle calls the spec names.
 */
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import { appEnv } from '../app/modules/config/env.server';
import { log } from '../app/modules/config/logger.server';
import { clientAddress, trustedProxies } from '../app/modules/http/client-key.server';
import {
  authenticateWithPassword,
  sendPasscode,
  verifyPasscode,
  type AuthnResult,
} from '../app/modules/identity/authn.server';
import { customerById } from '../app/modules/identity/customers.server';
import { redeemSessionToken } from '../app/modules/identity/session-tokens.server';
import { IDENTITY_SESSION_MAX_AGE_S } from '../app/modules/session/cookie-policy';
import { applySecurityHeaders, createNonce } from '../app/modules/http/security-headers.server';
import { askConsent, decideConsent } from './consent';
import { loadIdpSecrets } from './keys';
import { createProvider, storefrontOrigins } from './provider';
import type { ProviderContext } from './provider-page';
import { trackSignInConfirmation } from './unconfirmed-sign-ins';
import { askBeforeSwitchingAccounts } from './account-switch';
import { requestLog } from './request-log';
import { listenForMetrics } from '../server/metrics-server';
import { refuseWrongConfiguration } from '../app/modules/config/startup-check.server';

async function readJson(req: IncomingMessage, limit = 16 * 1024): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type Ctx = ProviderContext;

const text = (value: unknown, max = 320) => (typeof value === 'string' && value.length <= max ? value : '');
const rememberOf = (body: Record<string, unknown>) =>
  Boolean((body.options as { remember?: unknown } | undefined)?.remember === true);

function respondAuthn(ctx: Ctx, result: AuthnResult) {
  if (result.status === 'SUCCESS') {
    ctx.body = {
      status: 'SUCCESS',
      sessionToken: result.sessionToken,
      _embedded: { user: { id: String(result.customerId) } },
    };
    return;
  }
  if (result.status === 'LOCKED_OUT') {
    ctx.status = 429;
    ctx.set('Retry-After', String(result.retryAfterSeconds));
    ctx.body = { errorCode: 'E0000047', errorSummary: result.message };
    return;
  }
  ctx.status = 401;
  ctx.body = { errorCode: 'E0000004', errorSummary: result.message };
}

function noSession(ctx: Ctx) {
  ctx.status = 404;
  ctx.body = { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' };
}

export async function startIdentityProvider(options: {
  port: number;
  issuer: string;
  origins: string[];
  storefrontPort?: string | number;
}) {
  const provider: Provider = createProvider({
    issuer: options.issuer,
    origins: options.origins,
    secrets: await loadIdpSecrets(),
    storefrontPort: options.storefrontPort,
  });
  // The connection's address (through TRUSTED_PROXIES only): never a header the client may write.
  const clientKey = (ctx: Ctx) =>
    clientAddress(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For'), trustedProxies()) ?? 'unknown-client';

  // Okta-style primary authentication: each answers a sessionToken, a 401 or a 429.
  const jsonRoutes: Record<string, (body: Record<string, unknown>, ctx: Ctx) => Promise<void>> = {
    '/api/v1/authn': async (body, ctx) =>
      respondAuthn(
        ctx,
        await authenticateWithPassword({
          email: text(body.username),
          password: text(body.password, 200),
          remember: rememberOf(body),
          clientKey: clientKey(ctx),
        }),
      ),
    '/api/v1/authn/factors/otp/send': async (body, ctx) => {
      const result = await sendPasscode({ email: text(body.username), clientKey: clientKey(ctx) });
      if (result.status === 'SENT') ctx.body = { status: 'MFA_CHALLENGE' };
      else respondAuthn(ctx, result);
    },
    '/api/v1/authn/factors/otp/verify': async (body, ctx) =>
      respondAuthn(
        ctx,
        await verifyPasscode({
          email: text(body.username),
          passCode: text(body.passCode, 10),
          remember: rememberOf(body),
          clientKey: clientKey(ctx),
        }),
      ),
  };

  provider.use(requestLog());
  provider.use(trackSignInConfirmation(IDENTITY_SESSION_MAX_AGE_S));

  // The provider's own pages (logout confirmation, consent, errors) get the storefront's headers, with their
  // own nonce; forms there may go back to a storefront origin (the post-logout redirect).
  provider.use(async (ctx, next) => {
    const nonce = createNonce();
    ctx.state.cspNonce = nonce;
    await next();
    await askBeforeSwitchingAccounts(ctx, options.origins[0]!);
    // oidc-provider's own pages (logout without a session, form_post) carry a bare inline <script>:
    // it is the library's fixed markup, so it gets this response's nonce rather than 'unsafe-inline'.
    if (typeof ctx.body === 'string' && ctx.response.is('html'))
      ctx.body = ctx.body.replace(/<script>/g, `<script nonce="${nonce}">`);
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce, trustedOrigins: options.origins, frameAncestors: "'none'" });
    headers.forEach((value, name) => ctx.set(name, value));
  });

  provider.use(async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (ctx.path.startsWith('/api/v1/') && origin && options.origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.set('Vary', 'Origin');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'POST, DELETE');
        ctx.set('Access-Control-Allow-Headers', 'Content-Type');
        ctx.status = 204;
        return;
      }
    }

    const jsonHandler = ctx.method === 'POST' ? jsonRoutes[ctx.path] : undefined;
    if (jsonHandler) {
      const body = await readJson(ctx.req);
      if (!body) {
        ctx.status = 400;
        ctx.body = { errorCode: 'E0000003', errorSummary: 'The request body was not valid JSON.' };
        return;
      }
      await jsonHandler(body, ctx);
      return;
    }

    if (ctx.path === '/api/v1/sessions/me/lifecycle/refresh' && ctx.method === 'POST') {
      const session = await provider.Session.get(ctx);
      if (!session.accountId) return noSession(ctx);
      // Saving the session moves its expiry forward; a kept session stays for the session maxAge.
      await session.save(session.transient ? 24 * 3600 : IDENTITY_SESSION_MAX_AGE_S);
      const customer = await customerById(Number(session.accountId));
      ctx.body = { status: 'ACTIVE', login: customer?.email ?? null, userId: session.accountId };
      return;
    }
    if (ctx.path === '/api/v1/sessions/me' && ctx.method === 'DELETE') {
      const session = await provider.Session.get(ctx);
      if (!session.accountId) return noSession(ctx);
      await session.destroy();
      ctx.cookies.set('_session', null);
      ctx.cookies.set('_session.sig', null);
      ctx.status = 204;
      return;
    }

    const interaction = /^\/interaction\/([\w-]+)$/.exec(ctx.path);
    if (interaction && ctx.method === 'POST') {
      await decideConsent(provider, ctx, interaction[1]!);
      return;
    }
    if (interaction && ctx.method === 'GET') {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.prompt.name === 'consent') {
        await askConsent(provider, ctx, details);
        return;
      }
      const sessionToken = typeof details.params.sessionToken === 'string' ? details.params.sessionToken : '';
      const challenge = typeof details.params.code_challenge === 'string' ? details.params.code_challenge : '';
      // Only on the authorize request the storefront bound it to (decision 0062).
      const redeemed = sessionToken ? await redeemSessionToken(sessionToken, challenge) : null;
      if (!redeemed) {
        await provider.interactionFinished(
          ctx.req,
          ctx.res,
          { error: 'login_required', error_description: 'Sign in on the store to continue.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: String(redeemed.customerId), remember: redeemed.remember, amr: [redeemed.method] } },
        { mergeWithLastSubmission: false },
      );
      return;
    }

    if (ctx.path === '/healthz') {
      ctx.body = { ok: true };
      return;
    }
    await next();
  });

  const server = provider.listen(options.port);
  log.info('identity provider listening', { issuer: options.issuer, port: options.port });
  return { provider, server };
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''));
if (isMain) {
  refuseWrongConfiguration('identity provider');
  const port = appEnv().IDP_PORT;
  const storefrontPort = process.env.STOREFRONT_PORT ?? String(appEnv().PORT);
  const extra = (process.env.STOREFRONT_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await listenForMetrics(appEnv().IDP_METRICS_PORT, appEnv().METRICS_HOST);
  await startIdentityProvider({
    port,
    issuer: process.env.IDP_ISSUER ?? `http://localhost:${port}`,
    origins: storefrontOrigins(storefrontPort, extra),
    storefrontPort,
  });
}
