/**
 * A submission's stream and its state as its events tell it: the typed events, `evolveSubmission` (an
 * exhaustive switch) and `foldSubmission`, in the team service's shape (services/team/src/domain/).
 */
import { scoring } from '@sais/events';
import type { DomainEvent } from '@sais/kit/eventstore';

const E = scoring;

/** The event stream of one submission. */
export const stream = (submissionId: string) => `submission-${submissionId}`;

/** Every event of a submission's stream (`scoring.submissionEvents`), typed from its zod schema. */
export type SubmissionEvent =
  | DomainEvent<typeof E.SubmissionReceived>
  | DomainEvent<typeof E.EvaluationStarted>
  | DomainEvent<typeof E.SubmissionScored>
  | DomainEvent<typeof E.SubmissionInvalid>
  | DomainEvent<typeof E.EvaluationFailed>
  | DomainEvent<typeof E.QuotaRefunded>
  | DomainEvent<typeof E.SubmissionRescored>
  | DomainEvent<typeof E.SubmissionDisqualified>
  | DomainEvent<typeof E.SubmissionCancelled>
  | DomainEvent<typeof E.SmokeRunChecked>
  | DomainEvent<typeof E.ContainerRunProgressed>
  | DomainEvent<typeof E.ContainerRunStopped>
  | DomainEvent<typeof E.ContainerRunReleased>;

/** The last claim of a submission (its EvaluationStarted). */
export interface Lease {
  worker: string;
  attempt: number;
  /** Milliseconds since the epoch. */
  until: number;
}

/** What the submission's SubmissionReceived said, as the decisions need it. */
export interface ReceivedFacts {
  submissionId: string;
  competitionId: string;
  teamId: string;
  quotaDay: string;
  kind: 'file' | 'container';
  /** A smoke run (decision 0049): never scored, never refunded (it used no allowance). */
  smoke: boolean;
}

interface Facts {
  received: ReceivedFacts;
  /** The last claim's attempt number (0: never claimed); container runs given back count here too. */
  attempts: number;
  /** Claims that count against the attempts allowed: those not given back (ContainerRunReleased). */
  counted: number;
  /** A container run reached `running` (its image was pulled) in some attempt. */
  pulled: boolean;
  /** The last claim, if any (it holds the submission only while Evaluating). */
  lease?: Lease;
  disqualified: boolean;
}

export type SubmissionStatus = 'Waiting' | 'Evaluating' | 'Completed' | 'Invalid' | 'Failed' | 'Cancelled';

/** One stream per submission, keyed on its status (the row's `status` mirrors it). */
export type SubmissionState =
  | { status: 'none' }
  | ({ status: 'Evaluating'; lease: Lease } & Facts)
  | ({ status: Exclude<SubmissionStatus, 'Evaluating'> } & Facts);

export type KnownSubmission = Exclude<SubmissionState, { status: 'none' }>;

export const initialSubmission: SubmissionState = { status: 'none' };

/** The state after a status change that is not a claim (the last lease is kept as a fact). */
const moved = (state: KnownSubmission, status: Exclude<SubmissionStatus, 'Evaluating'>): SubmissionState => ({
  ...state,
  status,
});

export function evolveSubmission(state: SubmissionState, event: SubmissionEvent): SubmissionState {
  if (event.type === E.SubmissionReceived.type) {
    const { submissionId, competitionId, teamId, quotaDay, kind, smoke } = event.data;
    return {
      status: 'Waiting',
      received: {
        submissionId,
        competitionId,
        teamId,
        quotaDay,
        kind: kind ?? 'file',
        smoke: smoke === true,
      },
      attempts: 0,
      counted: 0,
      pulled: false,
      disqualified: false,
    };
  }
  // A stream begins with its SubmissionReceived.
  if (state.status === 'none') return state;
  switch (event.type) {
    case E.EvaluationStarted.type: {
      const { worker, attempt, leaseUntil } = event.data;
      const lease = { worker, attempt, until: Date.parse(leaseUntil) };
      return { ...state, status: 'Evaluating', attempts: attempt, counted: state.counted + 1, lease };
    }
    case E.EvaluationFailed.type:
      return moved(state, event.data.final ? 'Failed' : 'Waiting');
    // A container run given back by a stopping runner waits for another (its attempt does not count).
    case E.ContainerRunReleased.type:
      return { ...state, status: 'Waiting', counted: state.counted - 1 };
    // The team confirmed a newer code submission: this run is stopped and Failed.
    case E.ContainerRunStopped.type:
      return moved(state, 'Failed');
    case E.ContainerRunProgressed.type:
      return event.data.state === 'running' ? { ...state, pulled: true } : state;
    case E.SubmissionScored.type:
      return moved(state, 'Completed');
    case E.SmokeRunChecked.type:
      return moved(state, 'Completed');
    case E.SubmissionInvalid.type:
      return moved(state, 'Invalid');
    case E.SubmissionCancelled.type:
      return moved(state, 'Cancelled');
    case E.SubmissionRescored.type:
      return moved(state, event.data.log === null ? 'Completed' : 'Invalid');
    case E.SubmissionDisqualified.type:
      return { ...state, disqualified: true };
    case E.QuotaRefunded.type:
      return state;
    default: {
      // Every event of the stream is handled (a new one fails the typecheck here).
      const unreachable: never = event;
      void unreachable;
      return state;
    }
  }
}

/** The state of a submission's stream (its events as the store reads them, or as a spec writes them). */
export function foldSubmission(events: readonly { type: string; data: unknown }[]): SubmissionState {
  return events.reduce(
    (state, event) => evolveSubmission(state, event as SubmissionEvent),
    initialSubmission,
  );
}
