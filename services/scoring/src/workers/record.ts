import { type EventMetadata, scoring } from '@sais/events';
import type { Db, EventStore, StreamHead } from '@sais/kit';
import { sql } from 'kysely';
import type { ScoringTables } from '../db/tables.ts';
import { type Refund, type RowColumns, stream } from '../domain/submission/index.ts';

export type Status = ScoringTables['submissions']['status'];
export type { Refund } from '../domain/submission/index.ts';

/** The ledger's reason of a refund (one refund per submission and reason: the ledger's unique key). */
export const ledgerReason = {
  failed: 'refund',
  format: 'format-refund',
  cancelled: 'cancel-refund',
} as const;

export interface Step {
  submissionId: string;
  expected: number;
  /** The stream's last event as the caller read it, when it did (spares the store reading it). */
  head?: StreamHead;
  events: { type: string; data: unknown }[];
  metadata: EventMetadata;
  status: Status;
  /**
   * Columns to set besides the status; those not given keep their values. `log` and `refusal` go
   * together: giving either sets both (the one not given to null).
   */
  columns?: RowColumns;
  refund?: Refund;
}

/**
 * One step of a submission, in the caller's transaction or on its own (one statement, atomic by itself):
 * appends its events with the expected stream version, mirrors the status (and scores or log) on the row,
 * and, for a refunded failure, gives the day's allowance back. Returns the new stream version.
 */
export async function recordStep(trx: Db, store: EventStore, step: Step): Promise<number> {
  const [head] = await recordSteps(trx, store, [step]);
  return head!.version;
}

/**
 * Steps of several submissions, set-based, in the caller's transaction or on their own: one statement
 * appends to every stream, updates every row and inserts the refunds, so a lost race on any stream fails
 * the whole call (ConcurrencyError) and writes nothing. Returns each stream's new head, in order.
 */
export async function recordSteps(trx: Db, store: EventStore, steps: readonly Step[]): Promise<StreamHead[]> {
  if (steps.length === 0) return [];
  const has = (step: Step, column: 'public_score' | 'private_score' | 'log' | 'refusal') =>
    step.columns !== undefined && column in step.columns;
  const setsLog = (step: Step) => has(step, 'log') || has(step, 'refusal');
  const refusal = (step: Step) => (step.columns?.refusal ? JSON.stringify(step.columns.refusal) : null);
  const alongside = [
    sql`update scoring.submissions s set status = v.status, updated_at = now(),
      started_at = case when v.status = 'Evaluating' then now() else s.started_at end,
      finished_at = case when v.status in ('Completed', 'Invalid', 'Failed') then now() else s.finished_at end,
      public_score = case when v.set_public then v.public_score else s.public_score end,
      private_score = case when v.set_private then v.private_score else s.private_score end,
      log = case when v.set_log then v.log else s.log end,
      refusal = case when v.set_log then v.refusal else s.refusal end
    from unnest(${steps.map((s) => s.submissionId)}::uuid[], ${steps.map((s) => s.status)}::text[],
      ${steps.map((s) => has(s, 'public_score'))}::boolean[], ${steps.map((s) => s.columns?.public_score ?? null)}::float8[],
      ${steps.map((s) => has(s, 'private_score'))}::boolean[], ${steps.map((s) => s.columns?.private_score ?? null)}::float8[],
      ${steps.map(setsLog)}::boolean[], ${steps.map((s) => s.columns?.log ?? null)}::text[],
      ${steps.map(refusal)}::jsonb[])
      as v(submission_id, status, set_public, public_score, set_private, private_score, set_log, log, refusal)
    where s.submission_id = v.submission_id`,
  ];
  const refunds = steps.filter((step) => step.refund);
  if (refunds.length > 0)
    alongside.push(sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
      select competition_id, team_id, quota_day, submission_id, -1, reason
      from unnest(${refunds.map((s) => s.refund!.competitionId)}::uuid[], ${refunds.map((s) => s.refund!.teamId)}::text[],
        ${refunds.map((s) => s.refund!.quotaDay)}::text[], ${refunds.map((s) => s.submissionId)}::uuid[],
        ${refunds.map((s) => ledgerReason[s.refund!.reason ?? 'failed'])}::text[])
        as r(competition_id, team_id, quota_day, submission_id, reason)`);
  // The row updates and refunds go in the same statement as the events (one round trip).
  const appended = await store.appendMany(
    steps.map((step) => {
      const events = [...step.events];
      if (step.refund)
        events.push({
          type: scoring.QuotaRefunded.type,
          data: {
            submissionId: step.submissionId,
            teamId: step.refund.teamId,
            quotaDay: step.refund.quotaDay,
            ...(step.refund.reason && step.refund.reason !== 'failed' && { reason: step.refund.reason }),
          },
        });
      return {
        streamType: scoring.SubmissionReceived.aggregate,
        streamId: stream(step.submissionId),
        expected: step.expected,
        head: step.head,
        events,
        metadata: step.metadata,
      };
    }),
    { trx, alongside },
  );
  return appended.map((events) => ({ version: events.at(-1)!.streamVersion, hash: events.at(-1)!.hash }));
}
