// Over 300 lines: one decider for every command on a submission (receive, claim, progress, two kinds of outcome, release, stop, cancel, rescore, disqualify), each with its refusals.
/**
 * The pure rules of one submission: what a command records (events, the row's status and columns, a
 * refund), or a typed refusal. Time, ids and the facts of other places (a holder's liveness, the
 * attempts allowed) come in the command; SubmissionCommands (commands.ts) records the decision (record.ts).
 */
import { scoring } from '@sais/events';
import { ConcurrencyError } from '@sais/kit/errors';
import type { EventData } from '@sais/kit/eventstore';
import { scoringErrors } from '../errors.ts';
import {
  type KnownSubmission,
  type Lease,
  type SubmissionEvent,
  type SubmissionState,
  type SubmissionStatus,
  stream,
} from './state.ts';

const E = scoring;

/** A refund of the day's allowance (decision 0020); absent `reason`: a platform failure. */
export interface Refund {
  competitionId: string;
  teamId: string;
  quotaDay: string;
  /**
   * Why the allowance comes back; absent: a platform failure. A format refund's ledger entry (reason
   * `format-refund`) is also what the day's format-refusal cap counts.
   */
  reason?: 'failed' | 'format' | 'cancelled';
}

/**
 * Columns of the submission's row to set besides the status; those not given keep their values. `log`
 * and `refusal` go together: giving either sets both (the one not given to null).
 */
export interface RowColumns {
  public_score?: number | null;
  private_score?: number | null;
  log?: string | null;
  refusal?: scoring.FileRefusal | null;
}

/** What a command decided: the events to append, the row's new status and columns, a refund. */
export interface SubmissionDecision {
  events: SubmissionEvent[];
  status: SubmissionStatus;
  columns?: RowColumns;
  refund?: Refund;
  /** A claim's lease (the container runner mirrors it on its row). */
  lease?: Lease;
}

/** Scores of a file as the scorer gave them (SubmissionScored's data without the id). */
export interface ScoreResult {
  metric: scoring.MetricName;
  publicScore: number;
  privateScore: number;
  rows: number;
  groundTruthSha256: string;
  /** Secondary scores (decision 0046); absent when the ground truth has none. */
  scores?: scoring.SecondaryScores;
}

export type SubmissionCommand =
  /**
   * A submission admitted (its team's allowance, the open phase and the file's checks were found by the
   * caller): a new stream, Waiting. The data is SubmissionReceived's, its id fresh.
   */
  | { type: 'Receive'; submission: EventData<typeof E.SubmissionReceived> }
  /**
   * A worker takes the submission: Waiting, or Evaluating under a lease that ran out at `now` or whose
   * holder the caller found gone (`takeOver`). A container submission whose counted claims reached
   * `maxAttempts` is Failed (refunded) instead.
   */
  | { type: 'Claim'; worker: string; now: number; leaseMs: number; maxAttempts: number; takeOver?: boolean }
  /** The result-file scorer's outcome for the claim `worker` holds (a failure is always the platform's). */
  | {
      type: 'RecordScore';
      worker: string;
      maxAttempts: number;
      outcome:
        | { kind: 'scored'; result: ScoreResult }
        | { kind: 'invalid'; log: scoring.SubmissionLog }
        | { kind: 'failed'; reason: string };
    }
  /** A container run's outcome for the claim `worker` holds; `runLog` is the run's own output. */
  | {
      type: 'RecordRun';
      worker: string;
      maxAttempts: number;
      outcome:
        | { kind: 'scored'; result: ScoreResult; runLog: string }
        /** A smoke run's result file passed the format check (decision 0049): Completed, no score. */
        | { kind: 'checked'; rows: number; runLog: string }
        | { kind: 'invalid'; verdict: scoring.FileRefusal; runLog: string }
        | {
            kind: 'failed';
            verdict: scoring.FileRefusal;
            runLog: string;
            platformFault: boolean;
            /** The engine's words, for the operators' reason. */
            detail?: string;
          };
    }
  /** A container run's next step (pulling, running, collecting) under the claim `worker` holds. */
  | {
      type: 'Progress';
      worker: string;
      state: (typeof scoring.containerRunStates)[number];
      /** The run has hidden datasets mounted (decision 0032); said on `running` only. */
      hiddenData?: boolean;
    }
  /** A stopping runner gives its claim back: Waiting again, the attempt not counted, nothing refunded. */
  | { type: 'Release'; worker: string }
  /** A newer confirmed code submission of the team stops this run: Failed, its allowance stays used. */
  | { type: 'StopRun'; stoppedBy: string; stoppedByAccount: string; verdict: scoring.FileRefusal }
  /** A member cancels a result file no worker has taken yet: its allowance comes back. */
  | { type: 'Cancel'; by: string }
  /** An operator's new scoring of a Completed or Invalid file (`outcome.log` null: it scored). */
  | {
      type: 'Rescore';
      metric: scoring.MetricName;
      groundTruthSha256: string;
      previousPublicScore: number | null;
      outcome: {
        publicScore: number | null;
        privateScore: number | null;
        log: scoring.SubmissionLog | null;
        /** Secondary scores (decision 0046), when scored and the ground truth has any. */
        scores?: scoring.SecondaryScores;
      };
    }
  /** An operator disqualifies the submission (its status and allowance stay). */
  | { type: 'Disqualify'; reason: string };

