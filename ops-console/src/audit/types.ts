/** One event as the audit API answers it (`services/kit/src/audit/event-log.ts`). */
export interface AuditEvent {
  id: string;
  position: number;
  stream: { type: string; id: string };
  version: number;
  schemaVersion: number;
  type: string;
  occurredAt: string;
  actor: { userId: string | null; role: string };
  correlation: { correlationId: string; causationId: string | null };
  data: unknown;
  hash: string;
  previousHash: string | null;
}

export interface VerifyResult {
  service: string;
  ok: boolean;
  checked: number;
  firstBroken?: { streamId: string; streamVersion: number; eventId: string; reason: string };
}

export interface ReplayStatus {
  projection: string;
  state: 'idle' | 'running' | 'done' | 'failed';
  read: number;
  applied: number;
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  startedBy: string | null;
  error: string | null;
}

export interface ProjectionInfo {
  id: string;
  name: string;
  streamTypes: string[];
  asOf: boolean;
  replay: ReplayStatus;
}

/** A background check (`services/kit/src/audit/jobs.ts`): `done` of `total` drives the progress bar. */
export interface AuditJob<R = unknown> {
  id: string;
  kind: 'asof' | 'verify' | 'read-models';
  service: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  step: string | null;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  result: R | null;
  error: string | null;
}

/** One row of a read model that is not what the events make it (`verifyReadModels` in the kit). */
export interface ReadModelDifference {
  projection: string;
  table: string;
  key: Record<string, unknown>;
  kind: 'changed' | 'extra' | 'missing';
  columns: { column: string; live: unknown; rebuilt: unknown }[];
}

export interface ReadModelsResult {
  ok: boolean;
  projections: {
    projection: string;
    ok: boolean;
    tables: { table: string; liveRows: number; differences: number; compared: boolean }[];
    differences: ReadModelDifference[];
    differenceCount: number;
  }[];
}
