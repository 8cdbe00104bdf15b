import { readFileSync } from 'node:fs';
import { parseSynonymFile, SynonymTable, type SynonymRow } from '~/modules/search/synonyms';

/** The search synonyms the seed loads (docs/decisions/0072-query-understanding-as-data.md). */
export const SYNONYM_FILE = new URL('./data/search-synonyms.tsv', import.meta.url);

/** The rows of a synonym data file, checked: a bad row or a loop throws, naming it. */
export function synonymFileRows(file: URL | string = SYNONYM_FILE): SynonymRow[] {
  const rows = parseSynonymFile(readFileSync(file, 'utf8'));
  SynonymTable.build(rows);
  return rows;
}