/** The run's own output as the row keeps it (the verdict is the row's `refusal`, rendered per reader). */
export const runLogOf = (runLog: string) => runLog.trimEnd() || null;

/** The row's log of an Invalid file: the refusal (a plain string only from a ground truth's check, kept as is). */
export const logColumns = (log: scoring.SubmissionLog): RowColumns =>
  typeof log === 'string' ? { log, refusal: null } : { log: null, refusal: log };

/** The row's log of a final platform failure: the catalogue's sentence around the (technical) reason. */
const failedColumns = (reason: string): RowColumns => ({
  log: null,
  refusal: scoring.fileRefusal('evaluationFailed', { reason: reason.slice(0, 300) }),
});

/** The refund of a platform failure: the day's allowance comes back (a smoke run used none: nothing). */
const platformRefund = ({ received }: KnownSubmission): Refund | undefined =>
  received.smoke
    ? undefined
    : { competitionId: received.competitionId, teamId: received.teamId, quotaDay: received.quotaDay };

/**
 * The refund of a file refused for its format (decision 0020): a result file's allowance comes back
 * (a container's run used the platform, so its invalid output keeps it).
 */
export function formatRefund(state: SubmissionState): Refund | undefined {
  if (state.status === 'none' || state.received.kind === 'container') return undefined;
  const refund = platformRefund(state);
  return refund && { ...refund, reason: 'format' };
}

/** Refuses a rescore of a submission that is not Completed or Invalid (before anything is scored). */
export function assertRescorable(state: SubmissionState): asserts state is KnownSubmission {
  if (state.status !== 'Completed' && state.status !== 'Invalid')
    throw scoringErrors.submissionNotRescorable({ data: { status: state.status } });
  if (state.received.smoke) throw scoringErrors.smokeRunNotRanked();
}

/** The claim `worker` holds now (Evaluating under its lease), or the refusal. */
function held(state: KnownSubmission, worker: string): Lease {
  if (state.status !== 'Evaluating' || state.lease.worker !== worker)
    throw scoringErrors.submissionNotClaimable();
  return state.lease;
}

