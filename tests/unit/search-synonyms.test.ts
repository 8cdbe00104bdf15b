import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { synonymFileRows } from '~/db/seed/search-synonyms.seed';
import { queryWords } from '~/modules/search/query';
import { ftsMatch, ftsTerms, pgTermParts, termsForKind, textTerms, tsQuery } from '~/modules/search/query-terms';
import { facetToken } from '~/modules/search/search-key';
import { parseSynonymFile, SynonymLoopError, SynonymTable, type SynonymRow } from '~/modules/search/synonyms';

const row = (words: string, means: string, kind: SynonymRow['kind'] = 'brand', keepWords = false): SynonymRow => ({
  words,
  means,
  kind,
  keepWords,
});

const TABLE = SynonymTable.build([
  row('coke', 'cola'),
  row('toilet paper', 'bath tissue', 'regional'),
  row('tp', 'toilet paper', 'abbreviation'),
  row('saran wrap', 'plastic wrap'),
  row('pop', 'soft drinks', 'regional'),
  row('soda pop', 'soft drinks', 'regional'),
  row('bbq', 'barbecue', 'abbreviation', true),
  row('gluten free', 'gluten-free', 'attribute'),
  row('gf', 'gluten free', 'abbreviation'),
  row('half and half', 'half & half', 'abbreviation'),
]);

const rewrite = (text: string) => TABLE.rewrite(queryWords(text)).map((term) => term.term);

describe('the synonym table rewrites a query', () => {
  it('replaces a word by what it means', () => {
    expect(rewrite('coke')).toEqual(['cola']);
    expect(rewrite('diet coke')).toEqual(['diet', 'cola']);
  });

  it('maps a phrase as a phrase, and its words alone only as themselves', () => {
    expect(rewrite('toilet paper')).toEqual(['bath tissue']);
    expect(rewrite('saran wrap')).toEqual(['plastic wrap']);
    expect(rewrite('paper towels')).toEqual(['paper', 'towels']);
    expect(rewrite('wrap')).toEqual(['wrap']);
  });

  it('prefers the longest phrase that starts at a word', () => {
    expect(rewrite('soda pop')).toEqual(['soft drinks']);
    expect(rewrite('pop')).toEqual(['soft drinks']);
  });

  it('follows a chain to what the last row means', () => {
    expect(rewrite('tp')).toEqual(['bath tissue']);
  });

  it('keeps the shopper’s word as an alternative when the row says so', () => {
    expect(rewrite('bbq sauce')).toEqual(['bbq|barbecue', 'sauce']);
  });

  it('reads a row meaning its own words as a phrase, not a loop', () => {
    expect(rewrite('half and half')).toEqual(['half half']);
  });

  it('turns attribute words into their words or their dietary tag, through abbreviations too', () => {
    expect(rewrite('gluten free bread')).toEqual(['gluten free|@dglutenfree', 'bread']);
    expect(rewrite('gf bread')).toEqual(['gluten free|@dglutenfree', 'bread']);
  });

  it('says which terms came from the table, so spelling correction leaves them alone', () => {
    expect(TABLE.rewrite(['coke', 'zer']).map((term) => [term.term, term.words, term.fromTable])).toEqual([
      ['cola', ['coke'], true],
      ['zer', ['zer'], false],
    ]);
  });
});

describe('the synonym table refuses loops', () => {
  it('names the words of a loop a → b → a', () => {
    const build = () => SynonymTable.build([row('coke', 'cola'), row('cola', 'coke')]);
    expect(build).toThrow(SynonymLoopError);
    expect(build).toThrow('Search synonyms loop: "coke" → "cola" → "coke".');
  });

  it('names a longer loop from where it starts to close', () => {
    expect(() =>
      SynonymTable.build([row('tp', 'toilet paper'), row('toilet paper', 'loo roll'), row('loo roll', 'toilet paper')]),
    ).toThrow('"toilet paper" → "loo roll" → "toilet paper"');
  });

  it('accepts two rows reaching the same meaning (not a loop)', () => {
    const table = SynonymTable.build([row('a1', 'b1'), row('a1', 'c1'), row('b1', 'd1'), row('c1', 'd1')]);
    expect(table.rewrite(['a1']).map((term) => term.term)).toEqual(['d1']);
  });

  it('leaves the looping rows out when asked to, reporting them', () => {
    const reported: string[][] = [];
    const table = SynonymTable.buildSkippingLoops([row('coke', 'cola'), row('cola', 'coke'), row('pop', 'soda')], (e) =>
      reported.push(e.loop),
    );
    expect(reported).toEqual([['coke', 'cola', 'coke']]);
    expect(table.rewrite(['coke', 'pop']).map((term) => term.term)).toEqual(['coke', 'soda']);
  });
});

