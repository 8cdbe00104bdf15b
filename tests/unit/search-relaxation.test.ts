import { describe, expect, it } from 'vitest';
import { shelfItemOf } from '~/modules/search/popular-searches.server';
import { searchedText } from '~/modules/search/query';
import { MAX_RELAXATIONS, otherForms, queryUnits, relaxationCandidates } from '~/modules/search/relax-query';
import { Vocabulary } from '~/modules/search/spelling';
import { SynonymTable, type SynonymRow } from '~/modules/search/synonyms';

const row = (words: string, means: string, kind: SynonymRow['kind'] = 'regional'): SynonymRow => ({
  words,
  means,
  kind,
  keepWords: false,
});

const SYNONYMS = SynonymTable.build([
  row('toilet paper', 'bath tissue'),
  row('q tips', 'cotton swabs', 'brand'),
  row('organic', 'organic', 'attribute'),
  row('gluten free', 'gluten-free', 'attribute'),
  row('oj', 'orange juice', 'abbreviation'),
]);

/** Words the catalogue uses (the search_terms vocabulary); "mower", "charger" and "zzqx" are not among them. */
const VOCABULARY = new Vocabulary(
  [
    'unscented',
    'laundry',
    'detergent',
    'oatmeal',
    'stout',
    'milk',
    'lawn',
    'power',
    'bread',
    'loaf',
    'tomato',
    'tips',
    'aid',
    'rinse',
    'fresh',
    'red',
    'seedless',
    'grapes',
  ].map((word) => [word, 10] as const),
);

const candidates = (text: string) => relaxationCandidates(text, { synonyms: SYNONYMS, vocabulary: VOCABULARY });
const texts = (text: string) => candidates(text).map((candidate) => candidate.text);

describe('relaxing a query that found nothing', () => {
  it('drops a modifier and keeps the head noun', () => {
    expect(candidates('unscented laundry detergent')[0]).toEqual({ text: 'laundry detergent', change: 'dropped' });
  });

  it('drops an attribute word before any other', () => {
    expect(texts('fresh organic oatmeal stout')[0]).toBe('fresh oatmeal stout');
  });

  it('drops the word farthest from the head first among plain words', () => {
    expect(texts('red seedless grapes')).toEqual(['seedless grapes', 'red grapes']);
  });

  it('drops a word nothing knows, the only drop that leaves known words', () => {
    expect(texts('zzqx milk')).toEqual(['milk']);
  });

  it('never drops the head noun, so a query whose last word nothing knows stays as it is', () => {
    expect(texts('milk zzqx')).toEqual([]);
    // "mower" is corrected to "power" by the spelling corrector; a relaxed query never keeps a word that needs it.
    expect(texts('lawn mower')).toEqual([]);
    expect(texts('iphone charger')).toEqual([]);
  });

  it('never drops words from a one-word query, nor splits a hyphenated word', () => {
    expect(texts('television')).toEqual([]);
    expect(texts('band-aid')).toEqual([]);
    expect(texts('q-tips')).toEqual([]);
  });

  it('never splits a phrase the synonym table knows', () => {
    expect(queryUnits('gluten free bread', SYNONYMS)).toEqual([['gluten', 'free'], ['bread']]);
    expect(queryUnits('q-tips and toilet paper', SYNONYMS)).toEqual([
      ['q', 'tips'],
      ['toilet', 'paper'],
    ]);
    expect(texts('gluten free zzqx bread')).toEqual(['gluten free bread']);
  });

  it('tries another form of a word the catalogue does not use when the catalogue uses that form', () => {
    // "loaves" stems to "loav", not "loaf": the engines would not find it, the other form does.
    expect(candidates('bread loaves')[0]).toEqual({ text: 'bread loaf', change: 'form' });
    expect(texts('tomatoes')).toEqual(['tomato']);
  });

  it('tries another form when only that form completes a phrase of the synonym table', () => {
    expect(candidates('toilet papers')[0]).toEqual({ text: 'toilet paper', change: 'form' });
  });

  it('does not try another form of a word the catalogue uses (the engines stem it already)', () => {
    expect(texts('grapes')).toEqual([]);
  });

  it('tries a form change before dropping a word', () => {
    expect(candidates('tomatoes red grapes')).toEqual([
      { text: 'tomato red grapes', change: 'form' },
      { text: 'red grapes', change: 'dropped' },
    ]);
  });

  it('offers at most a few candidates', () => {
    expect(texts('fresh red seedless oatmeal grapes')).toEqual([
      'red seedless oatmeal grapes',
      'fresh seedless oatmeal grapes',
      'fresh red oatmeal grapes',
    ]);
    expect(MAX_RELAXATIONS).toBe(3);
  });
});

describe('the other number of a word', () => {
  it.each([
    ['berries', 'berry'],
    ['loaves', 'loaf'],
    ['knives', 'knife'],
    ['tomatoes', 'tomato'],
    ['peaches', 'peach'],
    ['eggs', 'egg'],
    ['berry', 'berries'],
    ['loaf', 'loaves'],
    ['peach', 'peaches'],
    ['egg', 'eggs'],
  ])('%s → %s', (word, form) => {
    expect(otherForms(word)).toContain(form);
  });

  it('leaves numbers and short words alone', () => {
    expect(otherForms('12')).toEqual([]);
    expect(otherForms('oj')).toEqual([]);
  });
});

describe('what a page shows results for', () => {
  it('prefers the relaxed words, then the corrected ones, then what was typed', () => {
    expect(searchedText({ text: 'a b', correctedText: 'c', relaxedText: 'b' })).toBe('b');
    expect(searchedText({ text: 'a b', correctedText: 'c', relaxedText: null })).toBe('c');
    expect(searchedText({ text: 'a b', correctedText: null, relaxedText: null })).toBe('a b');
  });
});

describe('a popular search from a product name', () => {
  it('is the shelf item: the name without its brand and size, folded', () => {
    expect(shelfItemOf('Blue Mesa Growers Bananas, 2 lb bunch', 'Blue Mesa Growers')).toBe('bananas');
    expect(shelfItemOf('Boxcar Brut Sparkling Wine, 750 ml bottle', 'Boxcar')).toBe('brut sparkling wine');
    expect(shelfItemOf('Crème Fraîche, 8 oz', 'Other')).toBe('creme fraiche');
    expect(shelfItemOf('Red Barn Ground Beef 80/20, 1 lb', 'Red Barn')).toBe('ground beef');
  });
});
