import { describe, expect, it } from 'vitest';
import { languageOfUiLocales, PROVIDER_SPANISH, providerLanguage, providerT } from '../../idp/provider-language';
import { accessInWords } from '~/modules/identity/linked-client-access';

/** The identity provider's page language (decision 0117): ui_locales, then Accept-Language, then English. */
describe('the identity provider page language', () => {
  it('takes the first ui_locales tag Pantry speaks, by its primary language', () => {
    expect(languageOfUiLocales('es')).toBe('es');
    expect(languageOfUiLocales('es-US')).toBe('es');
    expect(languageOfUiLocales('fr-CA es en')).toBe('es');
    expect(languageOfUiLocales('EN-us es')).toBe('en');
  });

  it('reads no language from an unknown, empty or non-text ui_locales', () => {
    expect(languageOfUiLocales('fr de')).toBeNull();
    expect(languageOfUiLocales('')).toBeNull();
    expect(languageOfUiLocales(undefined)).toBeNull();
    expect(languageOfUiLocales(['es'])).toBeNull();
  });

  it('prefers ui_locales to Accept-Language', async () => {
    expect(await providerLanguage('en', 'es-MX,es;q=0.9')).toBe('en');
    expect(await providerLanguage('es', 'en-US,en;q=0.9')).toBe('es');
  });

  it('falls back to Accept-Language when ui_locales names no language of ours, then to English', async () => {
    expect(await providerLanguage('fr', 'es-MX,es;q=0.9')).toBe('es');
    expect(await providerLanguage(undefined, 'es')).toBe('es');
    expect(await providerLanguage('fr', 'de-DE')).toBe('en');
    expect(await providerLanguage(undefined, undefined)).toBe('en');
  });

  it('writes values into whole sentences in Spanish, and English as keyed', () => {
    expect(providerT('es')('Sign out {{name}} and continue', { name: 'Jordan' })).toBe(
      'Cerrar la sesión de Jordan y continuar',
    );
    expect(providerT('en')('Sign out {{name}} and continue', { name: 'Jordan' })).toBe('Sign out Jordan and continue');
  });

  it("says what a linked app gets in the same Spanish as the account's Linked apps page", () => {
    const lines = accessInWords({ scopes: ['openid', 'profile', 'email', 'offline_access'] });
    const t = providerT('es');
    for (const line of lines) expect(t(line), line).not.toBe(line);
    expect(t('your email address')).toBe('su correo electrónico');
  });

  it('keeps every placeholder of the English wording in the Spanish', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [english, spanish] of Object.entries(PROVIDER_SPANISH)) {
      expect(spanish.trim(), english).not.toBe('');
      expect(placeholders(spanish), english).toEqual(placeholders(english));
    }
  });
});
