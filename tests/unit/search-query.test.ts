import { describe, expect, it } from 'vitest';
import { parseShippedProductPage, parseShopPage } from '~/modules/catalog/shop-pages';
import { MAX_QUERY_TOKENS, parseQuery, searchHref, searchParamsSchema, vocabularyWords } from '~/modules/search/query';
import { editDistance, Vocabulary } from '~/modules/search/spelling';

describe('query parsing', () => {
  it('folds case and accents and splits on anything that is not a letter or digit', () => {
    expect(parseQuery('  Rosé   WINE, 750ml! ').tokens).toEqual(['rose', 'wine', '750ml']);
    expect(parseQuery('  Rosé   WINE ').text).toBe('Rosé WINE');
  });

  it('drops stopwords and repeated words', () => {
    expect(parseQuery('salt and vinegar with the salt').tokens).toEqual(['salt', 'vinegar']);
  });

  it('gives no words for an empty or all-punctuation query', () => {
    expect(parseQuery('').tokens).toEqual([]);
    expect(parseQuery(undefined).tokens).toEqual([]);
    expect(parseQuery('?!… -- "*" ()').tokens).toEqual([]);
    expect(parseQuery('AND OR NOT'.toLowerCase().replace('not', 'the')).tokens).toEqual([]);
  });

  it('keeps FTS syntax out: quotes, stars, colons and parentheses never reach a token', () => {
    expect(parseQuery('"milk" OR name:* (eggs)').tokens).toEqual(['milk', 'name', 'eggs']);
  });

  it('bounds the number of words and the length of the text', () => {
    expect(parseQuery('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10').tokens).toHaveLength(MAX_QUERY_TOKENS);
    expect(parseQuery('x'.repeat(400)).text).toHaveLength(100);
  });

  it('builds the vocabulary from words of two letters or more that have a letter', () => {
    expect(vocabularyWords('A 12 oz Jar of Peanut-Butter, 2x')).toEqual(['oz', 'jar', 'peanut', 'butter', '2x']);
  });
});

