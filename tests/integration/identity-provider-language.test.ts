import { describe, expect, it } from 'vitest';
import { authorizeUrl, endSessionUrl, pkcePair } from '~/modules/identity/oidc-client.server';
import { bindSessionToken, issueSessionToken } from '~/modules/identity/session-tokens.server';
import { useRealIdentityProvider } from './support/identity-provider';

const ORIGIN = 'http://localhost:3000';
const CALLBACK = `${ORIGIN}/account/auth/callback`;
const JORDAN = 500001;
/** A navigation another site started: the provider asks before signing out (decision 0065). */
const CROSS_SITE = {
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Mode': 'navigate',
  Referer: 'https://elsewhere.example/',
};

/** Signs Jordan in at the provider as the storefront does; the provider's cookies, for the next request. */
async function providerSessionCookies(): Promise<string> {
  const sessionToken = await issueSessionToken(JORDAN, { remember: false, method: 'password' });
  const { challenge } = pkcePair();
  await bindSessionToken(sessionToken, challenge);
  const jar = new Map<string, string>();
  let next = authorizeUrl({ origin: ORIGIN, state: 'calm-heron', nonce: 'n-1', challenge, sessionToken });
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [name = '', ...value] = cookie.split(';')[0]!.split('=');
      jar.set(name.trim(), value.join('='));
    }
    const target = new URL(response.headers.get('location') ?? '', next);
    if (target.toString().startsWith(CALLBACK)) return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    next = target.toString();
  }
  throw new Error('too many redirects');
}

/**
 * The provider's own pages speak the storefront's language (decision 0117): the storefront sends ui_locales,
 * the provider reads it, falls back to Accept-Language, then English, and says which in `<html lang>`.
 */
describe("the identity provider's pages in the shopper's language", () => {
  const provider = useRealIdentityProvider('sqlite', [ORIGIN]);

  /** An authorization the provider cannot send back to any client: it answers with its own error page. */
  const errorPage = async (query: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${provider.issuer}/oauth2/v1/authorize?client_id=no-such-client&${query}`, {
      redirect: 'manual',
      headers,
    });
    expect(response.status).toBe(400);
    return response.text();
  };

  it('answers in Spanish, with lang="es", when ui_locales asks for es', async () => {
    const html = await errorPage('ui_locales=es');
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Problema al iniciar sesión</title>');
    expect(html).toContain('<h1>No pudimos iniciar su sesión</h1>');
    expect(html).toContain('>Volver a la tienda</a>');
    // The protocol's own description stays English, and says so.
    expect(html).toMatch(/<p lang="en">[^<]+<\/p>/);
  });

  it('answers in English when ui_locales names no language of ours and nothing else asks', async () => {
    const html = await errorPage('ui_locales=fr-CA');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>We couldn&#39;t sign you in</h1>');
    expect(html).toContain('>Back to the store</a>');
  });

  it('falls back to Accept-Language without a ui_locales of ours', async () => {
    expect(await errorPage('', { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' })).toContain('<html lang="es">');
    expect(await errorPage('ui_locales=fr', { 'Accept-Language': 'es-US' })).toContain(
      '<h1>No pudimos iniciar su sesión</h1>',
    );
    // ui_locales, when it names one of ours, wins over the header.
    expect(await errorPage('ui_locales=en', { 'Accept-Language': 'es-US' })).toContain('<html lang="en">');
  });

  it('lists the languages it speaks in its discovery document', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    expect(discovery.ui_locales_supported).toEqual(['en', 'es']);
  });

  it("asks in Spanish before a sign-out another site started, when the storefront's logout URL says es", async () => {
    const cookies = await providerSessionCookies();
    const logout = endSessionUrl({ origin: ORIGIN, language: 'es' });
    expect(new URL(logout).searchParams.get('ui_locales')).toBe('es');
    const response = await fetch(logout, { headers: { Cookie: cookies, ...CROSS_SITE } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<h1>¿Cerrar sesión en Pantry?</h1>');
    expect(html).toMatch(/<button [^>]*form="op\.logoutForm" name="logout" value="yes">Cerrar sesión<\/button>/);
    expect(html).toContain(`<a href="${ORIGIN}/">Mantener la sesión iniciada</a>`);

    // The same request without a language: English.
    const english = await (
      await fetch(endSessionUrl({ origin: ORIGIN }), { headers: { Cookie: cookies, ...CROSS_SITE } })
    ).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Sign out of Pantry?</h1>');
  });

  it("signs out at once from a storefront page, with the page's language on the no-script fallback", async () => {
    const cookies = await providerSessionCookies();
    const response = await fetch(endSessionUrl({ origin: ORIGIN, language: 'es' }), {
      headers: { Cookie: cookies, 'Sec-Fetch-Site': 'same-site', Referer: `${ORIGIN}/` },
    });
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('document.forms[0].submit()');
    expect(html).toContain('<noscript><p>Cerrando su sesión…</p><button form="op.logoutForm">Continuar</button>');
  });

  it('sends the language in the authorization request the storefront builds', () => {
    const { challenge } = pkcePair();
    const url = new URL(authorizeUrl({ origin: ORIGIN, state: 's', nonce: 'n', challenge, language: 'es' }));
    expect(url.searchParams.get('ui_locales')).toBe('es');
    expect(
      new URL(authorizeUrl({ origin: ORIGIN, state: 's', nonce: 'n', challenge })).searchParams.has('ui_locales'),
    ).toBe(false);
  });
});
