/**
 * The submissions slice's public surface (decision 0041): a submission's stream and state, the command
 * module, admission and the participant's reads, tus and the routes. The rest of scoring imports the
 * slice only from here. The decider (decide.ts) and the recorder (record.ts) are not exported:
 * `SubmissionCommands` (commands.ts) is their only caller.
 */
export * from './state.ts';
export {
  type Refund,
  type RowColumns,
  type ScoreResult,
  type SubmissionCommand,
  type SubmissionDecision,
  assertRescorable,
} from './decide.ts';
export {
  type ChunkCommand,
  type ChunkOutcome,
  type CommandOutcome,
  SubmissionCommands,
  afterDecision,
} from './commands.ts';
export { type Status, ledgerReason } from './record.ts';
export { admissionPhase, scoringPhases } from './phase-rules.ts';
export { Submissions } from './submissions.ts';
export {
  type Admitted,
  type SubmissionKind,
  descriptionOf,
  formatRefusalKeys,
  formatRefusalsPerDay,
  receiptLedgerEntry,
} from './admission-rules.ts';
export { type Queued, SubmissionReads, sampleOf } from './reads.ts';
export { ResumableUploads, resumablePolicy } from './resumable-uploads.ts';
export { type ExpiredUploads, checkLines, maxResumableBytes, tusPath, tusRoutes } from './http/tus.ts';
export { competitionIdOf, readResultForm } from './result-form.ts';
export { maxMultipartBytes, submissionRoutes } from './http/routes.ts';
