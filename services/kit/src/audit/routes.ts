// Over 300 lines: the audit API every service mounts: eight routes, each with its zod request and response schemas (about half the file).
import { audit, errorCodes } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { EventStore } from '../eventstore/event-store.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import { type SimpleRestQuery, okPage, parseSimpleRestList, simpleRestQuery } from '../http/simple-rest.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';
import type { Projection } from '../projections/projection.ts';
import type { Authenticator } from '../http/principal.ts';
import { requirePrincipal } from '../http/require-principal.ts';
import { asOfReaderOf, projectionAsOf } from './as-of.ts';
import { type AuditListQuery, AuditEventLog, auditSortFields } from './event-log.ts';
import { auditJobRoutes, instant } from './job-routes.ts';
import type { StateCheck } from './state-tables.ts';
import { type AuditJobs, TooManyJobs } from './jobs.ts';
import type { ReplayJobs } from './replay-jobs.ts';

/** Where a service's audit calls live: `/api/admin/audit/<service>` (the gateway routes it like any prefix). */
export function auditPrefix(serviceName: string): string {
  return `/api/admin/audit/${serviceName}`;
}

export interface AuditRoutesOptions {
  service: { name: string; schema: string };
  db: Db;
  auth: Authenticator;
  /** The projections this process runs for the service (`ServiceDefinition.projections`). */
  projections: readonly Projection[];
  /** The service's state checks (`ServiceDefinition.stateChecks`, decision 0028). */
  stateChecks?: readonly StateCheck[];
  /** The event stores a replay of the projection reads. */
  sourcesOf(projection: Projection): Promise<EventStore[]>;
  jobs: ReplayJobs;
  /** The background as-of views and verifications of this process. */
  auditJobs: AuditJobs;
  /** Opens personal fields for rebuilt copies, as live delivery does. */
  personal?: PersonalDataKeys;
}

const filterShape = z.object({
  id: z.union([z.string().max(64), z.array(z.string().max(64)).max(100)]).optional(),
  streamId: z.string().trim().min(1).max(200).optional(),
  type: z.string().trim().min(1).max(200).optional(),
  actorId: z.string().trim().min(1).max(200).optional(),
  staff: z.boolean().optional(),
  q: z.string().trim().min(2).max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
});

/** Newest first unless asked otherwise; `from`/`to` bound `occurredAt` (inclusive). */
export function parseAuditQuery(query: SimpleRestQuery): AuditListQuery {
  const { filter, ...page } = parseSimpleRestList(query, {
    sortFields: Object.keys(auditSortFields) as [keyof typeof auditSortFields],
    defaultSort: ['position', 'DESC'],
    filter: filterShape,
  });
  const { id, streamId, type, actorId, staff, q } = filter;
  return {
    ...page,
    filter: {
      ids: id === undefined ? undefined : [id].flat(),
      streamId,
      type,
      actorId,
      staff,
      q,
      from: filter.from ? new Date(filter.from) : undefined,
      to: filter.to ? new Date(filter.to) : undefined,
    },
  };
}

const { auditEvent: eventRecord, verifyResult, replayStatus, projectionInfo } = audit.responses;
const projectionParams = z.object({ projection: z.string().min(1).max(200) });
const asOfQuery = z.object({ projection: z.string().min(1).max(200), at: instant });

/**
 * The auditors' calls of one service, under `/api/admin/audit/<service>`: its event history in
 * ra-data-simple-rest form, one stream's history, the hash-chain check, the projections with their
 * replay progress, a projection "as of" a time, and (admins only) starting a replay.
 */
