import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { type Database, databaseConfigFromEnv, openDatabase } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';
import { EventStore } from '../eventstore/event-store.ts';
import { eventStoreMigrations } from '../eventstore/migrations.ts';
import { createApp, loggerOptions } from '../http/app.ts';
import { decoratePlatform, serviceScope } from '../http/decorators.ts';
import { trustedProxiesFrom } from '../http/security.ts';
import { checkTokenUse } from '../http/access-tokens.ts';
import { databaseRateLimitStore } from '../http/rate-limit-store.ts';
import { installWriteLimits, writeLimitsFrom } from '../http/write-limits.ts';
import { endConnectionsOnClose } from '../http/shutdown.ts';
import { InProcessBus } from '../messaging/in-process.ts';
import { groupedBatches } from '../messaging/grouped.ts';
import { KafkaTransport } from '../messaging/kafka.ts';
import { Relay } from '../messaging/relay.ts';
import type { EventTransport, Subscription, SubscriptionOptions } from '../messaging/transport.ts';
import { ProjectionRunner } from '../projections/projection.ts';
import { PersonalDataKeys } from '../personal/keys.ts';
import type { Authenticator } from '../http/principal.ts';
import { memoizedPerRequest, noAuthenticator, remoteAuthenticator } from './auth.ts';
import { AuditJobs } from '../audit/jobs.ts';
import { ReplayJobs } from '../audit/replay-jobs.ts';
import { auditPrefix, auditRoutes, projectionSources } from '../audit/routes.ts';
import type { Projection } from '../projections/projection.ts';
import type { PlatformConfig, ServiceContext, ServiceDefinition } from './service.ts';
import { openServiceLogs } from '../transparency/service-logs.ts';
import { transparencyPrefix } from '../transparency/routes.ts';
import type { Checkpointer } from '../transparency/checkpointer.ts';
import { Metrics } from '../observability/metrics.ts';
import { observeHttp } from '../observability/http-metrics.ts';
import { countAppends, observePlatform } from '../observability/observe-platform.ts';
import type { ConsumerGroup } from '../observability/consumer-lag.ts';
import { assertDiskSpace, refuseUploadsWhenDiskFull } from './disk-space.ts';

export * from '../audit/index.ts';

/** Every URL prefix a service answers, its audit calls included (the gateway's routing table). */
export function routedPrefixes(service: ServiceDefinition): string[] {
  return [...service.prefixes, auditPrefix(service.name), transparencyPrefix(service.name)];
}

export interface PlatformOptions {
  services: readonly ServiceDefinition[];
  config: PlatformConfig;
  logger?: Logger;
  /** Where the process's metrics go (default: a registry of this platform's own). */
  metrics?: Metrics;
  /** Extra routes on the same app (the gateway's static apps). */
  extend?(app: FastifyInstance): Promise<void>;
}

export interface Platform {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly transport: EventTransport;
  readonly stores: ReadonlyMap<string, EventStore>;
  /** Each service's transparency checkpointer (decision 0012), by service name. */
  readonly checkpointers: ReadonlyMap<string, Checkpointer>;
  readonly mode: { database: 'postgres' | 'pglite'; bus: 'kafka' | 'in-process' };
  /** What it was started with (data and keys folders, environment): tools in its process load its keys. */
  readonly config: PlatformConfig;
  /** Its metrics; `serveMetrics` (observability/metrics-server.ts) serves them on their own port. */
  readonly metrics: Metrics;
  /** The auditors' heavy checks of this process, one queue (issue 33). */
  readonly auditJobs: AuditJobs;
  close(): Promise<void>;
}

