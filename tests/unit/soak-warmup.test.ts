import { describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import {
  latenciesByRequest,
  percentilesByRequest,
  rssSteady,
  soakMisses,
  soakSettings,
  type AutocannonResult,
  type SoakReport,
} from '../../bench/soak-run';

const MB = 1024 * 1024;

describe('the soak warm-up', () => {
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

describe("the soak's verdict (bench/soak.ts and bench/soak-one.ts)", () => {
  const report = (values: Partial<SoakReport>): SoakReport =>
    ({
      serverErrors: 0,
      errors: 0,
      p99: 40,
      memory: [{ pid: 1, warmMb: 400, endMb: 410, growth: 0.025 }],
      ...values,
    }) as SoakReport;

  it('meets every budget with no 5xx, no errors, a p99 within budget and memory flat', () => {
    expect(soakMisses(report({}), 50)).toEqual([]);
    expect(soakMisses(report({ p99: 50 }), 50)).toEqual([]);
  });

  it('names each budget missed', () => {
    expect(soakMisses(report({ p99: 51 }), 50)).toEqual(['p99 over 50 ms']);
    expect(
      soakMisses(
        report({
          serverErrors: 1,
          errors: 2,
          memory: [
            { pid: 1, warmMb: 400, endMb: 410, growth: 0.025 },
            { pid: 2, warmMb: 400, endMb: 480, growth: 0.2 },
          ],
        }),
        50,
      ),
    ).toEqual(['5xx answers', 'errors or timeouts', 'memory grew 20 % or more']);
  });

  it('reads its settings from the environment, with the full soak as the default', () => {
    expect(soakSettings({})).toEqual({
      seconds: 300,
      connections: 50,
      warmupRequests: 3000,
      warmupMaxSeconds: 180,
      shoppers: 50,
      p99Budget: 50,
    });
    expect(soakSettings({ SOAK_SECONDS: '30', SOAK_P99_BUDGET_MS: '80' })).toMatchObject({
      seconds: 30,
      p99Budget: 80,
    });
  });
});

describe("the soak's latency by request type", () => {
  it("files each connection's n-th response under entry n of the mix, connection by connection", () => {
    const run = new EventEmitter();
    const latencies = latenciesByRequest(run as unknown as Promise<AutocannonResult>, 3);
    const [a, b] = [{}, {}];
    // Two connections interleaved: each one's responses still answer entries 0, 1, 2, 0, …
    for (const [client, ms] of [
      [a, 10],
      [b, 20],
      [a, 11],
      [a, 12],
      [b, 21],
      [a, 13],
    ] as const)
      run.emit('response', client, 200, 100, ms);
    expect(latencies).toEqual([[10, 20, 13], [11, 21], [12]]);
  });

  it('gives each type its p50 and p99 under its name in the mix', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentilesByRequest([hundred, [7.4]])).toEqual([
      { request: 'home A', p50: 51, p99: 100 },
      { request: 'search A', p50: 7, p99: 7 },
    ]);
  });
});
