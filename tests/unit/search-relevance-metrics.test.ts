import { describe, expect, it } from 'vitest';
import { dcg, ndcgAt10, precisionAt5, scoreQuery, summarize } from '../../bench/search-relevance/metrics';
import { gradeOf, judgedQuerySchema, type JudgedProduct } from '../../bench/search-relevance/judgments';
import { classTable, runQuery, worstQueries } from '../../bench/search-relevance/report';
import type { Grade, JudgedQuery } from '../../bench/search-relevance/judgments';

describe('precision at 5', () => {
  it('counts grade 2 and 3 among the first five, over five', () => {
    expect(precisionAt5([3, 1, 2, 0, 3, 3, 3], 40)).toBe(0.6);
    expect(precisionAt5([1, 1, 1, 1, 1], 40)).toBe(0);
  });

  it('divides by the relevant products the catalogue holds when there are fewer than five', () => {
    expect(precisionAt5([3, 2, 0, 0, 0], 2)).toBe(1);
    expect(precisionAt5([0, 0, 3, 0, 0], 2)).toBe(0.5);
    expect(precisionAt5([3], 1)).toBe(1);
  });

  it('is 0 when the catalogue holds nothing relevant', () => {
    expect(precisionAt5([1, 1], 0)).toBe(0);
  });
});

describe('NDCG at 10', () => {
  it('sums gains 2^grade − 1 discounted by log2 of the position + 1', () => {
    expect(dcg([3, 2], 10)).toBeCloseTo(7 + 3 / Math.log2(3), 10);
    expect(dcg([3, 3, 3], 2)).toBeCloseTo(7 + 7 / Math.log2(3), 10);
  });

  it('is 1 when the page shows the catalogue best first', () => {
    expect(ndcgAt10([3, 3, 2, 1], [1, 2, 3, 3])).toBe(1);
  });

  it('is measured against the best ten products of the catalogue, not against the page', () => {
    const catalogue: Grade[] = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1];
    const shown: Grade[] = [2, 2];
    expect(ndcgAt10(shown, catalogue)).toBeCloseTo(dcg(shown, 10) / dcg(Array<Grade>(10).fill(3), 10), 10);
  });

  it('ranks a better product later as less than 1', () => {
    const value = ndcgAt10([1, 3], [3, 1]);
    expect(value).toBeCloseTo((1 + 7 / Math.log2(3)) / (7 + 1 / Math.log2(3)), 10);
    expect(value).toBeLessThan(1);
  });

  it('is 0 when the catalogue holds nothing of any grade', () => {
    expect(ndcgAt10([0, 0], [])).toBe(0);
  });
});

describe('a query score', () => {
  it('gives a must-find-nothing query 1 for an empty page and 0 for anything shown', () => {
    expect(scoreQuery([], [], true)).toEqual({ precisionAt5: 1, ndcgAt10: 1, deadEnd: false });
    expect(scoreQuery([0], [], true)).toEqual({ precisionAt5: 0, ndcgAt10: 0, deadEnd: false });
  });

  it('calls an empty page a dead end only when the catalogue holds something of grade 2 or more', () => {
    expect(scoreQuery([], [2, 1], false).deadEnd).toBe(true);
    expect(scoreQuery([], [1, 1], false).deadEnd).toBe(false);
    expect(scoreQuery([2], [2, 1], false).deadEnd).toBe(false);
  });

  it('averages scores and counts dead ends', () => {
    const summary = summarize([
      { precisionAt5: 1, ndcgAt10: 0.5, deadEnd: false },
      { precisionAt5: 0, ndcgAt10: 0, deadEnd: true },
    ]);
    expect(summary).toEqual({ queries: 2, precisionAt5: 0.5, ndcgAt10: 0.25, deadEnds: 1 });
    expect(summarize([])).toEqual({ queries: 0, precisionAt5: 0, ndcgAt10: 0, deadEnds: 0 });
  });
});

