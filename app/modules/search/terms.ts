import { vocabularyWords } from './query';

/**
 * Counts, for every word of the catalogue, how many products and recipes use it (document
 * frequency). The seed feeds it the same text the full-text index gets.
 */
export class TermCounter {
  readonly counts = new Map<string, number>();
  private readonly memo = new Map<string, string[]>();

  private wordsOf(text: string): string[] {
    let list = this.memo.get(text);
    if (!list) {
      list = vocabularyWords(text);
      // Names and descriptions repeat a lot (brand × item); remember a bounded number of them.
      if (this.memo.size < 200_000) this.memo.set(text, list);
    }
    return list;
  }

  /** One document made of several texts; each word counts once per document. */
  addDocument(...texts: string[]) {
    this.addDocuments(1, ...texts);
  }

  /** `count` documents with the same words (a seed counts a million products by their few thousand shapes). */
  addDocuments(count: number, ...texts: string[]) {
    const seen = new Set<string>();
    for (const text of texts) for (const word of this.wordsOf(text)) seen.add(word);
    for (const word of seen) this.counts.set(word, (this.counts.get(word) ?? 0) + count);
  }
}
