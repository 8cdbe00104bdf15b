import { randomInt } from 'node:crypto';
import { adjectives, animals, countries, names } from 'unique-names-generator';

/**
 * Spec section 9: generated state words — three or four words joined with hyphens, drawn from large
 * word lists (adjectives, nouns, places, names) with a cryptographic random source.
 */
const LISTS = [adjectives, animals, countries, names].map((list) => [
  ...new Set(list.map((word) => word.toLowerCase().replace(/[^a-z]/g, '')).filter((word) => word.length >= 3)),
]);

export function generateStateWords(count: 3 | 4 = randomInt(3, 5) as 3 | 4): string {
  const words: string[] = [];
  for (let i = 0; i < count; i++) {
    const list = LISTS[i % LISTS.length]!;
    words.push(list[randomInt(0, list.length)]!);
  }
  return words.join('-');
}

export function isStateWords(value: string): boolean {
  return /^[a-z]{3,}(-[a-z]{3,}){2,3}$/.test(value);
}
