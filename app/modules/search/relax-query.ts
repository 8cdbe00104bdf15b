import { queryWords } from './query';
import type { Vocabulary } from './spelling';
import type { SynonymTable } from './synonyms';

/**
 * Relaxing a query that finds nothing (docs/decisions/0075-search-without-dead-ends.md): the
 * queries worth trying instead, best first. Pure, so both dialects relax alike; the searches
 * themselves are relax-query.server.ts's.
 *
 * A candidate only holds words the catalogue or the synonym table knows as typed: a word that needs
 * a spelling correction is never kept, since a lone corrected word finds junk ("lawn mower" →
 * "power"). The head noun (the last word) is never dropped, nor is a one-word query's word.
 */

/** At most this many candidates are searched, and only after the query itself found nothing. */
export const MAX_RELAXATIONS = 3;

export interface RelaxationCandidate {
  /** The words searched instead, as shown ("Showing results for …"). */
  text: string;
  /** Another form of a word (singular or plural), or a word left out. */
  change: 'form' | 'dropped';
}

export interface QueryLexicon {
  vocabulary: Pick<Vocabulary, 'has'>;
  synonyms: Pick<SynonymTable, 'rewrite' | 'knowsWord' | 'isAttribute'>;
}

/** The other number of an English word: singulars of a plural, plurals of a singular (unchecked). */
export function otherForms(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const forms: string[] = [];
  const stem = (n: number) => word.slice(0, word.length - n);
  if (word.endsWith('ies')) forms.push(`${stem(3)}y`);
  if (word.endsWith('ves')) forms.push(`${stem(3)}f`, `${stem(3)}fe`);
  if (word.endsWith('es')) forms.push(stem(2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(stem(1));
  if (/[^aeiou]y$/.test(word)) forms.push(`${stem(1)}ies`);
  if (/(s|x|z|ch|sh|o)$/.test(word)) forms.push(`${word}es`);
  if (word.endsWith('fe')) forms.push(`${stem(2)}ves`);
  else if (word.endsWith('f')) forms.push(`${stem(1)}ves`);
  if (!word.endsWith('s')) forms.push(`${word}s`);
  return [...new Set(forms)].filter((form) => form !== word && form.length >= 2);
}

/**
 * The query's units, each the words the shopper typed as one: a hyphenated word ("band-aid",
 * "q-tips") and a phrase the synonym table knows ("gluten free") are one unit, never split.
 */
export function queryUnits(text: string, synonyms: QueryLexicon['synonyms']): string[][] {
  const typed = text
    .split(/\s+/)
    .map(queryWords)
    .filter((unit) => unit.length > 0);
  const unitOf = typed.flatMap((unit, index) => unit.map(() => index));
  // joined[u]: unit u continues unit u - 1 (a table phrase spans both).
  const joined = typed.map(() => false);
  let at = 0;
  for (const term of synonyms.rewrite(typed.flat())) {
    const first = unitOf[at]!;
    const last = unitOf[at + term.words.length - 1]!;
    for (let u = first + 1; u <= last; u++) joined[u] = true;
    at += term.words.length;
  }
  const units: string[][] = [];
  typed.forEach((unit, u) => {
    if (joined[u] && units.length) units[units.length - 1]!.push(...unit);
    else units.push([...unit]);
  });
  return units;
}

/** Whether the table rewrites the word at `index` (as part of some phrase). */
function rewrittenAt(words: string[], index: number, synonyms: QueryLexicon['synonyms']): boolean {
  let at = 0;
  for (const term of synonyms.rewrite(words)) {
    if (index < at + term.words.length) return term.fromTable;
    at += term.words.length;
  }
  return false;
}

/**
 * What to search instead of a query that found nothing, in order: another form of one word (the
 * head first), then the query without one of its words — a word nothing knows first, then an
 * attribute word ("organic"), then the word farthest from the head. The full-text engines stem
 * ("eggs" finds "egg"), so another form is only worth a search where it changes what the words
 * are: a word the catalogue does not use whose other form it does, or a phrase of the synonym
 * table that only the other form completes.
 */
export function relaxationCandidates(
  text: string,
  lexicon: QueryLexicon,
  limit = MAX_RELAXATIONS,
): RelaxationCandidate[] {
  const known = (word: string) => lexicon.vocabulary.has(word) || lexicon.synonyms.knowsWord(word);
  const units = queryUnits(text, lexicon.synonyms);
  const words = units.flat();
  const candidates: RelaxationCandidate[] = [];
  const add = (candidate: string[], change: RelaxationCandidate['change']) => {
    const joined = candidate.join(' ');
    if (candidate.every(known) && joined !== words.join(' ') && !candidates.some((c) => c.text === joined))
      candidates.push({ text: joined, change });
  };

  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i]!;
    for (const form of otherForms(word)) {
      const changed = words.map((w, j) => (j === i ? form : w));
      const completesPhrase = rewrittenAt(changed, i, lexicon.synonyms) && !rewrittenAt(words, i, lexicon.synonyms);
      if ((!known(word) && known(form)) || completesPhrase) add(changed, 'form');
    }
  }

  if (units.length >= 2) {
    const head = units.length - 1;
    const rank = (u: number) => {
      if (!units[u]!.every(known)) return 0;
      if (lexicon.synonyms.isAttribute(units[u]!)) return 1;
      return 2;
    };
    const droppable = units
      .map((_, u) => u)
      .filter((u) => u !== head)
      .sort((a, b) => rank(a) - rank(b) || a - b);
    for (const u of droppable) add(units.filter((_, v) => v !== u).flat(), 'dropped');
  }
  return candidates.slice(0, limit);
}
