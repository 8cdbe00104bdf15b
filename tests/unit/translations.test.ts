import { readdirSync, readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '~/modules/i18n/languages';
import { translate } from '~/modules/i18n/translate';
import { NAMESPACES, RESOURCES, serverT } from '~/modules/i18n/translations.server';
import { keysInSource } from '../../scripts/translation-keys';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the translation files', () => {
  it('holds every namespace the server knows, in both languages, and nothing else', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(`app/locales/${language}`).map((file) => file.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it('has a Spanish entry for every key the code translates', () => {
    const spanish = new Set(
      NAMESPACES.flatMap((namespace) => Object.keys(RESOURCES.es[namespace]).map((key) => key.replace(PLURAL, ''))),
    );
    const missing = [...keysInSource().keys()].filter((key) => !spanish.has(key));
    expect(missing).toEqual([]);
  });

  it('gives each counted key its plural forms in both languages', () => {
    for (const namespace of NAMESPACES)
      for (const language of LANGUAGES) {
        const keys = Object.keys(RESOURCES[language][namespace]);
        for (const key of keys.filter((candidate) => PLURAL.test(candidate))) {
          const base = key.replace(PLURAL, '');
          for (const other of LANGUAGES)
            expect(RESOURCES[other][namespace], `${other}/${namespace}: ${base}_other`).toHaveProperty(`${base}_other`);
        }
      }
  });

  it('keeps the placeholders of the English wording in every translation, and no empty one', () => {
    for (const namespace of NAMESPACES)
      for (const [key, value] of Object.entries(RESOURCES.es[namespace] as Record<string, string>)) {
        expect(value.trim(), key).not.toBe('');
        const english = (RESOURCES.en[namespace] as Record<string, string>)[key] ?? key.replace(PLURAL, '');
        // A singular form may say "1" where the English key says {{count}}.
        const expected = placeholders(english).filter((name) => !(PLURAL.test(key) && name === 'count'));
        expect(
          placeholders(value).filter((name) => !(PLURAL.test(key) && name === 'count')),
          `${namespace}: ${key}`,
        ).toEqual(expected);
      }
  });
});

describe("the browser's translate function", () => {
  const instance = i18next.createInstance();
  beforeAll(async () => {
    await instance.init({
      resources: RESOURCES,
      fallbackLng: 'en',
      ns: NAMESPACES,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
  });

  it('answers as i18next does for every key, language and count', () => {
    for (const namespace of NAMESPACES)
      for (const language of LANGUAGES) {
        const strings = RESOURCES[language][namespace] as Record<string, string>;
        const t = instance.getFixedT(language, namespace);
        const keys = new Set([
          ...Object.keys(RESOURCES.es[namespace]).map((key) => key.replace(PLURAL, '')),
          'A key nobody translated',
        ]);
        for (const key of keys) {
          const values = Object.fromEntries(placeholders(key).map((name) => [name, `‹${name}›`]));
          expect(translate(strings, language, key, values), `${language}: ${key}`).toBe(t(key, values));
          for (const count of [0, 1, 2, 5, 21])
            expect(translate(strings, language, key, { ...values, count }), `${language}: ${key} (${count})`).toBe(
              t(key, { ...values, count }),
            );
        }
      }
  });

  it('is what the server writes with, too', () => {
    expect(serverT('es')('Sign in')).toBe('Iniciar sesión');
    expect(serverT('es')('Cart, {{count}} items', { count: 1 })).toBe('Carrito, 1 artículo');
    expect(serverT('en')('Cart, {{count}} items', { count: 1 })).toBe('Cart, 1 item');
    expect(serverT('es')('Cart, {{count}} items', { count: 3 })).toBe('Carrito, 3 artículos');
  });
});

describe('keysInSource', () => {
  it('finds literal keys with their placeholders, and where each is used', () => {
    const keys = keysInSource();
    expect(keys.get('Sign in')).toContain('app/components/Header.tsx');
    expect(keys.get('Hi, {{name}}')).toEqual(['app/components/Greeting.tsx']);
  });

  it('reads the translation files as JSON objects of strings', () => {
    for (const language of LANGUAGES)
      for (const file of readdirSync(`app/locales/${language}`)) {
        const parsed = JSON.parse(readFileSync(`app/locales/${language}/${file}`, 'utf8')) as unknown;
        expect(Object.values(parsed as object).every((value) => typeof value === 'string')).toBe(true);
      }
  });
});
