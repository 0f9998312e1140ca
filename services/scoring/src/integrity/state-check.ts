/**
 * What scoring's events say its state tables hold (decision 0028): `npm run events:verify -- --read-models`
 * folds the events and names every row and column of `submissions`, `final_selections`,
 * `team_disqualifications`, `quota_ledger`, `ground_truths` and `smoke_splits` that differs from them.
 */
import { type EventEnvelope, scoring } from '@sais/events';
import { isEvent } from '@sais/kit/eventstore';
import type { ExpectedRows, StateCheck } from '@sais/kit/platform';
import { ledgerReason, receiptLedgerEntry } from '../submissions/index.ts';

/**
 * A command's own clock beside the event's `occurredAt`: the row's time is taken before the team's lock
 * and the write, so the two differ by that wait; a time moved further than this is reported.
 */
export const clockSlackSeconds = 300;

const moment = { type: 'timestamptz', withinSeconds: clockSlackSeconds } as const;
const text = { type: 'text' } as const;
const uuid = { type: 'uuid' } as const;

export const scoringStateCheck: StateCheck = {
  name: 'scoring state',
  schema: 'scoring',
  streamTypes: [
    scoring.SubmissionReceived.aggregate,
    scoring.FinalSubmissionsSelected.aggregate,
    scoring.ResultFileRefused.aggregate,
    scoring.GroundTruthUploaded.aggregate,
    scoring.SmokeSplitSet.aggregate,
  ],
  tables: [
    {
      table: 'submissions',
      key: ['submission_id'],
      columns: {
        submission_id: uuid,
        competition_id: uuid,
        phase: text,
        team_id: text,
        submitter_id: uuid,
        file_name: text,
        size: { type: 'integer' },
        sha256: text,
        quota_day: text,
        status: text,
        public_score: { type: 'double precision' },
        private_score: { type: 'double precision' },
        description: text,
        disqualified_reason: text,
        created_at: moment,
      },
    },
    {
      table: 'quota_ledger',
      key: ['submission_id', 'reason'],
      columns: {
        submission_id: uuid,
        reason: text,
        competition_id: uuid,
        team_id: text,
        quota_day: text,
        delta: { type: 'integer' },
      },
    },
    {
      table: 'final_selections',
      key: ['competition_id', 'phase', 'team_id'],
      columns: {
        competition_id: uuid,
        phase: text,
        team_id: text,
        submission_ids: { type: 'uuid[]' },
        selected_by: uuid,
        selected_at: moment,
      },
    },
    {
      table: 'team_disqualifications',
      key: ['competition_id', 'team_id'],
      columns: { competition_id: uuid, team_id: text, reason: text, disqualified_at: moment },
    },
    {
      table: 'ground_truths',
      key: ['competition_id'],
      columns: {
        competition_id: uuid,
        metric: text,
        sha256: text,
        // The stored file itself must be the one the event committed to.
        content_sha256: { type: 'text', live: `encode(sha256(t.content), 'hex')` },
        // Ground truths set before decision 0024: their events do not carry these.
        public_percent: { type: 'integer', optional: true },
        split_key_sha256: { type: 'text', optional: true },
        scorer_version: { type: 'text', optional: true },
        // Decision 0031: the organiser's choice to publish the file (absent in older events: kept).
        reveal_ground_truth: { type: 'boolean' },
      },
    },
    {
      // Smoke runs (decision 0049): the operator's split and cap, written with scoring.SmokeSplitSet.
      table: 'smoke_splits',
      key: ['competition_id'],
      columns: { competition_id: uuid, file_id: uuid, per_day: { type: 'integer' } },
    },
  ],
  apply: applyScoring,
};

