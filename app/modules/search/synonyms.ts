import { z } from 'zod';
import { isStopword, queryWords, words as allWords } from './query';
import { termOf } from './query-terms';
import { facetToken } from './search-key';
import { DIETARY_TAGS, type DietaryTagId } from './search-options';

/**
 * Query understanding as data (docs/decisions/0072-query-understanding-as-data.md): the rows of
 * search_synonyms say what a shopper's word or phrase means in the catalogue's words ("coke" →
 * "cola", "toilet paper" → "bath tissue") or which dietary tag it asks for ("gluten free" →
 * gluten-free). Pure, so both dialects rewrite a query identically; the table is read and cached by
 * synonyms.server.ts and filled from a data file by the seed.
 *
 * A row may point at another row's words ("gf" → "gluten free", itself an attribute): chains are
 * followed when the table is built, so a row that leads back to itself can never resolve and is
 * refused, naming the words of the loop.
 */

export const SYNONYM_KINDS = ['brand', 'abbreviation', 'regional', 'spelling', 'attribute'] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

export interface SynonymRow {
  words: string;
  means: string;
  kind: SynonymKind;
  /** Search the shopper's own words too (they find the right products as well). */
  keepWords: boolean;
}

const DIET_IDS = DIETARY_TAGS.map((tag) => tag.id) as [DietaryTagId, ...DietaryTagId[]];

export const synonymRowSchema = z
  .object({
    words: z.string().trim().min(1, 'a row needs the words shoppers type').max(100),
    means: z.string().trim().min(1, 'a row needs what the words mean').max(100),
    kind: z.enum(SYNONYM_KINDS, { message: `the kind is one of ${SYNONYM_KINDS.join(', ')}` }),
    keepWords: z.boolean(),
  })
  .superRefine((row, ctx) => {
    if (queryWords(row.words).length === 0)
      ctx.addIssue({ code: 'custom', message: `"${row.words}" has no word a search would keep` });
    if (row.kind === 'attribute') {
      if (!DIET_IDS.includes(row.means as DietaryTagId))
        ctx.addIssue({ code: 'custom', message: `an attribute means one of ${DIET_IDS.join(', ')}` });
      return;
    }
    const meant = allWords(row.means);
    // A phrase is matched word after word; a stopword in it would be dropped by one engine only.
    if (meant.length === 0 || meant.some(isStopword))
      ctx.addIssue({ code: 'custom', message: `"${row.means}" must be words other than "and", "of", "the"…` });
  })
  // Stored folded ("Coca-Cola" → "coca cola"), so rows that mean the same are one row.
  .transform((row): SynonymRow => ({
    ...row,
    words: allWords(row.words).join(' '),
    means: row.kind === 'attribute' ? row.means : allWords(row.means).join(' '),
  }));

export class SynonymLoopError extends Error {
  constructor(readonly loop: string[]) {
    super(
      `Search synonyms loop: ${loop.map((words) => `"${words}"`).join(' → ')}. Remove or change one of these rows.`,
    );
    this.name = 'SynonymLoopError';
  }
}

/** The data file: tab-separated `words  means  kind  keep` (keep: yes or no), # comments, blank lines. */
export function parseSynonymFile(text: string): SynonymRow[] {
  const rows: SynonymRow[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    const [words = '', means = '', kind = '', keep = 'no', ...rest] = line.split('\t');
    const parsed = synonymRowSchema.safeParse({ words, means, kind: kind.trim(), keepWords: keep.trim() === 'yes' });
    const problem = rest.length
      ? 'too many columns'
      : !['yes', 'no'].includes(keep.trim())
        ? 'keep is yes or no'
        : parsed.success
          ? null
          : parsed.error.issues.map((issue) => issue.message).join('; ');
    if (problem) throw new Error(`Search synonyms, line ${index + 1}: ${problem}`);
    rows.push(parsed.data!);
  });
  return rows;
}

/** One term of a rewritten query. */
export interface RewrittenTerm {
  /** The term as the engines match it (query-terms.ts). */
  term: string;
  /** The shopper's words it stands for. */
  words: string[];
  /** Rewritten by the table: spelling correction leaves it alone. */
  fromTable: boolean;
}

interface Entry {
  /** What the words are searched as (their own words first when kept). */
  phrases: string[][];
  /** Tags the words ask for. */
  diets: DietaryTagId[];
  /** The attribute rows' words reached: an attribute's text when nothing else is. */
  attributeWords: string[][];
}

