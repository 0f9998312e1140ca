import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore, StreamHead } from '@sais/kit/eventstore';
import { type RawBuilder, sql } from 'kysely';
import type { ScoringTables } from '../db/tables.ts';
import type { Refund, RowColumns } from './decide.ts';
import { stream } from './state.ts';

export type Status = ScoringTables['submissions']['status'];
export type { Refund } from './decide.ts';

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
 * Steps of several submissions at the versions their callers read, set-based, in the caller's
 * transaction or on their own: one statement appends to every stream, writes every row and inserts the
 * refunds, so a lost race on any stream fails the whole call (ConcurrencyError) and writes nothing.
 * Returns each stream's new head, in order. Only `SubmissionCommands` calls it.
 */
export async function recordSteps(trx: Db, store: EventStore, steps: readonly Step[]): Promise<StreamHead[]> {
  if (steps.length === 0) return [];
  // The row writes and refunds go in the same statement as the events (one round trip).
  const appended = await store.appendMany(
    steps.map((step) => ({
      streamType: scoring.SubmissionReceived.aggregate,
      streamId: stream(step.submissionId),
      expected: step.expected,
      head: step.head,
      events: eventsOf(step),
      metadata: step.metadata,
    })),
    { trx, alongside: rowWrites(steps) },
  );
  return appended.map((events) => ({ version: events.at(-1)!.streamVersion, hash: events.at(-1)!.hash }));
}

/**
 * The row writes of one step whose events the kit's command handler has just appended in `trx`
 * (`eventsOf` gave them): the same statements `recordSteps` sends along its append.
 */
export async function recordRows(trx: Db, step: Omit<Step, 'expected' | 'metadata'>): Promise<void> {
  for (const write of rowWrites([step])) await write.execute(trx);
}

/** A step's events, and the refund's QuotaRefunded after them when it has one. */
export function eventsOf(
  step: Pick<Step, 'submissionId' | 'events' | 'refund'>,
): { type: string; data: unknown }[] {
  if (!step.refund) return [...step.events];
  const { teamId, quotaDay, reason } = step.refund;
  return [
    ...step.events,
    {
      type: scoring.QuotaRefunded.type,
      data: {
        submissionId: step.submissionId,
        teamId,
        quotaDay,
        ...(reason && reason !== 'failed' && { reason }),
      },
    },
  ];
}

type RowStep = Omit<Step, 'expected' | 'metadata'>;

/**
 * What the row keeps of a step. Most steps set the status, its times and the columns given (one
 * set-based update for all of them). Three kinds are their own: a container run's progress leaves the
 * row as its claim set it; a disqualification sets the reason only; a rescore sets the status and
 * columns but keeps the started and finished times.
 */
function rowWrites(steps: readonly RowStep[]): RawBuilder<unknown>[] {
  const writes: RawBuilder<unknown>[] = [];
  const plain: RowStep[] = [];
  for (const step of steps) {
    const first = step.events[0]?.type;
    if (first === scoring.ContainerRunProgressed.type) continue;
    if (first === scoring.SubmissionDisqualified.type) {
      const { reason } = step.events[0]!.data as { reason: string };
      writes.push(sql`update scoring.submissions set disqualified_reason = ${reason}, updated_at = now()
        where submission_id = ${step.submissionId}`);
    } else if (first === scoring.SubmissionRescored.type) {
      const c = step.columns ?? {};
      const refusal = c.refusal ? JSON.stringify(c.refusal) : null;
      writes.push(sql`update scoring.submissions set status = ${step.status}, updated_at = now(),
        public_score = ${c.public_score ?? null}, private_score = ${c.private_score ?? null},
        log = ${c.log ?? null}, refusal = ${refusal}::jsonb
        where submission_id = ${step.submissionId}`);
    } else plain.push(step);
  }
  const has = (step: RowStep, column: 'public_score' | 'private_score' | 'log' | 'refusal') =>
    step.columns !== undefined && column in step.columns;
  const setsLog = (step: RowStep) => has(step, 'log') || has(step, 'refusal');
  const refusal = (step: RowStep) => (step.columns?.refusal ? JSON.stringify(step.columns.refusal) : null);
  if (plain.length > 0)
    writes.push(sql`update scoring.submissions s set status = v.status, updated_at = now(),
      started_at = case when v.status = 'Evaluating' then now() else s.started_at end,
      finished_at = case when v.status in ('Completed', 'Invalid', 'Failed') then now() else s.finished_at end,
      public_score = case when v.set_public then v.public_score else s.public_score end,
      private_score = case when v.set_private then v.private_score else s.private_score end,
      log = case when v.set_log then v.log else s.log end,
      refusal = case when v.set_log then v.refusal else s.refusal end
    from unnest(${plain.map((s) => s.submissionId)}::uuid[], ${plain.map((s) => s.status)}::text[],
      ${plain.map((s) => has(s, 'public_score'))}::boolean[], ${plain.map((s) => s.columns?.public_score ?? null)}::float8[],
      ${plain.map((s) => has(s, 'private_score'))}::boolean[], ${plain.map((s) => s.columns?.private_score ?? null)}::float8[],
      ${plain.map(setsLog)}::boolean[], ${plain.map((s) => s.columns?.log ?? null)}::text[],
      ${plain.map(refusal)}::jsonb[])
      as v(submission_id, status, set_public, public_score, set_private, private_score, set_log, log, refusal)
    where s.submission_id = v.submission_id`);
  const refunds = steps.filter((step) => step.refund);
  if (refunds.length > 0)
    writes.push(sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
      select competition_id, team_id, quota_day, submission_id, -1, reason
      from unnest(${refunds.map((s) => s.refund!.competitionId)}::uuid[], ${refunds.map((s) => s.refund!.teamId)}::text[],
        ${refunds.map((s) => s.refund!.quotaDay)}::text[], ${refunds.map((s) => s.submissionId)}::uuid[],
        ${refunds.map((s) => ledgerReason[s.refund!.reason ?? 'failed'])}::text[])
        as r(competition_id, team_id, quota_day, submission_id, reason)`);
  return writes;
}
