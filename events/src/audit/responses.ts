/**
 * What the audit calls of every service answer (`/api/admin/audit/<service>`, services/kit/src/audit/): the
 * routes' response schemas (OpenAPI, the answer's serialization) and the types the ops console reads.
 */
import { z } from 'zod';

/** One event as the audit API answers it. */
export const auditEvent = z.object({
  id: z.string(),
  position: z.number().int(),
  stream: z.object({ type: z.string(), id: z.string() }),
  version: z.number().int(),
  schemaVersion: z.number().int(),
  type: z.string(),
  occurredAt: z.string(),
  actor: z.object({ userId: z.string().nullable(), role: z.string() }),
  correlation: z.object({ correlationId: z.string(), causationId: z.string().nullable() }),
  data: z.unknown(),
  hash: z.string(),
  previousHash: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** The hash-chain check of one service's event log. */
export const verifyResult = z.object({
  service: z.string(),
  ok: z.boolean(),
  checked: z.number().int(),
  firstBroken: z
    .object({
      streamId: z.string(),
      streamVersion: z.number().int(),
      eventId: z.string(),
      reason: z.string(),
    })
    .optional(),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** A projection's replay and its progress. */
export const replayStatus = z.object({
  projection: z.string(),
  state: z.enum(['idle', 'running', 'done', 'failed']),
  read: z.number().int(),
  applied: z.number().int(),
  total: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReplayStatus = z.infer<typeof replayStatus>;

export const projectionInfo = z.object({
  id: z.string(),
  name: z.string(),
  streamTypes: z.array(z.string()),
  asOf: z.boolean(),
  replay: replayStatus,
});
export type ProjectionInfo = z.infer<typeof projectionInfo>;

/** A background check (as of a time, the hash chains, the read models): `done` of `total` drives a progress bar. */
export const auditJob = z.object({
  id: z.string(),
  kind: z.enum(['asof', 'verify', 'read-models', 'replay']),
  service: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  step: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string(),
  /** The job's result once done: its kind's own shape (`ReadModelsResult` for `read-models`). */
  result: z.unknown(),
  error: z.string().nullable(),
});
export type AuditJob = z.infer<typeof auditJob>;

/** One row of a read model that is not what the events make it. */
export const readModelDifference = z.object({
  projection: z.string(),
  table: z.string(),
  /** The row's primary key, column by column. */
  key: z.record(z.string(), z.unknown()),
  /** `changed`: both have the row, some columns differ; `extra`: only the live read model has it; `missing`: only the rebuilt one. */
  kind: z.enum(['changed', 'extra', 'missing']),
  /** The columns that differ (every column for `extra` and `missing`), live value against rebuilt value. */
  columns: z.array(z.object({ column: z.string(), live: z.unknown(), rebuilt: z.unknown() })),
});
export type ReadModelDifference = z.infer<typeof readModelDifference>;

/** The result of a `read-models` job: each projection rebuilt apart and compared with the live one. */
export const readModelsResult = z.object({
  ok: z.boolean(),
  projections: z.array(
    z.object({
      projection: z.string(),
      ok: z.boolean(),
      /** Events applied to the rebuilt copy. */
      applied: z.number().int(),
      tables: z.array(
        z.object({
          table: z.string(),
          liveRows: z.number().int(),
          differences: z.number().int(),
          compared: z.boolean(),
        }),
      ),
      /** The first differences found; `differenceCount` counts them all. */
      differences: z.array(readModelDifference),
      differenceCount: z.number().int(),
    }),
  ),
});
export type ReadModelsResult = z.infer<typeof readModelsResult>;
export type ReadModelReport = ReadModelsResult['projections'][number];

/** One row of a state table that is not what the events say (decision 0028). */
export const stateTableDifference = z.object({
  table: z.string(),
  key: z.record(z.string(), z.unknown()),
  /** `extra`: a live row no event explains; `missing`: a row the events make that the table lacks. */
  kind: z.enum(['changed', 'extra', 'missing']),
  columns: z.array(z.object({ column: z.string(), live: z.unknown(), expected: z.unknown() })),
});
export type StateTableDifference = z.infer<typeof stateTableDifference>;

/** One state check's comparison of the tables its events describe with the live ones. */
export const stateCheckReport = z.object({
  check: z.string(),
  ok: z.boolean(),
  tables: z.array(
    z.object({
      table: z.string(),
      liveRows: z.number().int(),
      expectedRows: z.number().int(),
      differences: z.number().int(),
    }),
  ),
  differences: z.array(stateTableDifference),
  differenceCount: z.number().int(),
});
export type StateCheckReport = z.infer<typeof stateCheckReport>;

/**
 * The result of a `read-models` job and of `events:verify --read-models` (one function, the kit's
 * `verifyDerivedTables`): every read model rebuilt apart, and every state table compared with its events.
 */
export const derivedTablesResult = readModelsResult.extend({ stateTables: z.array(stateCheckReport) });
export type DerivedTablesResult = z.infer<typeof derivedTablesResult>;
