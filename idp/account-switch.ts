import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { customerById } from '../app/modules/identity/customers.server';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A sign-in as another account than the provider session's makes oidc-provider answer with a page that posts
 * the first account's logout by itself. Carried from another site (login CSRF), that would swap the customer
 * for the attacker without a word; so the page asks instead: sign out and continue, or keep the account
 * (decision 0062). Runs after the provider has answered the resumed authorization.
 */
type Ctx = Parameters<Parameters<Provider['use']>[0]>[0];

/** Where the provider's end-session confirmation posts (routes.end_session in idp/provider.ts, + /confirm). */
const END_SESSION_CONFIRM = '/oauth2/v1/logout/confirm';

export async function askBeforeSwitchingAccounts(ctx: Ctx, storefrontOrigin: string, nonce: string) {
  const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
  const secret = oidc?.session?.state?.secret;
  if (oidc?.route !== 'resume' || typeof ctx.body !== 'string' || typeof secret !== 'string') return;
  const current = oidc.session?.accountId ? await customerById(Number(oidc.session.accountId)) : undefined;
  const who = current ? escapeHtml(current.first_name) : 'another customer';
  ctx.type = 'html';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Switch accounts?</title><style nonce="${nonce}">body{font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem}button,a{font:inherit;padding:.6rem 1rem;border-radius:.5rem}button{background:#166534;color:#fff;border:0;cursor:pointer}a{color:#166534}</style></head><body><main><h1>Switch accounts?</h1><p>This browser is signed in as ${who}. A sign-in with a different account was started. If you didn't start it, keep your account.</p><form method="post" action="${END_SESSION_CONFIRM}"><input type="hidden" name="xsrf" value="${escapeHtml(secret)}"><input type="hidden" name="logout" value="yes"><button type="submit">Sign out ${who} and continue</button></form><p><a href="${escapeHtml(storefrontOrigin)}/">Keep me signed in as ${who}</a></p></main></body></html>`;
}
