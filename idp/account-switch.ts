import type { KoaContextWithOIDC } from 'oidc-provider';
import { customerById } from '../app/modules/identity/customers.server';
import { escapeHtml, renderProviderPage, type ProviderContext } from './provider-page';
import { pageLanguage, providerT } from './provider-language';

/**
 * A sign-in as another account than the provider session's makes oidc-provider answer with a page that posts
 * the first account's logout by itself. Carried from another site (login CSRF), that would swap the customer
 * for the attacker without a word; so the page asks instead: sign out and continue, or keep the account
 * (decision 0062). Runs after the provider has answered the resumed authorization.
 */
type Ctx = ProviderContext;

/** Where the provider's end-session confirmation posts (routes.end_session in idp/provider.ts, + /confirm). */
const END_SESSION_CONFIRM = '/oauth2/v1/logout/confirm';

export async function askBeforeSwitchingAccounts(ctx: Ctx, storefrontOrigin: string) {
  const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
  const secret = oidc?.session?.state?.secret;
  if (oidc?.route !== 'resume' || typeof ctx.body !== 'string' || typeof secret !== 'string') return;
  const current = oidc.session?.accountId ? await customerById(Number(oidc.session.accountId)) : undefined;
  // The resumed authorization's own parameters carry the storefront's ui_locales.
  const language = await pageLanguage(ctx);
  const t = providerT(language);
  const name = current ? current.first_name : t('another customer');
  const say = (key: string) => escapeHtml(t(key, { name }));
  renderProviderPage(
    ctx,
    language,
    t('Switch accounts?'),
    `<h1>${say('Switch accounts?')}</h1><p>${say("This browser is signed in as {{name}}. A sign-in with a different account was started. If you didn't start it, keep your account.")}</p><form method="post" action="${END_SESSION_CONFIRM}"><input type="hidden" name="xsrf" value="${escapeHtml(secret)}"><input type="hidden" name="logout" value="yes"><div class="actions"><button class="primary" type="submit">${say('Sign out {{name}} and continue')}</button><a href="${escapeHtml(storefrontOrigin)}/">${say('Keep me signed in as {{name}}')}</a></div></form>`,
  );
}
