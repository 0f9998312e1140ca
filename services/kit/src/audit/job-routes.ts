import { audit, errorCodes } from '@sais/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { EventStore } from '../eventstore/event-store.ts';
import { envelopeOf, ok } from '../http/envelope.ts';
import type { PersonalDataKeys } from '../personal/keys.ts';
import type { Projection } from '../projections/projection.ts';
import type { Principal } from '../http/principal.ts';
import { asOfReaderOf, projectionAsOf } from './as-of.ts';
import { type AuditJobs, TooManyJobs } from './jobs.ts';
import { verifyDerivedTables } from './derived-tables.ts';
import type { StateCheck } from './state-tables.ts';
import { countEvents } from './replay-jobs.ts';

/** An instant as the audit calls take it (ISO text; `audit.requests`, shared with the console). */
export const { instant } = audit.requests;

const { auditJob } = audit.responses;
const { jobRequest } = audit.requests;

export interface AuditJobRoutesOptions {
  service: { name: string; schema: string };
  db: Db;
  projections: readonly Projection[];
  /** The service's state checks (decision 0028), run by a `read-models` job of every projection. */
  stateChecks?: readonly StateCheck[];
  sourcesOf(projection: Projection): Promise<EventStore[]>;
  auditJobs: AuditJobs;
  personal?: PersonalDataKeys;
  prefix: string;
  tags: string[];
  auditor(request: FastifyRequest): Promise<Principal>;
  projectionNamed(name: string): Projection;
}

/**
 * The auditors' background checks of one service: `POST <prefix>/jobs` starts an as-of view, a chain
 * verification or a read-model check; `GET <prefix>/jobs/:id` follows its progress and gives its result.
 */
export async function auditJobRoutes(root: FastifyInstance, options: AuditJobRoutesOptions): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { service, db, auditJobs, personal, prefix, tags, auditor, projectionNamed } = options;
  const store = new EventStore(db, service.schema);
  /** The job's work: what each kind runs in the background, with its progress. */
  const work = async (request: z.infer<typeof jobRequest>) => {
    if (request.kind === 'verify') {
      const total = await countEvents(db, service.schema);
      return async (progress: (done: number, total?: number) => void) => {
        progress(0, total);
        return { service: service.name, ...(await store.verify({ onProgress: (done) => progress(done) })) };
      };
    }
    if (request.kind === 'read-models') {
      const chosen = request.projection ? [projectionNamed(request.projection)] : options.projections;
      // The same checks as `events:verify --read-models`: the read models, then the state tables (all of
      // the service's when no one projection is chosen).
      const stateChecks = request.projection ? [] : (options.stateChecks ?? []);
      const stateStore = new EventStore(db, service.schema, { personal });
      return (progress: (done: number, total?: number, step?: string) => void) =>
        verifyDerivedTables(
          db,
          { projections: chosen, sourcesOf: options.sourcesOf, stateChecks, storesOf: () => [stateStore] },
          {
            personal,
            onProgress: (p) => progress(p.done, p.total, p.name ? `${p.name}: ${p.step}` : undefined),
          },
        );
    }
    const projection = projectionNamed(request.projection);
    const reader = asOfReaderOf(projection);
    if (!reader) throw new AppError(errorCodes.notAvailable, 'notAvailableYet', 501);
    // A bad query answers 400 now, not as a failed job: the reader checks it against the live read model.
    await reader(db, request.query);
    const sources = await options.sourcesOf(projection);
    const total = (await Promise.all(sources.map((source) => countEvents(db, source.schema)))).reduce(
      (sum, n) => sum + n,
      0,
    );
    const at = new Date(request.at);
    return async (progress: (done: number, total?: number) => void) => {
      progress(0, total);
      const result = await projectionAsOf(
        db,
        projection,
        sources,
        at,
        (copy) => reader(copy, request.query),
        { onProgress: (p) => progress(p.read, Math.max(total, p.read)), personal },
      );
      return {
        projection: projection.name,
        at: at.toISOString(),
        applied: result.applied,
        value: result.value,
      };
    };
  };

  app.post(
    `${prefix}/jobs`,
    {
      schema: {
        tags,
        summary:
          'Auditor: start a background check {kind: asof (projection, at, query) | verify | read-models (projection?)}; follow with GET jobs/:id',
        body: jobRequest,
        response: { 200: envelopeOf(auditJob) },
      },
    },
    async (request) => {
      const principal = await auditor(request);
      const run = await work(request.body);
      try {
        return ok(auditJobs.start(request.body.kind, service.name, principal.accountId, run));
      } catch (error) {
        if (error instanceof TooManyJobs)
          throw new AppError(errorCodes.tooManyRequests, 'tooManyRequests', 429);
        throw error;
      }
    },
  );

  app.get(
    `${prefix}/jobs/:id`,
    {
      schema: {
        tags,
        summary: 'Auditor: a background check’s progress {state, done, total} and, once done, its result',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(auditJob) },
      },
    },
    async (request) => {
      await auditor(request);
      const job = auditJobs.get(request.params.id);
      if (!job || job.service !== service.name) throw new NotFoundError();
      return ok(job);
    },
  );
}
