/**
 * The judged query set of the search relevance bench (bench/search-relevance.ts): what each query means to a
 * shopper, as graded rules over the catalogue, independent of how search works today.
 */
import type { JudgedQuery } from './judgments';
import { GENERIC_QUERIES } from './queries-generic';
import { KIND_QUERIES } from './queries-kinds';
import { PHRASE_QUERIES } from './queries-phrases';
import { WORD_QUERIES } from './queries-words';

export const JUDGED_QUERIES: JudgedQuery[] = [...GENERIC_QUERIES, ...PHRASE_QUERIES, ...WORD_QUERIES, ...KIND_QUERIES];