const key = (text: string) => queryWords(text).join(' ');

export class SynonymTable {
  /** Every word of the table's phrases: words a search understands though the catalogue may not use them. */
  private readonly known: Set<string>;

  private constructor(
    private readonly entries: Map<string, Entry>,
    private readonly longest: number,
  ) {
    this.known = new Set([...entries.keys()].flatMap((words) => words.split(' ')));
  }

  /** Whether a word is part of what shoppers type in some row ("oj", "toilet"). */
  knowsWord(word: string): boolean {
    return this.known.has(word);
  }

  /** Whether these words, as one phrase of the table, ask for a dietary tag ("organic", "gf"). */
  isAttribute(words: readonly string[]): boolean {
    return (this.entries.get(words.join(' '))?.diets.length ?? 0) > 0;
  }

  /** The table of some rows; throws SynonymLoopError when a row leads back to itself. */
  static build(rows: readonly SynonymRow[]): SynonymTable {
    const direct = new Map<string, { keep: boolean; phrases: string[]; diets: DietaryTagId[] }>();
    for (const row of rows) {
      const words = key(row.words);
      const entry = direct.get(words) ?? { keep: false, phrases: [], diets: [] };
      entry.keep ||= row.keepWords;
      if (row.kind === 'attribute') entry.diets.push(row.means as DietaryTagId);
      else entry.phrases.push(allWords(row.means).join(' '));
      direct.set(words, entry);
    }
    const resolved = new Map<string, Entry>();
    const resolve = (words: string, path: string[]): Entry => {
      const done = resolved.get(words);
      if (done) return done;
      if (path.includes(words)) throw new SynonymLoopError([...path.slice(path.indexOf(words)), words]);
      const own = direct.get(words)!;
      const entry: Entry = {
        phrases: own.keep ? [words.split(' ')] : [],
        diets: [...own.diets],
        attributeWords: own.diets.length ? [words.split(' ')] : [],
      };
      for (const phrase of own.phrases) {
        // A row meaning its own words ("half and half" → "half & half") asks for them as a phrase.
        if (phrase === words || !direct.has(phrase)) {
          entry.phrases.push(phrase.split(' '));
          continue;
        }
        const next = resolve(phrase, [...path, words]);
        entry.phrases.push(...next.phrases);
        entry.diets.push(...next.diets);
        entry.attributeWords.push(...next.attributeWords);
      }
      resolved.set(words, entry);
      return entry;
    };
    for (const words of direct.keys()) resolve(words, []);
    const longest = Math.max(0, ...[...direct.keys()].map((words) => words.split(' ').length));
    return new SynonymTable(resolved, longest);
  }

  /**
   * The table of the rows that do not loop, for rows the catalogue's owners edited in place: each
   * loop found is reported and its rows left out, so one bad edit does not stop search.
   */
  static buildSkippingLoops(rows: readonly SynonymRow[], report: (error: SynonymLoopError) => void): SynonymTable {
    let kept = [...rows];
    for (;;) {
      try {
        return SynonymTable.build(kept);
      } catch (error) {
        if (!(error instanceof SynonymLoopError)) throw error;
        report(error);
        const looping = new Set(error.loop);
        kept = kept.filter((row) => !looping.has(key(row.words)));
      }
    }
  }

  /**
   * The query's words (query.ts queryWords) rewritten: the longest phrase of the table starting at
   * each word becomes one term of what it means; other words stay as they are. An attribute's term
   * matches its words or its dietary tags (a product tagged gluten-free, or one named so).
   */
  rewrite(words: readonly string[]): RewrittenTerm[] {
    const terms: RewrittenTerm[] = [];
    for (let i = 0; i < words.length;) {
      let found: { entry: Entry; length: number } | null = null;
      for (let length = Math.min(this.longest, words.length - i); length >= 1 && !found; length--) {
        const entry = this.entries.get(words.slice(i, i + length).join(' '));
        if (entry) found = { entry, length };
      }
      if (!found) {
        terms.push({ term: words[i]!, words: [words[i]!], fromTable: false });
        i++;
        continue;
      }
      const { entry, length } = found;
      const shopper = words.slice(i, i + length);
      const text = entry.diets.length && !entry.phrases.length ? entry.attributeWords : entry.phrases;
      terms.push({ term: termOf(text, entry.diets.map(facetToken.diet)), words: shopper, fromTable: true });
      i += length;
    }
    return terms;
  }
}
