/**
 * What a query's words ask for, learned from the catalogue itself
 * (docs/decisions/0077-product-types-and-aisle-intent.md): a product's type is the head noun of its
 * shelf item's name ("White Sandwich Bread" is bread, "Root Beer" a root beer, "Peanut Butter Cups"
 * cups), and a phrase's intended aisles are the aisles named after it ("Cheese", "Milk & Cream"), or
 * else the aisles where products of that type are shelved ("Roma Tomatoes" → Fresh Vegetables).
 * Pure: the index build learns the rows, the search reads them.
 */
import { isStopword, queryWords, words } from './query';
import { termParts } from './query-terms';

export type IntentSource = 'aisle' | 'type' | 'word';

/** One learned row: a phrase (singular words joined by spaces) and an aisle it points to. */
export interface IntentRow {
  phrase: string;
  aisleId: number;
  /**
   * 'aisle': the aisle is named after the phrase; 'type': products of that type are shelved there;
   * 'word': products whose item name holds the word elsewhere than its head ("Salmon Fillet").
   */
  source: IntentSource;
  /** How many such products the aisle holds (0 for an aisle's name). */
  weight: number;
}

/** A word's singular, as a key (the same word on both sides matters, not English): "berries" → "berry". */
export function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

const phraseOf = (list: readonly string[]) => list.map(singular).join(' ');

/** The shelf item's words of a product name: the brand, the size (after the first comma) and "with …" left out. */
export function itemWords(name: string, brand: string): string[] {
  const withoutBrand = name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name;
  const item = withoutBrand.split(', ')[0]!.split(/ with /i)[0]!;
  return words(item);
}

/** A product's type phrases: its head noun, and the head noun with the word before it ("root beer"). */
export function typePhrases(itemWordList: readonly string[]): string[] {
  const n = itemWordList.length;
  if (n === 0) return [];
  const head = phraseOf(itemWordList.slice(-1));
  return n >= 2 ? [head, phraseOf(itemWordList.slice(-2))] : [head];
}

/** The phrases an aisle is named after: "Rice, Grains & Beans" → rice, grain, bean. */
export function aislePhrases(aisleName: string): string[] {
  return aisleName
    .split(/,|&| and /)
    .map((part) => phraseOf(words(part)))
    .filter((phrase) => phrase !== '');
}

/** The rows of a catalogue: its aisles' names and, per aisle, how many products of each type it shelves. */
export function learnIntents(
  aisles: readonly { id: number; name: string }[],
  shelved: readonly { name: string; brand: string; aisleId: number; products: number }[],
): IntentRow[] {
  const rows = new Map<string, IntentRow>();
  for (const aisle of aisles)
    for (const phrase of aislePhrases(aisle.name))
      rows.set(`aisle ${phrase} ${aisle.id}`, { phrase, aisleId: aisle.id, source: 'aisle', weight: 0 });
  const add = (source: IntentSource, phrase: string, aisleId: number, products: number) => {
    const key = `${source} ${phrase} ${aisleId}`;
    const row = rows.get(key) ?? { phrase, aisleId, source, weight: 0 };
    row.weight += products;
    rows.set(key, row);
  };
  for (const item of shelved) {
    const own = itemWords(item.name, item.brand);
    const types = typePhrases(own);
    for (const phrase of types) add('type', phrase, item.aisleId, item.products);
    for (const word of new Set(own.filter((word) => !isStopword(word)).map(singular)))
      if (word !== types[0]) add('word', word, item.aisleId, item.products);
  }
  return [...rows.values()];
}

/** An aisle shelving fewer than this share of the best aisle's products of a type is not what the type means. */
export const TYPE_SHARE = 0.5;

/** The learned rows, looked up by phrase. */
export class SearchIntents {
  private readonly byPhrase = new Map<string, IntentRow[]>();

  constructor(rows: readonly IntentRow[]) {
    for (const row of rows) {
      const list = this.byPhrase.get(row.phrase) ?? [];
      list.push(row);
      this.byPhrase.set(row.phrase, list);
    }
  }

  /**
   * The aisles a phrase means: the aisles named after it, else where most products of its type are,
   * else (a word only) where most products whose names hold it are.
   */
  aislesOfPhrase(phrase: string): number[] {
    const rows = this.byPhrase.get(phrase) ?? [];
    const named = rows.filter((row) => row.source === 'aisle');
    if (named.length) return named.map((row) => row.aisleId).sort((a, b) => a - b);
    for (const source of ['type', 'word'] as const) {
      const of = rows.filter((row) => row.source === source && row.weight > 0);
      const best = Math.max(0, ...of.map((row) => row.weight));
      if (best > 0)
        return of
          .filter((row) => row.weight >= best * TYPE_SHARE)
          .map((row) => row.aisleId)
          .sort((a, b) => a - b);
    }
    return [];
  }

  /**
   * The aisles a query's terms mean, or null: the head of the query is its last term that is not an
   * attribute (attribute terms carry facet alternatives); its two-word phrase with the word before it
   * is asked first ("peanut butter" before "butter"), then the word alone. A term the synonym table
   * rewrote asks each of its alternatives ("tp" → "bath tissue").
   */
  aislesFor(terms: readonly string[]): number[] | null {
    const text = terms.filter((term) => termParts(term).facets.length === 0);
    const head = text[text.length - 1];
    if (head === undefined) return null;
    const before = text.length >= 2 ? termParts(text[text.length - 2]!).text : [];
    const found = new Set<number>();
    for (const alternative of termParts(head).text) {
      const own = alternative.flatMap((word) => queryWords(word));
      const candidates: string[][] = [];
      if (own.length >= 2) candidates.push(own.slice(-2));
      else for (const words of before) if (words.length) candidates.push([words[words.length - 1]!, ...own]);
      candidates.push(own.slice(-1));
      for (const candidate of candidates) {
        const aisles = this.aislesOfPhrase(phraseOf(candidate));
        if (aisles.length) {
          aisles.forEach((id) => found.add(id));
          break;
        }
      }
    }
    return found.size ? [...found].sort((a, b) => a - b) : null;
  }
}
