/**
 * Admission's rules and ledger reads (issue 20, decision 0020): the first day a competition took
 * submissions, a submission's message, what counts as a format refusal, and the team's allowance used.
 */
import { scoring } from '@sais/events';
import { calendarDay } from '@sais/kit/time';
import type { Db } from '@sais/kit/db';
import { nulRefusal } from '@sais/kit/http';
import { sql } from 'kysely';
import type { ScoringTables } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import { scoringPhases } from './phase-rules.ts';

type Phases = ScoringTables['competitions']['phases'];

/**
 * The first day submissions were open (in the competition's time zone): the earliest scheduled start or
 * hand opening of a submission phase, or the day of an earlier submission (a mirror filled before it
 * knew opening times), so a team that never merged can never be over `limit × days`.
 */
export function firstDay(phases: Phases, firstSubmissionDay: string | null, timeZone: string): string {
  const days = scoringPhases.flatMap((name) => {
    const phase = phases[name];
    if (!phase) return [];
    return [phase.startsAt, ...(phase.openedAt ? [phase.openedAt] : [])].map((at) =>
      calendarDay(timeZone, new Date(at)),
    );
  });
  if (firstSubmissionDay) days.push(firstSubmissionDay);
  return days.sort()[0] ?? firstSubmissionDay ?? '9999-12-31';
}

export type SubmissionKind = 'result-file' | 'container-image';

/**
 * A submission's message as sent (a form field, tus metadata): trimmed; none when empty or absent;
 * refused (40033, nothing recorded) over `scoring.submissionDescriptionMax` characters (code points).
 */
export function descriptionOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  // Read from a form or tus metadata, not a validated schema: the kit's NUL rule by hand (issue 33).
  if (text.includes('\u0000')) throw nulRefusal('description');
  const length = [...text].length;
  if (length > scoring.submissionDescriptionMax)
    throw scoringErrors.submissionDescriptionTooLong({
      data: { max: scoring.submissionDescriptionMax, length },
    });
  return text;
}

/** Files refused for their format a team may have per competition and day (decision 0020; events' rules). */
export const formatRefusalsPerDay = scoring.formatRefusalsPerDay;
/** The ledger reasons that count as a day's format refusals (refunded files, refused uploads). */
export const formatReasons = ['format-refund', 'format-upload'];
/** The error keys of upload-time refusals that are the file's format (and so count). */
export const formatRefusalKeys = new Set(['resultHeaderWrong', 'resultLineTooLong', 'resultTooManyColumns']);

/**
 * The ledger entry of a received submission: one of the day's allowance, or for a smoke run (decision 0049)
 * 0 with reason `smoke` (what the smoke cap counts).
 */
export const receiptLedgerEntry = (smoke: boolean) =>
  smoke ? { delta: 0, reason: 'smoke' as const } : { delta: 1, reason: 'submission' as const };

export interface Admitted {
  submissionId: string;
  phase: string;
  teamId: string;
  quotaDay: string;
  now: Date;
  /** A smoke run (decision 0049): its ledger entry is 0 (reason `smoke`), counted against the smoke cap only. */
  smoke?: boolean;
}

/** The day's allowance used and format refusals of a team (one indexed read of the day's entries). */
export async function ledgerUsed(trx: Db, competitionId: string, teamId: string, day: string) {
  const row = await sql<{ used: number; refused: number }>`
    select coalesce(sum(delta), 0)::int as used,
      (count(*) filter (where reason = any(${formatReasons}::text[])))::int as refused
    from scoring.quota_ledger
    where competition_id = ${competitionId} and team_id = ${teamId} and quota_day = ${day}`.execute(trx);
  return row.rows[0]!;
}

/**
 * In one read: the team's allowance used today, what the team and its members made before joining
 * (each alone was a one-person team named by the account id) used in all, and the competition's first
 * day with a submission of theirs. `team_id = any(array(…))`, not `or … in`, so the ledger's index is
 * used: the team's rows are read, not the whole competition's.
 */
export async function ledgerCounts(trx: Db, competitionId: string, teamId: string, day: string) {
  const row = await sql<{ today: number; refused: number; pooled: number; first_day: string | null }>`
    select coalesce(sum(delta) filter (where team_id = ${teamId} and quota_day = ${day}), 0)::int as today,
      (count(*) filter (where team_id = ${teamId} and quota_day = ${day}
        and reason = any(${formatReasons}::text[])))::int as refused,
      coalesce(sum(delta), 0)::int as pooled, min(quota_day) as first_day
    from scoring.quota_ledger
    where competition_id = ${competitionId} and team_id = any(array(
      select account_id::text from scoring.memberships
      where competition_id = ${competitionId} and team_id = ${teamId}) || ${teamId}::text)`.execute(trx);
  const { today, refused, pooled, first_day } = row.rows[0]!;
  return { today, refused, pooled, firstDay: first_day };
}