function claim(state: KnownSubmission, command: Extract<SubmissionCommand, { type: 'Claim' }>) {
  const { submissionId } = state.received;
  if (state.status !== 'Waiting' && state.status !== 'Evaluating')
    throw scoringErrors.submissionNotClaimable();
  if (state.status === 'Evaluating' && state.lease.until > command.now && !command.takeOver)
    throw scoringErrors.submissionNotClaimable();
  // Runs given back by a stopping runner were cut off by the platform: they do not count.
  if (state.received.kind === 'container' && state.counted >= command.maxAttempts) {
    const verdict = scoring.fileRefusal('runnerStopped', { times: state.counted });
    const reason = scoring.fileRefusalText(verdict, 'en');
    const data = { submissionId, attempt: state.attempts, reason, final: true, verdict };
    return {
      events: [{ type: E.EvaluationFailed.type, data }],
      status: 'Failed',
      columns: { log: null, refusal: verdict },
      refund: platformRefund(state),
    } satisfies SubmissionDecision;
  }
  const lease = { worker: command.worker, attempt: state.attempts + 1, until: command.now + command.leaseMs };
  const leaseUntil = new Date(lease.until).toISOString();
  return {
    events: [
      {
        type: E.EvaluationStarted.type,
        data: { submissionId, worker: lease.worker, attempt: lease.attempt, leaseUntil },
      },
    ],
    status: 'Evaluating',
    lease,
  } satisfies SubmissionDecision;
}

/** A scored outcome of either kind: the scores on the row, and the log (a container run's output, or none). */
function scored(submissionId: string, result: ScoreResult, log: string | null): SubmissionDecision {
  return {
    events: [{ type: E.SubmissionScored.type, data: { submissionId, ...result } }],
    status: 'Completed',
    columns: { public_score: result.publicScore, private_score: result.privateScore, log },
  };
}

function recordScore(
  state: KnownSubmission,
  { worker, maxAttempts, outcome }: Extract<SubmissionCommand, { type: 'RecordScore' }>,
): SubmissionDecision {
  const { attempt } = held(state, worker);
  const { submissionId } = state.received;
  if (outcome.kind === 'scored') return scored(submissionId, outcome.result, null);
  if (outcome.kind === 'invalid')
    return {
      events: [{ type: E.SubmissionInvalid.type, data: { submissionId, log: outcome.log } }],
      status: 'Invalid',
      columns: logColumns(outcome.log),
      refund: formatRefund(state),
    };
  const final = attempt >= maxAttempts;
  return {
    events: [
      { type: E.EvaluationFailed.type, data: { submissionId, attempt, reason: outcome.reason, final } },
    ],
    status: final ? 'Failed' : 'Waiting',
    columns: final ? failedColumns(outcome.reason) : { log: null },
    refund: final ? platformRefund(state) : undefined,
  };
}

function recordRun(
  state: KnownSubmission,
  { worker, maxAttempts, outcome }: Extract<SubmissionCommand, { type: 'RecordRun' }>,
): SubmissionDecision {
  const { attempt } = held(state, worker);
  const { submissionId, smoke } = state.received;
  // A smoke run is never scored against the ground truth (decision 0049), and only a smoke run is checked.
  if (outcome.kind === 'scored' && smoke) throw scoringErrors.smokeRunNotRanked();
  if (outcome.kind === 'scored') return scored(submissionId, outcome.result, runLogOf(outcome.runLog));
  if (outcome.kind === 'checked') {
    if (!smoke) throw scoringErrors.submissionNotClaimable();
    return {
      events: [{ type: E.SmokeRunChecked.type, data: { submissionId, rows: outcome.rows } }],
      status: 'Completed',
      columns: { log: runLogOf(outcome.runLog), refusal: null },
    };
  }
  if (outcome.kind === 'invalid')
    return {
      events: [{ type: E.SubmissionInvalid.type, data: { submissionId, log: outcome.verdict } }],
      status: 'Invalid',
      // The run's output, then the verdict apart: the scorer's refusal or the runner's, rendered per reader.
      columns: { log: runLogOf(outcome.runLog), refusal: outcome.verdict },
    };
  // Only the platform's faults are tried again, while the counted claims allow.
  const final = !(outcome.platformFault && state.counted < maxAttempts);
  // Operators see the verdict in English with the engine's words in the event (the audit log); the
  // participant's row and inbox have the verdict only, rendered in their language.
  const text = scoring.fileRefusalText(outcome.verdict, 'en');
  const reason = (outcome.detail ? `${text} [engine: ${outcome.detail}]` : text).slice(0, 2000);
  return {
    events: [
      {
        type: E.EvaluationFailed.type,
        data: { submissionId, attempt, reason, final, ...(final && { verdict: outcome.verdict }) },
      },
    ],
    status: final ? 'Failed' : 'Waiting',
    columns: { log: final ? runLogOf(outcome.runLog) : null, refusal: final ? outcome.verdict : null },
    refund: final && outcome.platformFault ? platformRefund(state) : undefined,
  };
}

