/**
 * The consent step of an authorization (decision 0066). The storefront is first-party: what it asks
 * for is granted without a page. Every other client (an assistant) gets a page naming it and what it
 * will get, with Allow and Deny posting back here; Allow saves a grant of exactly what was asked, Deny
 * ends the authorization with access_denied.
 */
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import { customerById } from '../app/modules/identity/customers.server';
import { accessInWords } from '../app/modules/identity/linked-client-access';
import { linkedClientName } from '../app/modules/identity/linked-clients.server';
import { isCrossSite } from '../app/modules/http/same-origin.server';
import { STOREFRONT_CLIENT_ID } from './provider';
import { escapeHtml, renderProviderPage, type ProviderContext } from './provider-page';
import { pageLanguage, providerT } from './provider-language';
import type { Language } from '../app/modules/i18n/languages';

type Ctx = ProviderContext;
type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

interface MissingConsent {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

function problem(ctx: Ctx, language: Language, status: number, message: string) {
  const t = providerT(language);
  const say = (key: string) => escapeHtml(t(key));
  ctx.status = status;
  renderProviderPage(
    ctx,
    language,
    t('Linking problem'),
    `<h1>${say("We couldn't link your account")}</h1><p>${say(message)}</p><p>${say('Go back to the app you were linking and start again.')}</p>`,
  );
}

const missingOf = (details: InteractionDetails) => details.prompt.details as MissingConsent;

/** Saves a grant of exactly what the authorization asked for and was not granted yet; its id. */
async function grantWhatWasAsked(provider: Provider, details: InteractionDetails): Promise<string> {
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant =
    existing ??
    new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
  const missing = missingOf(details);
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(resource, scopes.join(' '));
  return grant.save();
}

/**
 * What the client will hold once allowed, in a shopper's words: every scope it asked for that is new
 * or already granted (a repeated prompt=consent lists them all, not only the new ones).
 */
async function requestedInWords(provider: Provider, details: InteractionDetails): Promise<string[]> {
  const missing = missingOf(details);
  const granted = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const holds = new Set([
    ...(missing.missingOIDCScope ?? []),
    ...Object.values(missing.missingResourceScopes ?? {}).flat(),
    ...(granted?.openid?.scope ?? '').split(' '),
    ...Object.values(granted?.resources ?? {}).flatMap((scope) => scope.split(' ')),
  ]);
  const asked = String(details.params.scope ?? '').split(' ');
  return accessInWords({
    scopes: asked.filter((scope) => holds.has(scope)),
    claims: [...(missing.missingOIDCClaims ?? []), ...(granted?.openid?.claims ?? [])],
  });
}

/** GET /interaction/:uid at the consent prompt: implied for the storefront, a page for any other client. */
export async function askConsent(provider: Provider, ctx: Ctx, details: InteractionDetails) {
  const clientId = String(details.params.client_id);
  if (clientId === STOREFRONT_CLIENT_ID) {
    const grantId = await grantWhatWasAsked(provider, details);
    await provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return;
  }
  const language = await pageLanguage(ctx, details.params.ui_locales);
  const t = providerT(language);
  // Each sentence is translated whole with its values, then escaped whole: names never carry markup.
  const say = (key: string, values?: Record<string, string>) => escapeHtml(t(key, values));
  const app = linkedClientName(clientId);
  const customer = await customerById(Number(details.session?.accountId));
  const who = customer
    ? `<p>${say('You are signed in as {{name}} ({{email}}).', { name: customer.first_name, email: customer.email })}</p>`
    : '';
  const items = (await requestedInWords(provider, details)).map((line) => `<li>${say(line)}</li>`).join('');
  renderProviderPage(
    ctx,
    language,
    t('Link {{app}} to your Pantry account', { app }),
    `<h1>${say('Link {{app}} to your Pantry account?', { app })}</h1>${who}` +
      `<h2 id="access-heading">${say('{{app}} will get', { app })}</h2><ul aria-labelledby="access-heading">${items}</ul>` +
      `<p>${say('You can unlink it at any time in your account, under Sign-in & security, Linked apps.')}</p>` +
      `<form method="post" action="/interaction/${escapeHtml(details.uid)}" class="actions">` +
      `<button type="submit" name="decision" value="allow">${say('Allow')}</button>` +
      `<button type="submit" name="decision" value="deny">${say('Deny')}</button></form>`,
  );
}

async function readForm(ctx: Ctx, limit = 2048): Promise<URLSearchParams | null> {
  if (!ctx.is('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function requestOf(ctx: Ctx) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.headers)) if (typeof value === 'string') headers.set(name, value);
  return { method: ctx.method, url: ctx.href, headers };
}

/**
 * POST /interaction/:uid, the consent page's Allow or Deny. Only from the page itself: another origin
 * is refused, and the provider's interaction cookie (SameSite=Lax, scoped to this path) must name
 * this very interaction, so no other site can answer for the shopper.
 */
export async function decideConsent(provider: Provider, ctx: Ctx, uid: string) {
  // Read first for the page's language; the interaction is only acted on after the checks below.
  let details: InteractionDetails | null;
  try {
    details = await provider.interactionDetails(ctx.req, ctx.res);
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
    details = null;
  }
  const language = await pageLanguage(ctx, details?.params.ui_locales);
  if (isCrossSite(requestOf(ctx))) return problem(ctx, language, 403, 'This form must be sent from our own pages.');
  const form = await readForm(ctx);
  const decision = form?.get('decision');
  if (decision !== 'allow' && decision !== 'deny') return problem(ctx, language, 400, 'Choose Allow or Deny.');
  if (
    !details ||
    details.uid !== uid ||
    details.prompt.name !== 'consent' ||
    details.params.client_id === STOREFRONT_CLIENT_ID
  )
    return problem(ctx, language, 400, 'This request to link your account expired.');
  if (decision === 'deny') {
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { error: 'access_denied', error_description: 'The customer did not allow the link.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grantId = await grantWhatWasAsked(provider, details);
  await provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
