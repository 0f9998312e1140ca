export * from './metrics.ts';
export * from './submission.ts';
export * from './file-refusals.ts';
export * from './ground-truth.ts';
export * from './board.ts';
export * from './board-options.ts';
export * from './baselines.ts';
export * from './writeups.ts';
export * from './notices.ts';
export * from './integrity.ts';
export * from './container.ts';
export * from './publication.ts';
export * from './hidden-runs.ts';

import { ContainerRunProgressed, ContainerRunReleased, ContainerRunStopped } from './container.ts';
import * as submission from './submission.ts';

/** Every event of a submission's stream (`events/test/registry.unit.test.ts` keeps the list whole). */
export const submissionEvents = [
  submission.SubmissionReceived,
  submission.EvaluationStarted,
  submission.SubmissionScored,
  submission.SubmissionInvalid,
  submission.EvaluationFailed,
  submission.QuotaRefunded,
  submission.SubmissionRescored,
  submission.SubmissionDisqualified,
  submission.SubmissionCancelled,
  submission.SmokeRunChecked,
  ContainerRunProgressed,
  ContainerRunStopped,
  ContainerRunReleased,
] as const;
export * from './rules.ts';
export * as responses from './responses.ts';
export * as requests from './requests.ts';
export * from './recompute.ts';
export * from './commitment-check.ts';
