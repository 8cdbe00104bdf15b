import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { BucketHistogram } from '~/modules/config/bucket-histogram.server';

const BUCKETS = [0.005, 0.01, 0.025, 0.1, 1];
const SAMPLES: [string, string, number][] = [
  ['GET', '2xx', 0.001],
  ['GET', '2xx', 0.005], // on a bound: counted in that bucket (le is "less or equal")
  ['GET', '2xx', 0.02],
  ['GET', '4xx', 0.3],
  ['POST', '2xx', 7], // above every bound: only in +Inf
  ['GET', '2xx', 0.0099],
];

/** The scrape text of one metric, its lines sorted (the two registries may list series in another order). */
async function scrape(registry: client.Registry) {
  return (await registry.metrics()).trim().split('\n').sort();
}

describe('BucketHistogram', () => {
  it("scrapes exactly as prom-client's Histogram does for the same samples", async () => {
    const ours = new client.Registry();
    const theirs = new client.Registry();
    const options = { name: 'pantry_test_seconds', help: 'A test histogram', labelNames: ['method', 'status_class'] };
    const fast = new BucketHistogram({ ...options, buckets: BUCKETS, registers: [ours] });
    const reference = new client.Histogram({ ...options, buckets: BUCKETS, registers: [theirs] });
    for (const [method, status_class, seconds] of SAMPLES) {
      fast.observe({ method, status_class }, seconds);
      reference.observe({ method, status_class }, seconds);
    }
    expect(await scrape(ours)).toEqual(await scrape(theirs));
    expect(await scrape(ours)).toContain('pantry_test_seconds_bucket{le="0.01",method="GET",status_class="2xx"} 3');
  });

  it('keeps a series found once, counts through it, ignores a sample that is not a number, and resets', async () => {
    const registry = new client.Registry();
    const histogram = new BucketHistogram({
      name: 'pantry_query_seconds',
      help: 'Queries',
      labelNames: ['dialect'],
      buckets: BUCKETS,
      registers: [registry],
    });
    const sqlite = histogram.labels({ dialect: 'sqlite' });
    expect(histogram.labels({ dialect: 'sqlite' })).toBe(sqlite);
    sqlite.observe(0.002);
    sqlite.observe(Number.NaN);
    sqlite.observe(Number.POSITIVE_INFINITY);
    const text = await registry.metrics();
    expect(text).toContain('pantry_query_seconds_count{dialect="sqlite"} 1');
    expect(text).toContain('pantry_query_seconds_sum{dialect="sqlite"} 0.002');
    expect(text).toContain('pantry_query_seconds_bucket{le="+Inf",dialect="sqlite"} 1');
    histogram.reset();
    expect(await registry.metrics()).not.toContain('pantry_query_seconds_count');
  });

  it('refuses a second metric of the same name in one registry, as prom-client does', () => {
    const registry = new client.Registry();
    const options = {
      name: 'pantry_twice_seconds',
      help: 'Twice',
      labelNames: [],
      buckets: BUCKETS,
      registers: [registry],
    };
    new BucketHistogram(options);
    expect(() => new BucketHistogram(options)).toThrow(/already been registered/);
  });
});
