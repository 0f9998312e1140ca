/**
 * A submission's stream and its state as its events tell it (issue 20: the start of scoring's domain
 * core; the decider for receive, claim, record, refund, rescore and disqualify is still to come).
 */
import { type EventEnvelope, scoring } from '@sais/events';
import { isEvent } from '@sais/kit';

/** The event stream of one submission. */
export const stream = (submissionId: string) => `submission-${submissionId}`;

export interface Progress {
  status: 'none' | 'Waiting' | 'Evaluating' | 'Completed' | 'Invalid' | 'Failed' | 'Cancelled';
  attempts: number;
  leaseUntil: number;
  /** Who holds the claim while Evaluating. */
  worker?: string;
  received?: { competitionId: string; teamId: string; quotaDay: string; kind?: 'file' | 'container' };
}

export function progressOf(events: readonly EventEnvelope[]): Progress {
  const progress: Progress = { status: 'none', attempts: 0, leaseUntil: 0 };
  for (const event of events) {
    if (isEvent(scoring.SubmissionReceived, event))
      Object.assign(progress, { status: 'Waiting', received: event.data });
    if (isEvent(scoring.EvaluationStarted, event))
      Object.assign(progress, {
        status: 'Evaluating',
        attempts: event.data.attempt,
        leaseUntil: Date.parse(event.data.leaseUntil),
        worker: event.data.worker,
      });
    if (isEvent(scoring.EvaluationFailed, event)) progress.status = event.data.final ? 'Failed' : 'Waiting';
    // A container run given back by a stopping runner waits for another (its attempt does not count).
    if (event.type === scoring.ContainerRunReleased.type) progress.status = 'Waiting';
    if (event.type === scoring.SubmissionScored.type) progress.status = 'Completed';
    if (event.type === scoring.SubmissionInvalid.type) progress.status = 'Invalid';
    if (event.type === scoring.SubmissionCancelled.type) progress.status = 'Cancelled';
    if (isEvent(scoring.SubmissionRescored, event))
      progress.status = event.data.log === null ? 'Completed' : 'Invalid';
  }
  return progress;
}