export async function auditRoutes(root: FastifyInstance, options: AuditRoutesOptions): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { service, db, auth, jobs, personal } = options;
  const prefix = auditPrefix(service.name);
  const log = new AuditEventLog(db, service.schema);
  const store = new EventStore(db, service.schema);
  const tags = [`admin: audit (${service.name})`];
  const auditor = (request: FastifyRequest) => requirePrincipal(auth, request, 'auditor');
  const projectionNamed = (name: string) => {
    const projection = options.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new NotFoundError();
    return projection;
  };

  app.get(
    `${prefix}/events`,
    {
      schema: {
        tags,
        summary: `Auditor: ${service.name} events; sort, range, filter {streamId, type, actorId, staff, q, from, to, id}; Content-Range`,
        querystring: simpleRestQuery,
        response: { 200: envelopeOf(z.array(eventRecord)) },
      },
    },
    async (request, reply) => {
      await auditor(request);
      const query = parseAuditQuery(request.query);
      return okPage(reply, 'events', query.from, await log.list(query));
    },
  );

  app.get(
    `${prefix}/events/:id`,
    {
      schema: {
        tags,
        summary: `Auditor: one ${service.name} event`,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(eventRecord) },
      },
    },
    async (request) => {
      await auditor(request);
      const record = await log.one(request.params.id);
      if (!record) throw new NotFoundError();
      return ok(record);
    },
  );

  app.get(
    `${prefix}/streams/:streamId`,
    {
      schema: {
        tags,
        summary: `Auditor: the full history of one ${service.name} stream, oldest first`,
        params: z.object({ streamId: z.string().min(1).max(200) }),
        response: { 200: envelopeOf(z.array(eventRecord)) },
      },
    },
    async (request) => {
      await auditor(request);
      const records = await log.stream(request.params.streamId);
      if (records.length === 0) throw new NotFoundError();
      return ok(records);
    },
  );

  app.get(
    `${prefix}/verify`,
    {
      schema: {
        tags,
        summary: `Auditor: check every ${service.name} hash chain; the first broken link if any`,
        response: { 200: envelopeOf(verifyResult) },
      },
    },
    async (request) => {
      await auditor(request);
      return ok({ service: service.name, ...(await store.verify()) });
    },
  );

  app.get(
    `${prefix}/projections`,
    {
      schema: {
        tags,
        summary: `Auditor: the read models of ${service.name} with their replay progress`,
        response: { 200: envelopeOf(z.array(projectionInfo)) },
      },
    },
    async (request) => {
      await auditor(request);
      return ok(
        options.projections.map((projection) => ({
          id: projection.name,
          name: projection.name,
          streamTypes: [...projection.streamTypes],
          asOf: asOfReaderOf(projection) !== undefined,
          replay: jobs.status(projection.name),
        })),
      );
    },
  );

  app.get(
    `${prefix}/replay/:projection`,
    {
      schema: {
        tags,
        summary: 'Auditor: progress of the last replay of a projection {state, read, applied, total}',
        params: projectionParams,
        response: { 200: envelopeOf(replayStatus) },
      },
    },
    async (request) => {
      await auditor(request);
      return ok(jobs.status(projectionNamed(request.params.projection).name));
    },
  );

  app.post(
    `${prefix}/replay/:projection`,
    {
      schema: {
        tags,
        summary: 'Admin: rebuild a projection from the events, in the background (follow with GET)',
        params: projectionParams,
        response: { 200: envelopeOf(replayStatus) },
      },
    },
    async (request) => {
      const principal = await requirePrincipal(auth, request, 'admin');
      const projection = projectionNamed(request.params.projection);
      const started = await jobs.start(projection, await options.sourcesOf(projection), principal.accountId);
      if (!started)
        throw new AppError(errorCodes.conflict, 'concurrentChange', 409, {
          detail: `a replay of ${projection.name} is running`,
          data: jobs.status(projection.name),
        });
      return ok(jobs.status(projection.name));
    },
  );

  app.get(
    `${prefix}/asof`,
    {
      schema: {
        tags,
        summary:
          'Auditor: a read model as of a time (rebuilt up to `at` in a scratch schema, then dropped); 501 where the projection has no as-of reader. For long histories start a job instead (POST jobs)',
        querystring: asOfQuery.catchall(z.string().max(200)),
        response: {
          200: envelopeOf(
            z.object({
              projection: z.string(),
              at: z.string(),
              applied: z.number().int(),
              value: z.unknown(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const principal = await auditor(request);
      const { projection: name, at: atText, ...rest } = request.query;
      const projection = projectionNamed(name);
      const reader = asOfReaderOf(projection);
      if (!reader) throw new AppError(errorCodes.notAvailable, 'notAvailableYet', 501);
      const at = new Date(atText);
      const sources = await options.sourcesOf(projection);
      // The rebuild waits its turn in the jobs' queue (issue 33): N calls at once rebuild one by one.
      const result = await queued(() =>
        options.auditJobs.run('asof', service.name, principal.accountId, () =>
          projectionAsOf(
            db,
            projection,
            sources,
            at,
            (copy) => reader(copy, rest as Record<string, string>),
            {
              personal,
            },
          ),
        ),
      );
      return ok({ projection: name, at: at.toISOString(), applied: result.applied, value: result.value });
    },
  );

  await auditJobRoutes(app, { ...options, prefix, tags, auditor, projectionNamed });
}

/** A full queue answers 429, as a job's start does. */
async function queued<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyJobs) throw new AppError(errorCodes.tooManyRequests, 'tooManyRequests', 429);
    throw error;
  }
}

/**
 * The event stores a projection reads: the schema named by each of its aggregate types
 * (`identity.account` lives in `identity.events`), taken from this process's stores or, when another
 * process owns it, opened read-only on the same database if its event table exists.
 */
export async function projectionSources(
  db: Db,
  known: ReadonlyMap<string, EventStore>,
  projection: Projection,
): Promise<EventStore[]> {
  const bySchema = new Map([...known.values()].map((store) => [store.schema, store]));
  const schemas = [...new Set(projection.streamTypes.map((type) => type.split('.')[0]!))];
  const stores: EventStore[] = [];
  for (const schema of schemas) {
    const existing = bySchema.get(schema);
    if (existing) {
      stores.push(existing);
      continue;
    }
    const found = await sql<{ table: string | null }>`
      select to_regclass(${`${schema}.events`})::text as table`.execute(db);
    if (found.rows[0]?.table) stores.push(new EventStore(db, schema));
  }
  return stores;
}
