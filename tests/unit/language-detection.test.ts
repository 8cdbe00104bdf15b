import { describe, expect, it } from 'vitest';
import { languageOfHeader } from '~/modules/i18n/accept-language.server';
import { languageOfParam } from '~/modules/i18n/language.server';
import { withoutLanguageParam } from '~/modules/i18n/preferred-language.server';

describe('the language a browser asks for', () => {
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['es', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['en-US,es;q=0.5', 'en'],
    ['fr-FR,fr;q=0.9', 'en'],
    // The browser's first language decides (remix-i18next): a French browser reads English, its fallback.
    ['fr-FR,es;q=0.5', 'en'],
    ['*', 'en'],
    ['', 'en'],
  ])('reads %j as %s', async (header, expected) => {
    expect(await languageOfHeader(header)).toBe(expected);
  });

  it('answers English for malformed or huge headers, without reading all of them', async () => {
    expect(await languageOfHeader('x'.repeat(10_000))).toBe('en');
    expect(await languageOfHeader(';q=1'.repeat(3_000))).toBe('en');
    expect(await languageOfHeader('es;q=abc,,,;;;')).toBe('es');
    expect(await languageOfHeader(`es,${'zz-ZZ;q=0.1,'.repeat(1_000)}`)).toBe('es');
    expect(await languageOfHeader('\u0000\u202ees')).toBe('en');
  });
});

describe('the ?lng= parameter', () => {
  it('names a language only when it is one of the storefront’s', () => {
    expect(languageOfParam(new URL('http://localhost/?lng=es'))).toBe('es');
    expect(languageOfParam(new URL('http://localhost/?lng=en'))).toBe('en');
    for (const bad of ['../../etc/passwd', 'ES', 'es-MX', '', 'es%00', 'de'])
      expect(languageOfParam(new URL(`http://localhost/?lng=${encodeURIComponent(bad)}`)), bad).toBeNull();
  });

  it('is dropped from the page a language switch returns to, the rest kept', () => {
    expect(withoutLanguageParam('/shop/search-results.html?q=leche&lng=en')).toBe('/shop/search-results.html?q=leche');
    expect(withoutLanguageParam('/?lng=es')).toBe('/');
    expect(withoutLanguageParam('https://bayside.localhost/a?lng=es&b=1')).toBe('https://bayside.localhost/a?b=1');
  });
});
