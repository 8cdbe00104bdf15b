/**
 * Typo tolerance (docs/decisions/0008-search.md): a query word the catalogue never uses is replaced
 * by the nearest catalogue word by edit distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of neighbours), the more frequent word winning a tie. Pure and in memory,
 * so SQLite and PostgreSQL correct identically.
 */

/** Edit distance of a and b, or max + 1 as soon as it is known to exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prevPrev[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = current;
  }
  return prev[cols - 1]!;
}

/**
 * How many edits a word of this length may need: none below three letters, one up to seven, two from
 * eight ("brocolli"). Two edits turn too many real five-letter words into others ("motor" → "moon").
 */
export function allowedEdits(word: string): number {
  if (word.length < 3) return 0;
  return word.length <= 7 ? 1 : 2;
}

/**
 * A short word (four letters or fewer) is corrected by a swap, an extra or a missing letter, never by
 * another letter: "mlik" is milk, but "sofa" is not soft and "hose" is not home.
 */
export function shortWordEdit(word: string, term: string, sameLetters: boolean): boolean {
  return word.length > 4 || term.length !== word.length || sameLetters;
}

/** Letters a-z in buckets 0-25, anything else in 26 (merging buckets keeps the bound below valid). */
function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(27);
  for (let i = 0; i < word.length; i++) {
    const bucket = word.charCodeAt(i) - 97;
    counts[bucket >= 0 && bucket < 26 ? bucket : 26]! += 1;
  }
  return counts;
}

/**
 * A lower bound of the edit distance from the letters alone: an edit adds at most one letter and
 * removes at most one (a swap changes neither), so it needs at least max(letters to add, letters to
 * drop) edits. Cheaper than the distance itself, it rules out most of the vocabulary at once.
 */
function letterBound(a: Uint8Array, b: Uint8Array): number {
  let extra = 0;
  let missing = 0;
  for (let i = 0; i < 27; i++) {
    const d = a[i]! - b[i]!;
    if (d > 0) extra += d;
    else missing -= d;
  }
  return Math.max(extra, missing);
}

export class Vocabulary {
  private readonly frequency = new Map<string, number>();
  private readonly byLength = new Map<number, { term: string; letters: Uint8Array }[]>();

  constructor(entries: Iterable<readonly [string, number]>) {
    for (const [term, count] of entries) {
      this.frequency.set(term, count);
      const list = this.byLength.get(term.length) ?? [];
      list.push({ term, letters: letterCounts(term) });
      this.byLength.set(term.length, list);
    }
  }

  get size(): number {
    return this.frequency.size;
  }

  has(term: string): boolean {
    return this.frequency.has(term);
  }

  /** The word meant by an unknown word, or null when it is known, numeric, short or too far from any. */
  correct(word: string): string | null {
    if (this.frequency.has(word) || !/^[a-z]+$/.test(word)) return null;
    const max = allowedEdits(word);
    if (max === 0) return null;
    let best: { term: string; distance: number; frequency: number } | null = null;
    const letters = letterCounts(word);
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const { term, letters: termLetters } of this.byLength.get(length) ?? []) {
        const limit = best ? Math.min(max, best.distance) : max;
        const bound = letterBound(letters, termLetters);
        if (bound > limit || !shortWordEdit(word, term, bound === 0)) continue;
        const distance = editDistance(word, term, limit);
        if (distance > limit) continue;
        const frequency = this.frequency.get(term) ?? 0;
        if (
          !best ||
          distance < best.distance ||
          (distance === best.distance &&
            (frequency > best.frequency || (frequency === best.frequency && term < best.term)))
        )
          best = { term, distance, frequency };
      }
    }
    return best?.term ?? null;
  }

  /** Known words starting with a prefix, most frequent first (search as you type). */
  completions(prefix: string, limit: number): string[] {
    if (prefix.length < 2) return [];
    const found: string[] = [];
    for (const term of this.frequency.keys()) if (term.startsWith(prefix) && term !== prefix) found.push(term);
    return found
      .sort((a, b) => (this.frequency.get(b) ?? 0) - (this.frequency.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, limit);
  }

  /** The words with unknown ones corrected; `changed` says whether any was. */
  correctAll(tokens: string[]): { tokens: string[]; changed: boolean } {
    let changed = false;
    const corrected = tokens.map((token) => {
      const better = this.correct(token);
      if (better && better !== token) {
        changed = true;
        return better;
      }
      return token;
    });
    return { tokens: [...new Set(corrected)], changed };
  }
}