/**
 * Pure rules of one submission: what a command records, or a typed error (`scoringErrors`). Facts of
 * other places (the submitter's team, the row's disqualification by team, a runner's liveness) are
 * checked by the caller or come in the command.
 */
export function decideSubmission(command: SubmissionCommand, state: SubmissionState): SubmissionDecision {
  if (command.type === 'Receive') {
    // A fresh id names a new stream; one that exists already was received (the store refuses it too).
    if (state.status !== 'none')
      throw new ConcurrencyError(stream(command.submission.submissionId), 'no_stream', null);
    return { events: [{ type: E.SubmissionReceived.type, data: command.submission }], status: 'Waiting' };
  }
  if (state.status === 'none')
    throw command.type === 'Cancel'
      ? scoringErrors.submissionNotCancellable()
      : command.type === 'Rescore'
        ? scoringErrors.submissionNotRescorable({ data: { status: state.status } })
        : scoringErrors.submissionNotFound();
  const { submissionId } = state.received;
  switch (command.type) {
    case 'Claim':
      return claim(state, command);
    case 'RecordScore':
      return recordScore(state, command);
    case 'RecordRun':
      return recordRun(state, command);
    case 'Progress': {
      const { attempt } = held(state, command.worker);
      if (state.received.kind !== 'container') throw scoringErrors.submissionNotClaimable();
      return {
        events: [
          {
            type: E.ContainerRunProgressed.type,
            data: {
              submissionId,
              state: command.state,
              attempt,
              ...(command.hiddenData && { hiddenData: true }),
            },
          },
        ],
        status: 'Evaluating',
      };
    }
    case 'Release': {
      const { attempt } = held(state, command.worker);
      return {
        events: [
          { type: E.ContainerRunReleased.type, data: { submissionId, attempt, worker: command.worker } },
        ],
        status: 'Waiting',
      };
    }
    case 'StopRun': {
      if (
        (state.status !== 'Waiting' && state.status !== 'Evaluating') ||
        state.received.kind !== 'container'
      )
        throw scoringErrors.submissionNotClaimable();
      const { stoppedBy, stoppedByAccount } = command;
      return {
        events: [{ type: E.ContainerRunStopped.type, data: { submissionId, stoppedBy, stoppedByAccount } }],
        status: 'Failed',
        columns: { log: null, refusal: command.verdict },
      };
    }
    case 'Cancel':
      if (state.status !== 'Waiting' || state.attempts > 0 || state.received.kind === 'container')
        throw scoringErrors.submissionNotCancellable();
      return {
        events: [{ type: E.SubmissionCancelled.type, data: { submissionId, cancelledBy: command.by } }],
        status: 'Cancelled',
        refund: { ...platformRefund(state)!, reason: 'cancelled' },
      };
    case 'Rescore': {
      assertRescorable(state);
      const { metric, groundTruthSha256, previousPublicScore, outcome } = command;
      return {
        events: [
          {
            type: E.SubmissionRescored.type,
            data: { submissionId, metric, ...outcome, groundTruthSha256, previousPublicScore },
          },
        ],
        status: outcome.log === null ? 'Completed' : 'Invalid',
        // The row's log is the refusal now (a container run's old output is not kept on a rescore).
        columns: {
          public_score: outcome.publicScore,
          private_score: outcome.privateScore,
          ...(outcome.log === null ? { log: null, refusal: null } : logColumns(outcome.log)),
        },
      };
    }
    case 'Disqualify':
      if (state.disqualified) throw scoringErrors.alreadyDisqualified();
      return {
        events: [{ type: E.SubmissionDisqualified.type, data: { submissionId, reason: command.reason } }],
        status: state.status,
      };
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}
