import { type EventMetadata, scoring } from '@sais/events';
import type { Db, EventStore } from '@sais/kit';
import type { ScoringDb, ScoringTables } from '../db/tables.ts';
import { stream } from '../submissions.ts';

export type Status = ScoringTables['submissions']['status'];
export interface Refund {
  competitionId: string;
  teamId: string;
  quotaDay: string;
}

/**
 * One step of a submission, inside the caller's transaction: appends its events with the expected stream
 * version, mirrors the status (and scores or log) on the row, and, for a refunded failure, gives the day's
 * allowance back. Returns the new stream version.
 */
export async function recordStep(
  trx: Db,
  store: EventStore,
  step: {
    submissionId: string;
    expected: number;
    events: { type: string; data: unknown }[];
    metadata: EventMetadata;
    status: Status;
    columns?: { public_score?: number; private_score?: number; log?: string | null };
    refund?: Refund;
  },
): Promise<number> {
  const { submissionId, refund } = step;
  const events = [...step.events];
  if (refund)
    events.push({
      type: scoring.QuotaRefunded.type,
      data: { submissionId, teamId: refund.teamId, quotaDay: refund.quotaDay },
    });
  const appended = await store.append(
    scoring.SubmissionReceived.aggregate,
    stream(submissionId),
    step.expected,
    events,
    step.metadata,
    { trx },
  );
  const t = trx.withSchema('scoring') as ScoringDb;
  await t
    .updateTable('submissions')
    .set({ status: step.status, updated_at: new Date(), ...step.columns })
    .where('submission_id', '=', submissionId)
    .execute();
  if (refund)
    await t
      .insertInto('quota_ledger')
      .values({
        competition_id: refund.competitionId,
        team_id: refund.teamId,
        quota_day: refund.quotaDay,
        submission_id: submissionId,
        delta: -1,
        reason: 'refund',
      })
      .execute();
  return appended.at(-1)!.streamVersion;
}