function applyScoring(rows: ExpectedRows, event: EventEnvelope): void {
  const E = scoring;
  const submission = (submissionId: string, row: Record<string, unknown>) => {
    // Events of a submission whose row never existed: reported as missing, with what the events say.
    rows.set('submissions', { ...row, submission_id: submissionId });
  };
  if (isEvent(E.SubmissionReceived, event)) {
    const data = event.data;
    submission(data.submissionId, {
      competition_id: data.competitionId,
      phase: data.phase,
      team_id: data.teamId,
      submitter_id: data.submitterId,
      file_name: data.fileName,
      size: data.size,
      sha256: data.sha256,
      quota_day: data.quotaDay,
      status: 'Waiting',
      public_score: null,
      private_score: null,
      description: data.description ?? null,
      disqualified_reason: null,
      created_at: event.occurredAt,
    });
    // A smoke run's entry (decision 0049) uses none of the allowance: 0, reason `smoke`.
    rows.set('quota_ledger', {
      submission_id: data.submissionId,
      competition_id: data.competitionId,
      team_id: data.teamId,
      quota_day: data.quotaDay,
      ...receiptLedgerEntry(data.smoke === true),
    });
  } else if (isEvent(E.EvaluationStarted, event)) {
    submission(event.data.submissionId, { status: 'Evaluating' });
  } else if (isEvent(E.EvaluationFailed, event)) {
    submission(event.data.submissionId, { status: event.data.final ? 'Failed' : 'Waiting' });
  } else if (isEvent(E.ContainerRunReleased, event)) {
    submission(event.data.submissionId, { status: 'Waiting' });
  } else if (isEvent(E.ContainerRunStopped, event)) {
    submission(event.data.submissionId, { status: 'Failed' });
  } else if (isEvent(E.SubmissionScored, event)) {
    const { submissionId, publicScore, privateScore } = event.data;
    submission(submissionId, { status: 'Completed', public_score: publicScore, private_score: privateScore });
  } else if (isEvent(E.SmokeSplitSet, event)) {
    const { competitionId, fileId, perDay } = event.data;
    rows.set('smoke_splits', { competition_id: competitionId, file_id: fileId, per_day: perDay });
  } else if (isEvent(E.SmokeRunChecked, event)) {
    submission(event.data.submissionId, { status: 'Completed' });
  } else if (isEvent(E.SubmissionInvalid, event)) {
    submission(event.data.submissionId, { status: 'Invalid' });
  } else if (isEvent(E.SubmissionCancelled, event)) {
    submission(event.data.submissionId, { status: 'Cancelled' });
  } else if (isEvent(E.SubmissionRescored, event)) {
    const { submissionId, publicScore, privateScore, log } = event.data;
    submission(submissionId, {
      status: log === null ? 'Completed' : 'Invalid',
      public_score: publicScore,
      private_score: privateScore,
    });
  } else if (isEvent(E.SubmissionDisqualified, event)) {
    submission(event.data.submissionId, { disqualified_reason: event.data.reason });
  } else if (isEvent(E.QuotaRefunded, event)) {
    const { submissionId, teamId, quotaDay, reason } = event.data;
    const received = rows.get('submissions', { submission_id: submissionId });
    rows.set('quota_ledger', {
      submission_id: submissionId,
      reason: ledgerReason[reason ?? 'failed'],
      competition_id: received?.competition_id ?? null,
      team_id: teamId,
      quota_day: quotaDay,
      delta: -1,
    });
  } else if (isEvent(E.ResultFileRefused, event)) {
    const data = event.data;
    rows.set('quota_ledger', {
      submission_id: data.refusalId,
      reason: 'format-upload',
      competition_id: data.competitionId,
      team_id: data.teamId,
      quota_day: data.quotaDay,
      delta: 0,
    });
  } else if (isEvent(E.FinalSubmissionsSelected, event)) {
    const { competitionId, phase, teamId, submissionIds, selectedBy } = event.data;
    const key = { competition_id: competitionId, phase, team_id: teamId };
    // An empty choice goes back to the default: no row.
    if (submissionIds.length === 0) rows.delete('final_selections', key);
    else
      rows.set('final_selections', {
        ...key,
        submission_ids: submissionIds,
        selected_by: selectedBy,
        selected_at: event.occurredAt,
      });
  } else if (isEvent(E.TeamDisqualified, event)) {
    const { competitionId, teamId, reason } = event.data;
    rows.set('team_disqualifications', {
      competition_id: competitionId,
      team_id: teamId,
      reason,
      disqualified_at: event.occurredAt,
    });
  } else if (isEvent(E.GroundTruthUploaded, event)) {
    const data = event.data;
    // Each upload replaces the row whole.
    rows.delete('ground_truths', { competition_id: data.competitionId });
    rows.set('ground_truths', {
      competition_id: data.competitionId,
      metric: data.metric,
      sha256: data.sha256,
      content_sha256: data.sha256,
      public_percent: data.publicPercent ?? null,
      split_key_sha256: data.splitKeySha256 ?? null,
      scorer_version: data.scorerVersion ?? null,
      reveal_ground_truth: data.revealGroundTruth ?? false,
    });
  }
}
