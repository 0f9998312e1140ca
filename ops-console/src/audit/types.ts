import type { audit } from '@sais/events';

// The audit API's answers, inferred from its own response schemas (events/src/audit/responses.ts).

/** One event as the audit API answers it (`services/kit/src/audit/event-log.ts`). */
export type AuditEvent = audit.responses.AuditEvent;
export type VerifyResult = audit.responses.VerifyResult;
export type ReplayStatus = audit.responses.ReplayStatus;
export type ProjectionInfo = audit.responses.ProjectionInfo;

/**
 * A background check (`services/kit/src/audit/jobs.ts`): `done` of `total` drives the progress bar; `R` is
 * the result its kind answers (the schema leaves it open).
 */
export type AuditJob<R = unknown> = Omit<audit.responses.AuditJob, 'result'> & { result: R | null };

/** One row of a read model that is not what the events make it (`verifyReadModels` in the kit). */
export type ReadModelDifference = audit.responses.ReadModelDifference;
export type ReadModelsResult = audit.responses.ReadModelsResult;
/** A read-model job's result: the read models and the state tables (`verifyDerivedTables` in the kit). */
export type DerivedTablesResult = audit.responses.DerivedTablesResult;
export type StateTableDifference = audit.responses.StateTableDifference;