describe('a judgment', () => {
  const product = (name: string, aisle: string, department: string, tags: string[] = []): JudgedProduct => ({
    name,
    aisle,
    department,
    tags,
  });
  const salmon: JudgedQuery = {
    q: 'salmon',
    class: 'generic',
    means: 'salmon to eat',
    rules: [
      { grade: 0, department: ['pet'] },
      { grade: 3, aisle: ['seafood'], name: /salmon/ },
      { grade: 1, name: /salmon/ },
    ],
  };

  it('takes the highest matching rule, and a grade 0 rule vetoes whatever else matches', () => {
    expect(gradeOf(salmon.rules, product('Blue Harbor Atlantic Salmon Fillet, 1 lb', 'seafood', 'meat-seafood'))).toBe(
      3,
    );
    expect(gradeOf(salmon.rules, product('Koi Pond Kitchen Salmon Roll', 'prepared-meals', 'deli-prepared'))).toBe(1);
    expect(gradeOf(salmon.rules, product('Happy Tails Salmon Dry Dog Food', 'dog-food', 'pet'))).toBe(0);
    expect(gradeOf(salmon.rules, product('Blue Harbor Tilapia Fillets', 'seafood', 'meat-seafood'))).toBe(0);
  });

  it('needs every condition of a rule: name, name exclusion, aisle, department and all its tags', () => {
    const rules: JudgedQuery['rules'] = [
      { grade: 3, aisle: ['milk-cream'], name: /\bmilk\b/, nameNot: /chocolate/, tags: ['organic', 'gluten-free'] },
    ];
    const milk = (name: string, tags: string[]) => product(name, 'milk-cream', 'dairy-eggs-cheese', tags);
    expect(gradeOf(rules, milk('Silver Pail Organic Whole Milk', ['organic', 'gluten-free']))).toBe(3);
    expect(gradeOf(rules, milk('Silver Pail Organic Chocolate Milk', ['organic', 'gluten-free']))).toBe(0);
    expect(gradeOf(rules, milk('Silver Pail Whole Milk', ['gluten-free']))).toBe(0);
    expect(gradeOf(rules, milk('Silver Pail Buttermilk', ['organic', 'gluten-free']))).toBe(0);
    expect(
      gradeOf(
        rules,
        product('Silver Pail Organic Whole Milk', 'yogurt', 'dairy-eggs-cheese', ['organic', 'gluten-free']),
      ),
    ).toBe(0);
  });

  it('reads the name in lower case without accents', () => {
    expect(
      gradeOf(
        [{ grade: 2, name: /jalapeno peppers/ }],
        product('Valley Creek Jalapeño Peppers', 'fresh-vegetables', 'produce'),
      ),
    ).toBe(2);
  });

  it('is well formed only with lower-case patterns, known tags, and rules exactly when something should be found', () => {
    expect(judgedQuerySchema.safeParse(salmon).success).toBe(true);
    const broken = (change: Partial<JudgedQuery>) => judgedQuerySchema.safeParse({ ...salmon, ...change }).success;
    expect(broken({ rules: [{ grade: 3, name: /Salmon/ }] })).toBe(false);
    expect(broken({ rules: [{ grade: 3, name: /salmon/g }] })).toBe(false);
    expect(broken({ rules: [{ grade: 3, tags: ['paleo' as never] }] })).toBe(false);
    expect(broken({ rules: [{ grade: 1, name: /salmon/ }] })).toBe(false);
    expect(broken({ rules: [{ grade: 3 }] })).toBe(false);
    expect(broken({ class: 'nothing' })).toBe(false);
    expect(broken({ rules: [] })).toBe(false);
    expect(broken({ class: 'nothing', rules: [] })).toBe(true);
    expect(broken({ rules: [{ grade: 3, name: /\bsalmon\b/ }] })).toBe(true);
  });
});

describe('the relevance report', () => {
  const query = (q: string, cls: JudgedQuery['class'] = 'generic'): JudgedQuery => ({
    q,
    class: cls,
    means: 'something',
    rules: cls === 'nothing' ? [] : [{ grade: 3, name: /x/ }],
  });
  const catalogue = new Map<number, Grade>([
    [1, 3],
    [2, 2],
    [3, 1],
  ]);

  it('grades the page from the catalogue, a product it does not judge counting 0', () => {
    const run = runQuery(query('milk'), catalogue, [
      { id: 9, name: 'Unjudged' },
      { id: 1, name: 'Best' },
      { id: 2, name: 'Good' },
    ]);
    expect(run.score.precisionAt5).toBe(1);
    expect(run.score.ndcgAt10).toBeCloseTo((7 / Math.log2(3) + 3 / 2) / (7 + 3 / Math.log2(3) + 1 / 2), 10);
  });

  it('lists the worst queries first, a page of wrong products before an empty one, with the names shown', () => {
    const target = {
      target: 'SQLite',
      runs: [
        runQuery(query('good'), catalogue, [{ id: 1, name: 'Best' }]),
        runQuery(query('empty'), catalogue, []),
        runQuery(query('wrong'), catalogue, [{ id: 9, name: 'Dog | Cat Food' }]),
      ],
    };
    const lines = worstQueries(target, 2);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^\| wrong \| generic \| 0\.000 \| 0\.000 \| Dog \\\| Cat Food \|$/);
    expect(lines[3]).toMatch(/^\| empty \|.*\(nothing: a dead end\) \|$/);
  });

  it('tables each class and all queries, each database side by side', () => {
    const runs = [
      runQuery(query('good'), new Map<number, Grade>([[1, 3]]), [{ id: 1, name: 'Best' }]),
      runQuery(query('gibberish', 'nothing'), new Map(), []),
    ];
    const table = classTable([
      { target: 'SQLite', runs },
      {
        target: 'PostgreSQL',
        runs: [runs[0]!, runQuery(query('gibberish', 'nothing'), new Map(), [{ id: 9, name: 'x' }])],
      },
    ]);
    expect(table[0]).toBe(
      '| class | queries | SQLite P@5 | NDCG@10 | dead ends | PostgreSQL P@5 | NDCG@10 | dead ends |',
    );
    expect(table).toContain('| generic | 1 | 1.000 | 1.000 | 0 | 1.000 | 1.000 | 0 |');
    expect(table).toContain('| nothing | 1 | 1.000 | 1.000 | 0 | 0.000 | 0.000 | 0 |');
    expect(table.at(-1)).toBe('| **all** | 2 | 1.000 | 1.000 | 0 | 0.500 | 0.500 | 0 |');
  });
});