/**
 * Builds one process of the platform: the given services on one database, their relays and
 * projections on Kafka (KAFKA_BROKERS) or the in-process bus, and one Fastify app for their routes.
 * The embedded default runs every service this way in one process; real mode may run one per process.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { config, services } = options;
  const logger = options.logger ?? pino(loggerOptions() as pino.LoggerOptions);
  const metrics = options.metrics ?? new Metrics();
  const database = await openDatabase(databaseConfigFromEnv(config.env, join(config.dataDir, 'pg')));
  const { db } = database;
  const brokers = config.env.KAFKA_BROKERS?.split(',').filter(Boolean);
  const transport: EventTransport = brokers?.length
    ? new KafkaTransport({
        brokers,
        clientId: 'sais',
        logger,
        topicPrefix: config.env.KAFKA_TOPIC_PREFIX,
        sessionTimeoutMs: config.env.KAFKA_SESSION_TIMEOUT_MS
          ? Number(config.env.KAFKA_SESSION_TIMEOUT_MS)
          : undefined,
      })
    : new InProcessBus();

  // Personal fields of events are sealed per person with keys in one platform table (decision 0017).
  const personal = await PersonalDataKeys.open(db, config);
  const stores = new Map<string, EventStore>();
  const relays: Relay[] = [];
  const subscriptions: Subscription[] = [];
  const contexts = new Map<ServiceDefinition, ServiceContext>();
  // Resolved below: in-process when the identity service runs here, else over HTTP (IDENTITY_URL).
  let authenticator: Authenticator = config.env.IDENTITY_URL
    ? remoteAuthenticator(config.env.IDENTITY_URL)
    : noAuthenticator;
  // A call made with a personal access token is checked against the token's scopes (decision 0019).
  const auth: Authenticator = memoizedPerRequest({
    principal: async (request) => {
      const principal = await authenticator.principal(request);
      checkTokenUse(request, principal);
      // A token acts as a participant only: no staff role of its owner reaches any check through it.
      return principal?.token
        ? { ...principal, roles: principal.roles.filter((role) => role === 'participant') }
        : principal;
    },
  });
  for (const service of services) {
    await migrateSchema(db, service.schema, {
      ...eventStoreMigrations(service.schema),
      ...service.migrations,
    });
    const counted = countAppends(metrics, service.name);
    // Every append made in this process wakes the service's relay at once (it polls ever more slowly
    // while the store is quiet; appends of other processes are seen at its next poll).
    let wakeRelay = () => {};
    const store = new EventStore(db, service.schema, {
      onAppended: (events) => {
        counted(events);
        wakeRelay();
      },
      personal,
    });
    stores.set(service.name, store);
    const relay = new Relay({
      store,
      publisher: transport,
      logger,
      leaderLock: database.kind === 'postgres' ? { db } : undefined,
    });
    wakeRelay = () => relay.notify();
    relays.push(relay);
    contexts.set(service, {
      db,
      store,
      logger: logger.child({ service: service.name }),
      config,
      appended: () => relay.notify(),
      auth,
      metrics,
      personal,
    });
  }
  // Opened before anything runs: a platform that cannot write its transparency logs does not start.
  // A refused start (decision 0033) lets go of the database, so a tool or a corrected restart can open it.
  const logs = await openServiceLogs({ services, config, db, databaseKind: database.kind, logger }).catch(
    async (error: unknown) => {
      await transport.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      throw error;
    },
  );
  for (const service of services) {
    if (service.authenticator) authenticator = await service.authenticator(contexts.get(service)!);
  }
  const projectionConcurrency = Number(config.env.PROJECTION_CONCURRENCY ?? 4);
  const projectionsOf = new Map<ServiceDefinition, Projection[]>();
  const groups: ConsumerGroup[] = [];
  const wanted: SubscriptionOptions[] = [];
  for (const service of services) {
    const projections = service.projections?.(contexts.get(service)!) ?? [];
    projectionsOf.set(service, projections);
    for (const projection of projections) {
      const runner = new ProjectionRunner(projection, db, logger, { personal });
      groups.push({ groupId: projection.name, topics: projection.streamTypes });
      wanted.push({
        groupId: projection.name,
        topics: projection.streamTypes,
        // Partitions are fetched at once, and what arrives while a batch is applied goes into the next
        // transaction together (group commit): a projection is applied one transaction at a time.
        concurrency: projectionConcurrency,
        handleBatch: groupedBatches(async (events) => void (await runner.handleBatch(events))),
      });
    }
  }
  if (config.env.SAIS_WORKERS !== 'off') {
    for (const service of services) {
      for (const worker of service.workers?.(contexts.get(service)!) ?? []) {
        wanted.push(worker);
        groups.push({ groupId: worker.groupId, topics: worker.topics });
      }
    }
  }
  // Every topic in one go, then the consumers side by side (each its own group): one by one, a platform
  // on Kafka spent 1.5-3 s creating topics and 1.3-2.2 s joining groups at load 11 (issue 31). The
  // in-process bus registers each subscription as it is called, so the order above is kept there.
  await transport.prepare?.([...new Set(wanted.flatMap((options) => options.topics))]);
  const subscribed = await Promise.allSettled(wanted.map((options) => transport.subscribe(options)));
  for (const result of subscribed) if (result.status === 'fulfilled') subscriptions.push(result.value);
  const refused = subscribed.find((result) => result.status === 'rejected');
  if (refused) throw refused.reason;
  for (const relay of relays) relay.start();
  logs.start();

  for (const service of services) service.metrics?.(contexts.get(service)!);
  const observed = observePlatform({
    db,
    env: config.env,
    transport,
    metrics,
    logger,
    projections: [...projectionsOf.values()].flat(),
    groups,
  });
  // Below SAIS_MIN_FREE_DISK_MB uploads are refused and workers stop claiming: not ready for new work.
  observed.readiness.push({ name: 'disk', check: () => assertDiskSpace(config) });
  const app = await createApp({
    title: `SAIS platform: ${services.map((s) => s.name).join(', ')}`,
    readiness: observed.readiness,
    logger,
    trustedProxies: trustedProxiesFrom(config.env),
  });
  await installWriteLimits(
    app,
    writeLimitsFrom(config.env),
    async (request) => (await auth.principal(request))?.accountId ?? null,
    async (request) => {
      const principal = await auth.principal(request);
      // A token nobody answers for (no identity service reachable) is a signed-out call.
      return principal?.token?.tokenId ?? null;
    },
    // On PostgreSQL several processes may serve one service (the deployment's standbys): one count for
    // all of them (SAIS_RATE_LIMIT_STORE=memory keeps each process's own, as the embedded default does).
    database.kind === 'postgres' && config.env.SAIS_RATE_LIMIT_STORE !== 'memory'
      ? await databaseRateLimitStore(db)
      : undefined,
  );
  observeHttp(app, metrics);
  refuseUploadsWhenDiskFull(app, config);
  endConnectionsOnClose(app);
  // The platform's parts as decorators; each service's routes in their own scope with its store.
  decoratePlatform(app, { database: db, authenticator: auth });
  for (const service of services) {
    const context = contexts.get(service)!;
    await serviceScope(
      app,
      context.store,
      (scope) => service.routes(scope, context),
      routedPrefixes(service),
    );
  }
  // The auditors' calls of each service here, under /api/admin/audit/<service> (see audit/routes.ts).
  // Heavy checks (as-of views, replays, verifications) one at a time unless SAIS_AUDIT_JOBS says more.
  const auditJobs = new AuditJobs(logger, Math.max(1, Number(config.env.SAIS_AUDIT_JOBS ?? 1) || 1));
  const replayJobs = new ReplayJobs(db, logger, personal, auditJobs);
  for (const service of services) {
    await auditRoutes(app, {
      service,
      db,
      auth,
      projections: projectionsOf.get(service) ?? [],
      stateChecks: service.stateChecks ?? [],
      sourcesOf: (projection) => projectionSources(db, stores, projection),
      jobs: replayJobs,
      auditJobs,
      personal,
    });
  }
  await logs.routes(app);
  await options.extend?.(app);

  let closed = false;
  return {
    app,
    config,
    database,
    transport,
    stores,
    checkpointers: logs.checkpointers,
    mode: { database: database.kind, bus: transport instanceof KafkaTransport ? 'kafka' : 'in-process' },
    metrics,
    auditJobs,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await observed.close();
      await replayJobs.close();
      await auditJobs.close();
      await Promise.all(relays.map((relay) => relay.stop()));
      await logs.close();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await transport.close();
      await database.close();
    },
  };
}