describe('the synonym data file', () => {
  it('reads tab-separated rows, folded, skipping comments and blank lines', () => {
    expect(parseSynonymFile('# a comment\n\nCoca-Cola\tCola\tbrand\tno\nBBQ\tbarbecue\tabbreviation\tyes\n')).toEqual([
      row('coca cola', 'cola'),
      row('bbq', 'barbecue', 'abbreviation', true),
    ]);
  });

  it.each([
    ['coke\tcola\tdrink\tno', /line 1: the kind is one of/],
    ['coke\tcola\tbrand\tmaybe', /line 1: keep is yes or no/],
    ['coke\t\tbrand\tno', /line 1: a row needs what the words mean/],
    ['organic\tbio\tattribute\tno', /line 1: an attribute means one of organic, gluten-free/],
    ['mac n cheese\tmacaroni and cheese\tabbreviation\tno', /line 1: "macaroni and cheese" must be words other than/],
    ['coke\tcola\tbrand\tno\textra', /line 1: too many columns/],
  ])('refuses %j', (text, message) => {
    expect(() => parseSynonymFile(text)).toThrow(message);
  });

  it('refuses to load a file whose rows loop, naming the words', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'synonyms-'));
    const file = path.join(dir, 'loop.tsv');
    writeFileSync(file, 'coke\tcola\tbrand\tno\npop\tsoft drinks\tregional\tno\ncola\tcoke\tbrand\tno\n');
    try {
      expect(() => synonymFileRows(file)).toThrow('Search synonyms loop: "coke" → "cola" → "coke".');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the seed’s file, well formed and without loops', () => {
    const rows = synonymFileRows();
    expect(rows.length).toBeGreaterThan(50);
    const table = SynonymTable.build(rows);
    const means = (text: string) => table.rewrite(queryWords(text)).map((term) => term.term);
    expect(means('kleenex')).toEqual(['facial tissue']);
    expect(means('advil')).toEqual(['ibuprofen']);
    expect(means('oj')).toEqual(['orange juice']);
  });
});

describe('terms as the engines match them', () => {
  const terms = ['bbq|barbecue', 'toilet paper|bath tissue', 'gluten free|@dglutenfree', 'sau'];

  it('renders FTS5 alternatives, phrases and facet tokens, the facets outside the column filter', () => {
    expect(ftsMatch(terms, true, ['name'])).toBe(
      '{name} : (("bbq" OR "barbecue") AND ("toilet paper" OR "bath tissue") AND "sau"*) AND ({name} : ("gluten free") OR {facets} : ("dglutenfree"))',
    );
    expect(ftsMatch(['milk'], false, ['name', 'brand'])).toBe('{name brand} : ("milk")');
  });

  it('asks for a tag as the tokens it is given instead, any of them (the tag within some aisles)', () => {
    const withinAisles = (token: string) => [facetToken.aisleDiet(40, token), facetToken.aisleDiet(41, token)];
    expect(ftsMatch(['gluten free|@dglutenfree', 'bread'], false, ['name'], withinAisles)).toBe(
      '{name} : ("bread") AND ({name} : ("gluten free") OR {facets} : ("a40dglutenfree" OR "a41dglutenfree"))',
    );
  });

  it('searches an attribute by its words only where products carry no dietary tags', () => {
    expect(termsForKind('grocery', terms)).toEqual(terms);
    expect(termsForKind('wine', terms)).toEqual(['bbq|barbecue', 'toilet paper|bath tissue', 'gluten free', 'sau']);
    expect(termsForKind('marketplace', ['@dvegan'])).toEqual(['@dvegan']);
  });

  it('renders PostgreSQL text as a tsquery and the facets as lexemes', () => {
    expect(pgTermParts(terms, true)).toEqual({
      text: '(bbq | barbecue) & (toilet <-> paper | bath <-> tissue) & sau:*',
      withFacets: [{ text: 'gluten <-> free', lexemes: "'@dglutenfree'" }],
    });
    expect(tsQuery(['milk', 'choc'], true)).toBe('milk & choc:*');
  });

  it('drops facet alternatives where there are no tags (recipes)', () => {
    expect(textTerms(terms)).toEqual(['bbq|barbecue', 'toilet paper|bath tissue', 'gluten free', 'sau']);
    expect(ftsTerms(textTerms(['gluten free|@dglutenfree', 'bread']), false)).toBe('"gluten free" AND "bread"');
  });
});
