/**
 * A relevance run's figures as bench/results.md shows them: per class and overall mean P@5, NDCG@10 and dead ends
 * on each database, then the worst queries with the names they showed first. Pure.
 */
import { QUERY_CLASSES, type Grade, type JudgedQuery } from './judgments';
import { scoreQuery, summarize, type QueryScore, type Summary } from './metrics';

export interface ShownProduct {
  id: number;
  name: string;
}

export interface QueryRun {
  query: JudgedQuery;
  /** The first page's products, in order. */
  shown: ShownProduct[];
  score: QueryScore;
}

/** Scores one query's first page against the grades of every product the catalogue holds (grade 0 left out). */
export function runQuery(query: JudgedQuery, catalogue: ReadonlyMap<number, Grade>, shown: ShownProduct[]): QueryRun {
  const shownGrades = shown.map((product) => catalogue.get(product.id) ?? 0);
  const score = scoreQuery(shownGrades, [...catalogue.values()], query.class === 'nothing');
  return { query, shown, score };
}

export interface TargetRuns {
  /** "SQLite", "PostgreSQL". */
  target: string;
  runs: QueryRun[];
}

const figure = (value: number) => value.toFixed(3);

/** One row per class and one for all queries, each database's P@5, NDCG@10 and dead ends side by side. */
export function classTable(targets: TargetRuns[]): string[] {
  const head = ['class', 'queries', ...targets.flatMap(({ target }) => [`${target} P@5`, 'NDCG@10', 'dead ends'])];
  const row = (label: string, pick: (run: QueryRun) => boolean) => {
    const summaries: Summary[] = targets.map(({ runs }) => summarize(runs.filter(pick).map((run) => run.score)));
    const cells = summaries.flatMap((s) => [figure(s.precisionAt5), figure(s.ndcgAt10), String(s.deadEnds)]);
    return `| ${label} | ${summaries[0]?.queries ?? 0} | ${cells.join(' | ')} |`;
  };
  return [
    `| ${head.join(' | ')} |`,
    `| --- | ---: | ${targets.map(() => '---: | ---: | ---:').join(' | ')} |`,
    ...QUERY_CLASSES.filter((name) => targets[0]?.runs.some((run) => run.query.class === name)).map((name) =>
      row(name, (run) => run.query.class === name),
    ),
    row('**all**', () => true),
  ];
}

/**
 * The `count` worst queries (lowest NDCG@10, then P@5, then a page of wrong products before an empty one), each with
 * the first five names it showed.
 */
export function worstQueries({ target, runs }: TargetRuns, count = 15): string[] {
  const worst = [...runs]
    .sort(
      (a, b) =>
        a.score.ndcgAt10 - b.score.ndcgAt10 ||
        a.score.precisionAt5 - b.score.precisionAt5 ||
        // A page of wrong products misleads more than an empty one.
        Number(b.shown.length > 0) - Number(a.shown.length > 0) ||
        a.query.q.localeCompare(b.query.q),
    )
    .slice(0, count);
  return [
    `| ${target}: worst queries | class | P@5 | NDCG@10 | first five shown |`,
    '| --- | --- | ---: | ---: | --- |',
    ...worst.map(({ query, score, shown }) => {
      const names = shown.length
        ? shown
            .slice(0, 5)
            .map((product) => product.name.replaceAll('|', '\\|'))
            .join('; ')
        : score.deadEnd
          ? '(nothing: a dead end)'
          : '(nothing)';
      return `| ${query.q} | ${query.class} | ${figure(score.precisionAt5)} | ${figure(score.ndcgAt10)} | ${names} |`;
    }),
  ];
}

/** Every query's figures on one database, for whoever tunes ranking (printed, not kept in bench/results.md). */
export function everyQuery({ target, runs }: TargetRuns): string[] {
  return [
    `| ${target}: query | class | P@5 | NDCG@10 | shown | first three shown |`,
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...runs.map(
      ({ query, score, shown }) =>
        `| ${query.q} | ${query.class} | ${figure(score.precisionAt5)} | ${figure(score.ndcgAt10)} | ${shown.length} | ${shown
          .slice(0, 3)
          .map((product) => product.name.replaceAll('|', '\\|'))
          .join('; ')} |`,
    ),
  ];
}
