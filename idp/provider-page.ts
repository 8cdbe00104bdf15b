import type Provider from 'oidc-provider';
import type { Language } from '../app/modules/i18n/languages';

/** A request's context as the provider's own middleware (`provider.use`) sees it. */
export type ProviderContext = Parameters<Parameters<Provider['use']>[0]>[0];
type Ctx = ProviderContext;

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1c1917}' +
  'ul{padding-left:1.25rem}.actions{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;margin-top:1.5rem}' +
  'button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border-radius:.75rem;border:1px solid #57534e;background:#fff;cursor:pointer}' +
  'button.primary,button[value=allow]{background:#166534;border-color:#166534;color:#fff}' +
  'a{color:#166534;font-weight:600}button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}';

/**
 * The provider's own pages (consent, account switch, sign-out confirmation, errors): one look, no script, in the
 * language provider-language.ts chose.
 */
export function providerPageHtml(nonce: string, language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The nonce idp/server.ts put in this response's Content-Security-Policy. */
export function cspNonce(ctx: { state: unknown }): string {
  const nonce: unknown = (ctx.state as { cspNonce?: unknown }).cspNonce;
  return typeof nonce === 'string' ? nonce : '';
}

export function renderProviderPage(ctx: Ctx, language: Language, title: string, body: string) {
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  // The words depend on ui_locales or Accept-Language (decision 0117).
  ctx.set('Content-Language', language);
  ctx.body = providerPageHtml(cspNonce(ctx), language, title, body);
}
