import { MAX_QUERY_TOKENS, parseQuery, queryWords } from './query';
import { searchIntents } from './intent.server';
import { searchSynonyms } from './synonyms.server';
import { searchVocabulary } from './vocabulary.server';

export interface SearchQueryInfo {
  /** What the shopper typed. */
  text: string;
  /** The words searched for after spelling correction, when any word was corrected. */
  correctedText: string | null;
  /**
   * The words searched for instead when the query as typed found nothing (relax-query.ts): another
   * form of a word, or the query without one of its words.
   */
  relaxedText: string | null;
  /**
   * The terms searched for (query-terms.ts): words the synonym table knows rewritten to what they
   * mean (an attribute word to its words or its dietary tag), other words spelling-corrected.
   */
  tokens: string[];
  /** The grocery aisles the terms mean (intent.ts), or null. */
  intentAisleIds: number[] | null;
}

let understanding = true;

/**
 * Turns query understanding (synonyms and aisle intent) off or on, for the search bench only: its
 * reference is the search that matched the shopper's words as typed, spelling-corrected
 * (bench/search.ts). Answers cached with it off must not be served with it on: the bench measures it
 * with the search cache off.
 */
export function setQueryUnderstanding(enabled: boolean) {
  understanding = enabled;
}

/**
 * What a query means (docs/decisions/0072-query-understanding-as-data.md): the synonym table
 * rewrites the words it knows first — a word it knows is never spelling-corrected ("coke" means cola,
 * not cake) — then unknown words are corrected unless the shopper asked for exactly what they typed.
 */
export async function interpretQuery(
  raw: string,
  exact = false,
  /** The search version, when the caller has read it. */
  version: string | null = null,
): Promise<SearchQueryInfo> {
  const parsed = parseQuery(raw);
  if (parsed.tokens.length === 0)
    return { text: parsed.text, correctedText: null, relaxedText: null, tokens: [], intentAisleIds: null };
  const [synonyms, vocabulary, intents] = await Promise.all([
    understanding ? searchSynonyms(version) : null,
    exact ? null : searchVocabulary(),
    understanding ? searchIntents(version) : null,
  ]);
  // Words in order with repeats ("half and half"), so phrases match; a bounded number of them.
  const typed = queryWords(parsed.text).slice(0, MAX_QUERY_TOKENS * 2);
  const rewritten = synonyms
    ? synonyms.rewrite(typed)
    : typed.map((word) => ({ term: word, words: [word], fromTable: false }));
  let changed = false;
  const terms = rewritten.map((term) => {
    const better = term.fromTable ? null : vocabulary?.correct(term.term);
    if (!better || better === term.term) return term;
    changed = true;
    return { ...term, term: better, words: [better] };
  });
  const tokens = [...new Set(terms.map((term) => term.term))].slice(0, MAX_QUERY_TOKENS);
  return {
    text: parsed.text,
    correctedText: changed ? terms.flatMap((term) => term.words).join(' ') : null,
    relaxedText: null,
    tokens,
    intentAisleIds: intents?.aislesFor(tokens) ?? null,
  };
}
