import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { metaTranslator } from '~/components/meta-translator';
import { filesToLoad, matchedStrings, STRINGS_FILES, stringsHref } from '~/modules/i18n/page-strings';
import {
  namespaceStrings,
  pageStrings,
  STRINGS_FILE_LIST,
  withStringsInline,
} from '~/modules/i18n/page-strings.server';
import { NAMESPACES, RESOURCES } from '~/modules/i18n/translations.server';

/** Decision 0120: loader data refers to strings files; a data answer gets the strings inline. */
const hashOf = (language: 'en' | 'es', namespace: string) =>
  STRINGS_FILE_LIST.find((file) => file.language === language && file.namespace === namespace)!.hash;

describe('a page’s strings in its loader data', () => {
  it('are a reference: the language and each namespace’s file hash, no strings', () => {
    const reference = pageStrings('es', ['common', 'shop']);
    expect(reference).toEqual({
      language: 'es',
      files: { common: hashOf('es', 'common'), shop: hashOf('es', 'shop') },
    });
    expect(JSON.stringify(reference).length).toBeLessThan(100);
  });

  it('name each file by the hash of what it holds, one per language and namespace', () => {
    expect(STRINGS_FILE_LIST).toHaveLength(2 * NAMESPACES.length);
    for (const file of STRINGS_FILE_LIST) {
      expect(JSON.parse(file.body)).toEqual(RESOURCES[file.language][file.namespace]);
      expect(file.hash).toBe(createHash('sha256').update(file.body).digest('hex').slice(0, 12));
      expect(file.href).toBe(`/build/strings/${file.language}-${file.namespace}-${file.hash}.json`);
    }
    expect(hashOf('es', 'common')).not.toBe(hashOf('en', 'common'));
  });
});

describe('a data answer', () => {
  const answer = (data: object) => JSON.stringify(data);

  it('gets the strings of its reference inline', () => {
    const json = withStringsInline(answer({ page: 'offer', i18n: pageStrings('es', ['shop', 'offers']), count: 2 }));
    const data = JSON.parse(json) as { page: string; count: number; i18n: { strings: Record<string, string> } };
    expect(data).toMatchObject({ page: 'offer', count: 2, i18n: pageStrings('es', ['shop', 'offers']) });
    expect(data.i18n.strings).toEqual(namespaceStrings('es', ['shop', 'offers']));
    expect(data.i18n.strings['Add to cart']).toBe('Agregar al carrito');
  });

  it('keeps a reference this build has no file for, and text a shopper typed, as they are', () => {
    const stale = answer({ i18n: { language: 'es', files: { shop: '000000000000' } } });
    expect(withStringsInline(stale)).toBe(stale);
    const unknown = answer({ i18n: { language: 'fr', files: { shop: hashOf('es', 'shop') } } });
    expect(withStringsInline(unknown)).toBe(unknown);
    const typed = answer({ query: `"i18n":${JSON.stringify(pageStrings('es', ['shop']))}` });
    expect(withStringsInline(typed)).toBe(typed);
  });
});

describe('the strings a page reads', () => {
  it('come from the files a reference names (the server holds every one), or inline', () => {
    const referred = [
      { data: { i18n: pageStrings('es', ['common']) } },
      { data: { i18n: pageStrings('es', ['shop']) } },
    ];
    expect(filesToLoad(pageStrings('es', ['shop']))).toEqual([stringsHref('es', 'shop', hashOf('es', 'shop'))]);
    expect(matchedStrings(referred)).toEqual(namespaceStrings('es', ['common', 'shop']));
    const inline = { data: { i18n: { ...pageStrings('es', ['shop']), strings: { 'Add to cart': 'Añadir' } } } };
    expect(filesToLoad(inline.data.i18n)).toEqual([]);
    expect(matchedStrings([inline])['Add to cart']).toBe('Añadir');
  });

  it('are missing when the file is not held: a browser hydrates only once it has loaded them', () => {
    const href = stringsHref('es', 'shop', hashOf('es', 'shop'));
    const held = STRINGS_FILES.get(href)!;
    STRINGS_FILES.delete(href);
    try {
      expect(matchedStrings([{ data: { i18n: pageStrings('es', ['shop']) } }])).toEqual({});
    } finally {
      STRINGS_FILES.set(href, held);
    }
  });

  it('are what a meta function translates with', () => {
    const matches = [{ data: { language: 'es', i18n: pageStrings('es', ['common']) } }];
    expect(metaTranslator(matches)('Sign in')).toBe('Iniciar sesión');
  });
});
