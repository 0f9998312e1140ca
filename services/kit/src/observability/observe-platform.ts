import type { EventEnvelope } from '@sais/events';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Gauge } from 'prom-client';
import type { Db } from '../db/database.ts';
import { KafkaTransport } from '../messaging/kafka.ts';
import type { EventTransport } from '../messaging/transport.ts';
import type { Projection } from '../projections/projection.ts';
import { type ConsumerGroup, ConsumerLag } from './consumer-lag.ts';
import type { Metrics } from './metrics.ts';
import { ProjectionLag } from './projection-lag.ts';
import type { ReadinessCheck } from './readiness.ts';
import { sampled } from './sampled.ts';

/** A collection waits at most this long for the database or Kafka; its series are left out otherwise. */
const COLLECT_TIMEOUT_MS = 3000;
/** Scrapes and readiness probes within this long share one measurement. */
const SAMPLE_MAX_AGE_MS = 1000;

export interface ObservedPlatform {
  db: Db;
  env: NodeJS.ProcessEnv;
  transport: EventTransport;
  metrics: Metrics;
  logger: Logger;
  /** The projections this process runs. */
  projections: readonly Projection[];
  /** The consumer groups this process joined (projections and workers). */
  groups: readonly ConsumerGroup[];
}

/** `onAppended` of a service's event store: `sais_event_store_appended_events_total`. */
export function countAppends(metrics: Metrics, service: string): (events: readonly EventEnvelope[]) => void {
  const appended = metrics.counter({
    name: 'sais_event_store_appended_events_total',
    help: 'Events appended to the event store, by service and stream type',
    labelNames: ['service', 'stream_type'],
  });
  return (events) => {
    for (const event of events) appended.inc({ service, stream_type: event.streamType });
  };
}

/**
 * The lag metrics of a platform process (projections; consumer groups on Kafka) and its readiness checks:
 * the database and Kafka answer in time, and no projection is more than READY_MAX_PROJECTION_LAG_SECONDS
 * behind (default 60). Each check waits at most READY_TIMEOUT_MS (default 2000).
 */
export function observePlatform(observed: ObservedPlatform): {
  readiness: ReadinessCheck[];
  close(): Promise<void>;
} {
  const { db, env, transport, metrics, logger } = observed;
  const timeoutMs = positive(env.READY_TIMEOUT_MS, 2000, 'READY_TIMEOUT_MS');
  const maxLagSeconds = positive(
    env.READY_MAX_PROJECTION_LAG_SECONDS,
    60,
    'READY_MAX_PROJECTION_LAG_SECONDS',
  );
  const gauge = <L extends string, T>(
    config: { name: string; help: string; labelNames: readonly L[] },
    sample: () => Promise<T>,
    fill: (gauge: Gauge<L>, value: T) => void,
  ) => metrics.sampledGauge(config, sample, fill, logger);

  const projectionLag = new ProjectionLag(db, observed.projections);
  const lagOfProjections = sampled(() => projectionLag.sample(), {
    maxAgeMs: SAMPLE_MAX_AGE_MS,
    timeoutMs: COLLECT_TIMEOUT_MS,
    what: 'measuring projection lag',
  });
  if (observed.projections.length > 0) {
    gauge(
      {
        name: 'sais_projection_lag_events',
        help: 'Events of its stream types that the projection has not applied yet',
        labelNames: ['projection'],
      },
      lagOfProjections,
      (g, lag) => lag.forEach((sample, projection) => g.set({ projection }, sample.events)),
    );
    gauge(
      {
        name: 'sais_projection_lag_seconds',
        help: 'Age of the oldest event the projection has not applied yet (0 when it has applied every one)',
        labelNames: ['projection'],
      },
      lagOfProjections,
      (g, lag) => lag.forEach((sample, projection) => g.set({ projection }, sample.seconds)),
    );
  }

  const consumerLag =
    transport instanceof KafkaTransport ? new ConsumerLag(transport, observed.groups) : null;
  if (consumerLag && consumerLag.groups.length > 0) {
    const lagOfGroups = sampled(() => consumerLag.sample(), {
      maxAgeMs: SAMPLE_MAX_AGE_MS,
      timeoutMs: COLLECT_TIMEOUT_MS,
      what: 'measuring consumer lag',
    });
    gauge(
      {
        name: 'sais_kafka_consumer_lag_messages',
        help: "Messages after the consumer group's committed offsets, by group and topic (stream type)",
        labelNames: ['group', 'topic'],
      },
      lagOfGroups,
      (g, samples) => samples.forEach(({ group, topic, messages }) => g.set({ group, topic }, messages)),
    );
  }

  const database = sampled(async () => void (await sql`select 1`.execute(db)), {
    maxAgeMs: 0,
    timeoutMs,
    what: 'database',
  });
  const readiness: ReadinessCheck[] = [{ name: 'database', check: database, timeoutMs }];
  if (transport instanceof KafkaTransport) {
    const kafka = sampled(() => transport.ping(), { maxAgeMs: 0, timeoutMs, what: 'kafka' });
    readiness.push({ name: 'kafka', check: kafka, timeoutMs });
  }
  if (observed.projections.length > 0) {
    readiness.push({
      name: 'projections',
      timeoutMs,
      check: async () => {
        const late = [...(await lagOfProjections())].filter(([, lag]) => lag.seconds > maxLagSeconds);
        if (late.length > 0)
          throw new Error(
            `${late.map(([name, lag]) => `${name} is ${Math.round(lag.seconds)} s behind`).join(', ')} ` +
              `(READY_MAX_PROJECTION_LAG_SECONDS=${maxLagSeconds})`,
          );
      },
    });
  }
  return { readiness, close: async () => consumerLag?.close() };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`${name} must be a number ≥ 0, not "${value}"`);
  return number;
}
