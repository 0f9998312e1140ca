import type { Logger } from 'pino';
import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

type Unregistered<C> = Omit<C, 'registers'>;

let processRegistry: Registry | undefined;
/** Node's process metrics (CPU, memory, event loop, GC): one set per process, shared by its platforms. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one platform process, in Prometheus' text format (docs/operations.md lists them): a
 * registry of its own (tests run several platforms in one Node process), served with Node's process
 * metrics.
 * A family is created once by name, so the parts of a process that observe it (the scoring workers and
 * the container runner, say) share it.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Failed collections (a collector timed out or its database call failed), by collector. */
  readonly #failures: Counter<'collector'>;
  readonly #withProcessMetrics: boolean;

  constructor(options: { processMetrics?: boolean } = {}) {
    this.#withProcessMetrics = options.processMetrics !== false;
    this.#failures = this.counter({
      name: 'sais_metrics_collection_failures_total',
      help: 'Collections of a metric family that failed or timed out (its series are left out of that scrape)',
      labelNames: ['collector'],
    });
  }

  counter<L extends string>(config: Unregistered<CounterConfiguration<L>>): Counter<L> {
    return this.#once(config.name, () => new Counter({ ...config, registers: [this.registry] }));
  }

  gauge<L extends string>(config: Unregistered<GaugeConfiguration<L>>): Gauge<L> {
    return this.#once(config.name, () => new Gauge({ ...config, registers: [this.registry] }));
  }

  histogram<L extends string>(config: Unregistered<HistogramConfiguration<L>>): Histogram<L> {
    return this.#once(config.name, () => new Histogram({ ...config, registers: [this.registry] }));
  }

  /**
   * A gauge set from `sample()` at each scrape, all its series replaced. A sample that fails (or times out,
   * see `sampled`) leaves them out of that scrape rather than report stale values, and counts in
   * `sais_metrics_collection_failures_total`; the other families are served as usual.
   */
  sampledGauge<L extends string, T>(
    config: { name: string; help: string; labelNames: readonly L[] },
    sample: () => Promise<T>,
    fill: (gauge: Gauge<L>, value: T) => void,
    logger?: Logger,
  ): Gauge<L> {
    const failures = this.#failures;
    return this.gauge({
      ...config,
      async collect() {
        this.reset();
        try {
          fill(this, await sample());
        } catch (error) {
          failures.inc({ collector: config.name });
          logger?.warn({ err: error, metric: config.name }, 'a metric could not be collected');
        }
      },
    });
  }

  /** The scrape's body and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const served = this.#withProcessMetrics
      ? Registry.merge([processMetrics(), this.registry])
      : this.registry;
    return { contentType: served.contentType, body: await served.metrics() };
  }

  #once<M>(name: string, create: () => M): M {
    return (this.registry.getSingleMetric(name) as M | undefined) ?? create();
  }
}

/** Seconds buckets for work that takes milliseconds to seconds (requests, scoring). */
export const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
