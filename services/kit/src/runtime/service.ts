import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import type { Projection } from '../projections/projection.ts';
import type { StateCheck } from '../audit/state-tables.ts';
import type { SubscriptionOptions } from '../messaging/transport.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { Authenticator } from '../http/principal.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';
import type { PlatformConfig } from '../config.ts';

export type { PlatformConfig } from '../config.ts';

/** What a service gets to do its work: its schema, its event store, and a way to wake the relay. */
export interface ServiceContext {
  readonly db: Db;
  readonly store: EventStore;
  readonly logger: Logger;
  readonly config: PlatformConfig;
  /** Call after an append so the relay publishes at once instead of at its next poll. */
  appended(): void;
  /** Resolves the caller from the session cookie (identity in this process, or over HTTP). */
  readonly auth: Authenticator;
  /** This process's metrics (served at /metrics on METRICS_PORT; docs/operations.md). */
  readonly metrics: Metrics;
  /** The platform's per-person data keys (decision 0017): identity destroys them on deletion. */
  readonly personal?: PersonalDataKeys;
}

/** A service of the platform: its schema, migrations, read models and HTTP routes. */
export interface ServiceDefinition {
  readonly name: string;
  /** PostgreSQL schema it owns; no other service reads it. */
  readonly schema: string;
  /** URL prefixes it answers, for the gateway's routing table (e.g. `/api/user`). */
  readonly prefixes: readonly string[];
  readonly migrations: Record<string, Migration>;
  /** Event types after which its transparency log signs a checkpoint at once (e.g. a seal; decision 0012). */
  readonly checkpointAfter?: readonly string[];
  projections?(context: ServiceContext): Projection[];
  /**
   * What its events say its state tables (rows its commands write beside their events) hold: checked by
   * `npm run events:verify -- --read-models` (decision 0028).
   */
  readonly stateChecks?: readonly StateCheck[];
  /** Background consumers (e.g. scoring workers): each a consumer group sharing its work with peers. */
  workers?(context: ServiceContext): SubscriptionOptions[];
  /**
   * Metrics about the service's own state (e.g. submissions by status), registered on `context.metrics`
   * by the service's own process only (not by its worker-only processes).
   */
  metrics?(context: ServiceContext): void;
  /** The identity service provides the platform's authenticator. */
  authenticator?(context: ServiceContext): Promise<Authenticator>;
  routes(app: FastifyInstance, context: ServiceContext): Promise<void>;
}

export function defineService(definition: ServiceDefinition): ServiceDefinition {
  return definition;
}

/**
 * A service's worker groups alone, for processes that only work (e.g. more scoring workers): its
 * projections and routes stay with the service's own process.
 */
export function workersOnly(service: ServiceDefinition): ServiceDefinition {
  return { ...service, projections: () => [], metrics: undefined, routes: async () => undefined };
}
