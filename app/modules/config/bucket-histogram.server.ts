import type { Registry } from 'prom-client';

/**
 * A Prometheus histogram for the samples taken on every request and every database query. prom-client's own
 * Histogram checks and hashes its labels on each observe (about 1.5 µs, several times per request: a profile
 * showed it as the largest part of what metrics cost a page); here a label set is looked up once and a sample is
 * a bucket search and three additions. It registers with a prom-client Registry like any metric, so the scrape,
 * the default collectors and the other instruments are prom-client's.
 */
/** One line of the scrape, as prom-client's registry reads it from a metric's get(). */
interface ScrapeValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export interface BucketSeries {
  observe(seconds: number): void;
}

interface Series extends BucketSeries {
  labels: Record<string, string>;
  counts: Float64Array;
  sum: number;
  count: number;
}

export class BucketHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  private readonly labelNames: readonly L[];
  private readonly bounds: Float64Array;
  private readonly series = new Map<string, Series>();

  constructor(options: {
    name: string;
    help: string;
    labelNames: readonly L[];
    buckets: number[];
    registers: Registry[];
  }) {
    this.name = options.name;
    this.help = options.help;
    this.labelNames = options.labelNames;
    this.bounds = Float64Array.from([...options.buckets].sort((a, b) => a - b));
    // The registry reads name, help, type and get() only; its typings list prom-client's own classes alone.
    for (const registry of options.registers)
      registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** The series of one label set, made on first use; keep it to observe without any lookup. */
  labels(values: Record<L, string>): BucketSeries {
    let key = '';
    for (const name of this.labelNames) key += `${values[name] ?? ''}\u0000`;
    let series = this.series.get(key);
    if (!series) {
      const labels: Record<string, string> = {};
      for (const name of this.labelNames) labels[name] = String(values[name] ?? '');
      const counts = new Float64Array(this.bounds.length);
      const bounds = this.bounds;
      const made: Series = {
        labels,
        counts,
        sum: 0,
        count: 0,
        observe(seconds: number) {
          if (!Number.isFinite(seconds)) return;
          let bucket = 0;
          while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++;
          if (bucket < counts.length) counts[bucket]!++;
          made.sum += seconds;
          made.count++;
        },
      };
      series = made;
      this.series.set(key, series);
    }
    return series;
  }

  observe(values: Record<L, string>, seconds: number): void {
    this.labels(values).observe(seconds);
  }

  reset(): void {
    this.series.clear();
  }

  /** The samples as prom-client renders a histogram: cumulative `_bucket` lines with `le`, `_sum`, `_count`. */
  async get() {
    const values: ScrapeValue[] = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, ...series.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...series.labels }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
