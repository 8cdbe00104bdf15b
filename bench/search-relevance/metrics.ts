/**
 * Relevance figures for one query's first page, pure: precision at 5 and NDCG at 10 with graded gains, the
 * ideal ranking taken from the catalogue's own judged products, so a query is scored against what the store
 * could have shown.
 */
import { RELEVANT_GRADE, type Grade } from './judgments';

export interface QueryScore {
  precisionAt5: number;
  ndcgAt10: number;
  /** No results although the catalogue holds a product of grade 2 or more. */
  deadEnd: boolean;
}

/**
 * Relevant results (grade ≥ 2) among the first 5, divided by 5, or by the number of relevant products the
 * catalogue holds when that is fewer (so a query with two relevant products scores 1 when both come first).
 */
export function precisionAt5(shown: readonly Grade[], relevantInCatalogue: number): number {
  const denominator = Math.min(5, relevantInCatalogue);
  if (denominator === 0) return 0;
  const hits = shown.slice(0, 5).filter((grade) => grade >= RELEVANT_GRADE).length;
  return Math.min(1, hits / denominator);
}

/** Discounted cumulative gain of the first k grades, gain 2^grade − 1. */
export function dcg(grades: readonly Grade[], k: number): number {
  let sum = 0;
  grades.slice(0, k).forEach((grade, index) => {
    sum += (2 ** grade - 1) / Math.log2(index + 2);
  });
  return sum;
}

/** The shown ranking's DCG@10 over the DCG@10 of the catalogue's best 10 products; 0 when the catalogue has none. */
export function ndcgAt10(shown: readonly Grade[], catalogue: readonly Grade[]): number {
  const ideal = dcg(
    [...catalogue]
      .filter((grade) => grade > 0)
      .sort((a, b) => b - a)
      .slice(0, 10),
    10,
  );
  return ideal === 0 ? 0 : dcg(shown, 10) / ideal;
}

/**
 * One query's score. `shown` are the grades of the first page in order, `catalogue` the grades of every product
 * the store could have shown. A query that must find nothing scores 1 on both when nothing is shown, else 0.
 */
export function scoreQuery(shown: readonly Grade[], catalogue: readonly Grade[], mustFindNothing: boolean): QueryScore {
  if (mustFindNothing) {
    const score = shown.length === 0 ? 1 : 0;
    return { precisionAt5: score, ndcgAt10: score, deadEnd: false };
  }
  const relevant = catalogue.filter((grade) => grade >= RELEVANT_GRADE).length;
  return {
    precisionAt5: precisionAt5(shown, relevant),
    ndcgAt10: ndcgAt10(shown, catalogue),
    deadEnd: shown.length === 0 && relevant > 0,
  };
}

export interface Summary {
  queries: number;
  precisionAt5: number;
  ndcgAt10: number;
  deadEnds: number;
}

/** Means over a group of queries, and its dead ends counted. */
export function summarize(scores: readonly QueryScore[]): Summary {
  const mean = (pick: (score: QueryScore) => number) =>
    scores.length ? scores.reduce((sum, score) => sum + pick(score), 0) / scores.length : 0;
  return {
    queries: scores.length,
    precisionAt5: mean((score) => score.precisionAt5),
    ndcgAt10: mean((score) => score.ndcgAt10),
    deadEnds: scores.filter((score) => score.deadEnd).length,
  };
}
