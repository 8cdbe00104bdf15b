import { unsafeUniformIntDistribution, xoroshiro128plus, type RandomGenerator } from 'pure-rand';

/** A seeded generator, so `npm run seed` produces the same catalogue every time. */
export class SeededRandom {
  private readonly rng: RandomGenerator;

  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed);
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return unsafeUniformIntDistribution(min, max, this.rng);
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.int(0, 9_999) < probability * 10_000;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
