import { interpretQuery, type SearchQueryInfo } from './interpret-query.server';
import { relaxationCandidates } from './relax-query';
import { searchSynonyms } from './synonyms.server';
import { searchVocabulary } from './vocabulary.server';

/**
 * The query to show instead of one that found nothing (docs/decisions/0075-search-without-dead-ends.md):
 * the first candidate of relax-query.ts that `finds` something, or null. Candidates are searched one
 * after another, exactly as written (no spelling correction), at most MAX_RELAXATIONS of them; the
 * answer keeps what the shopper typed in `text` for the "Search instead for" link.
 */
export async function relaxQuery(
  typed: SearchQueryInfo,
  /** Whether some terms find anything where the page looks (its kind of products and filters). */
  finds: (tokens: string[]) => Promise<boolean>,
  /** The search version, when the caller has read it. */
  version: string | null = null,
): Promise<SearchQueryInfo | null> {
  if (typed.tokens.length === 0) return null;
  const [synonyms, vocabulary] = await Promise.all([searchSynonyms(version), searchVocabulary()]);
  for (const candidate of relaxationCandidates(typed.text, { synonyms, vocabulary })) {
    const query = await interpretQuery(candidate.text, true, version);
    if (query.tokens.length > 0 && (await finds(query.tokens)))
      return { ...query, text: typed.text, correctedText: null, relaxedText: candidate.text };
  }
  return null;
}

/**
 * A search by the words as typed, and when it finds nothing (and the shopper did not ask for the
 * exact words), the same search by the first relaxed query that finds something.
 */
export async function searchOrRelax<T extends { query: SearchQueryInfo }>(
  raw: string,
  exact: boolean,
  search: (query: SearchQueryInfo) => Promise<T>,
  /** Whether an answer found nothing. */
  empty: (answer: T) => boolean,
  finds: (tokens: string[]) => Promise<boolean>,
): Promise<T> {
  const typed = await interpretQuery(raw, exact);
  const answer = await search(typed);
  if (exact || typed.tokens.length === 0 || !empty(answer)) return answer;
  const relaxed = await relaxQuery(typed, finds);
  return relaxed ? search(relaxed) : answer;
}