describe('search parameters', () => {
  it('defaults to the products tab, best match, page 1', () => {
    expect(searchParamsSchema.parse({})).toMatchObject({ q: '', tab: 'products', sort: 'relevance', page: 1 });
  });

  it('reads the recipes tab, a sort, a page and facets', () => {
    expect(
      searchParamsSchema.parse({
        q: 'milk',
        tab: 'recipes',
        sort: 'unit-price',
        page: '3',
        diet: 'vegan',
        price: '2-5',
        offer: '1',
      }),
    ).toMatchObject({ tab: 'recipes', sort: 'unit-price', page: 3, diet: 'vegan', price: '2-5', offer: '1' });
  });

  it.each([
    [{ tab: 'wine' }, 'The tab is products or recipes.'],
    [{ page: 'abc' }, 'The page is a number.'],
    [{ page: '0' }, 'Pages start at 1.'],
    [{ sort: 'cheapest' }, 'Sort by relevance, price-asc, price-desc or unit-price.'],
    [{ aisle: '../etc' }, 'That aisle is not one we know.'],
    [{ price: 'free' }, 'That price range is not one we know.'],
  ])('explains a bad value %o', (query, message) => {
    const result = searchParamsSchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('writes links without defaults or empty values', () => {
    expect(searchHref('/s', { q: 'milk', tab: 'products', sort: 'relevance', page: 1, brand: '' })).toBe('/s?q=milk');
    expect(searchHref('/s', { q: 'milk & eggs', tab: 'recipes', page: 2 })).toBe(
      '/s?q=milk+%26+eggs&tab=recipes&page=2',
    );
  });
});

describe('spelling', () => {
  it('measures edits, counting a swap of neighbours as one', () => {
    expect(editDistance('milk', 'milk', 2)).toBe(0);
    expect(editDistance('choclate', 'chocolate', 2)).toBe(1);
    expect(editDistance('mlik', 'milk', 2)).toBe(1);
    expect(editDistance('apple', 'banana', 2)).toBe(3);
  });

  const vocabulary = new Vocabulary([
    ['banana', 60],
    ['bandana', 2],
    ['chocolate', 1000],
    ['organic', 2000],
    ['oregano', 40],
    ['eggs', 2100],
    ['milk', 1100],
    ['mild', 30],
  ]);

  it('corrects the words a shopper meant', () => {
    expect(vocabulary.correctAll(['bananna']).tokens).toEqual(['banana']);
    expect(vocabulary.correctAll(['choclate', 'milk'])).toEqual({ tokens: ['chocolate', 'milk'], changed: true });
    expect(vocabulary.correctAll(['orgnic', 'eggs']).tokens).toEqual(['organic', 'eggs']);
  });

  it('prefers the more frequent of two equally near words', () => {
    expect(vocabulary.correct('bandna')).toBe('banana');
  });

  it('corrects a short word by a swap but never by another letter', () => {
    const words = new Vocabulary([
      ['milk', 9],
      ['soft', 9],
      ['home', 9],
    ]);
    expect(words.correct('mlik')).toBe('milk');
    expect(words.correct('sofa')).toBeNull();
    expect(words.correct('hose')).toBeNull();
  });

  it('allows two edits only from eight letters', () => {
    const words = new Vocabulary([
      ['moon', 9],
      ['broccoli', 9],
    ]);
    expect(words.correct('motor')).toBeNull();
    expect(words.correct('brocolli')).toBe('broccoli');
  });

  it('leaves known, numeric, short and hopeless words alone', () => {
    expect(vocabulary.correct('milk')).toBeNull();
    expect(vocabulary.correct('12oz')).toBeNull();
    expect(vocabulary.correct('zz')).toBeNull();
    expect(vocabulary.correct('xylophone')).toBeNull();
    expect(vocabulary.correctAll(['milk', 'eggs']).changed).toBe(false);
  });

  it('completes a prefix with the most frequent words first', () => {
    expect(vocabulary.completions('or', 5)).toEqual(['organic', 'oregano']);
    expect(vocabulary.completions('o', 5)).toEqual([]);
  });
});

describe('shop page names', () => {
  it('reads product details with and without a store id', () => {
    expect(parseShopPage('product-details.960000001.html')).toEqual({ kind: 'product', storeId: null, bpn: 960000001 });
    expect(parseShopPage('product-details.1234.960000001.html')).toEqual({
      kind: 'product',
      storeId: '1234',
      bpn: 960000001,
    });
    expect(parseShopPage('aisles.12.html')).toEqual({ kind: 'aisles', storeId: '12' });
  });

  it('refuses names that are not pages', () => {
    for (const name of [
      'product-details.html',
      'product-details.abc.html',
      'product-details.99999999999.html',
      'products.960000001.html',
    ])
      expect(parseShopPage(name)).toBeNull();
  });

  it('takes no store id on wine and marketplace pages', () => {
    expect(parseShippedProductPage('product-details.960020001.html')).toBe(960020001);
    expect(parseShippedProductPage('product-details.1234.960020001.html')).toBeNull();
  });
});

describe('spelling correction with the letter bound', () => {
  /** The rule of Vocabulary.correct without its shortcut: every word of a near length, by distance. */
  function reference(entries: [string, number][], word: string): string | null {
    if (entries.some(([term]) => term === word) || !/^[a-z]+$/.test(word) || word.length < 3) return null;
    const max = word.length <= 7 ? 1 : 2;
    const sorted = (text: string) => [...text].sort().join('');
    let best: { term: string; distance: number; frequency: number } | null = null;
    for (const [term, frequency] of entries) {
      const distance = editDistance(word, term, max);
      if (distance > max) continue;
      if (word.length <= 4 && term.length === word.length && sorted(term) !== sorted(word)) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance &&
          (frequency > best.frequency || (frequency === best.frequency && term < best.term)))
      )
        best = { term, distance, frequency };
    }
    return best?.term ?? null;
  }

  it('corrects exactly as comparing with every word would', () => {
    const terms = [
      'banana',
      'bandana',
      'bread',
      'breast',
      'cheese',
      'chess',
      'milk',
      'mild',
      'silk',
      'organic',
      'oregano',
    ];
    const entries = terms.map((term, i) => [term, (i * 7) % 5] as [string, number]);
    entries.push(['750ml', 3], ['b12', 1]);
    const vocabulary = new Vocabulary(entries);
    const typos = [
      'bananna',
      'banan',
      'bandanna',
      'bred',
      'braed',
      'chese',
      'chees',
      'mlik',
      'milc',
      'slik',
      'orgnaic',
    ];
    typos.push('oregnao', 'xyzzy', 'breat', 'beast', 'mil', 'ml', '750mk', 'cheeses', 'abcde', 'nanaba');
    for (const typo of typos) expect(vocabulary.correct(typo), typo).toBe(reference(entries, typo));
  });
});
