import { describe, expect, it } from 'vitest';
import { rssSteady } from '../../bench/soak-run';

const MB = 1024 * 1024;

describe('the soak warm-up (decision 0036)', () => {
  it('is not steady after one step that grew under 5 %, as the last soak was', () => {
    // The last soak: 600 → 640 MB (+6.7 %), then +4 %: called steady, then grew on to ~790 MB.
    expect(rssSteady([[600 * MB], [640 * MB], [666 * MB]])).toBe(false);
  });

  it('needs two consecutive steps whose peak grew under 2 %', () => {
    expect(rssSteady([[700 * MB], [780 * MB], [790 * MB]])).toBe(false);
    expect(rssSteady([[700 * MB], [780 * MB], [790 * MB], [795 * MB]])).toBe(true);
  });

  it('is steady when peaks fall (a collection between samples)', () => {
    expect(rssSteady([[790 * MB], [760 * MB], [770 * MB]])).toBe(true);
  });

  it('waits for every process', () => {
    expect(
      rssSteady([
        [790 * MB, 600 * MB],
        [792 * MB, 640 * MB],
        [793 * MB, 680 * MB],
      ]),
    ).toBe(false);
    expect(
      rssSteady([
        [790 * MB, 780 * MB],
        [792 * MB, 785 * MB],
        [793 * MB, 786 * MB],
      ]),
    ).toBe(true);
  });

  it('is never steady before it has two steps to compare', () => {
    expect(rssSteady([])).toBe(false);
    expect(rssSteady([[700 * MB]])).toBe(false);
    expect(rssSteady([[700 * MB], [700 * MB]])).toBe(false);
  });
});
