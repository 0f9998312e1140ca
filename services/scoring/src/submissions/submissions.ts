// Over 300 lines: admission end to end (precheck, the locked check, record, receive, format refusals) and cancel, on one class; its rules are in admission-rules.ts, the reads in reads.ts.
import { createHash, randomUUID } from 'node:crypto';
import { type EventMetadata, competition, scoring } from '@sais/events';
import { AppError } from '@sais/kit/errors';
import { calendarDay, daysInclusive } from '@sais/kit/time';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringTables } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import {
  type Admitted,
  type SubmissionKind,
  firstDay,
  formatRefusalsPerDay,
  ledgerCounts,
  ledgerUsed,
  receiptLedgerEntry,
} from './admission-rules.ts';
import { SubmissionCommands } from './commands.ts';
import { admissionPhase, scoringPhases } from './phase-rules.ts';
import { SubmissionReads } from './reads.ts';
import { smokeRunsUsed, smokeSplitOf } from '../containers/smoke.ts';

export class Submissions extends SubmissionReads {
  /** The admissions `record` wrote (their submission row, ledger entry and event). */
  readonly #recorded = new WeakSet<Admitted>();

  readonly #commands: SubmissionCommands;

  constructor(db: Db, store: EventStore, runPolicy?: competition.RunLimitPolicy) {
    super(db, store, runPolicy);
    this.#commands = new SubmissionCommands(db, store);
  }

  async remaining(competitionId: string, accountId: string, now = new Date()) {
    const competition = await this.competition(competitionId);
    const { dailySubmissionLimit: limit, timeZone } = competition.settings;
    const day = calendarDay(timeZone, now);
    const teamId = await this.teamOf(competitionId, accountId);
    const takesImages = (competition.settings.submissionKinds ?? []).includes('container-image');
    const [{ used, refused }, truth, split, smokeUsed] = await Promise.all([
      ledgerUsed(this.db, competitionId, teamId, day),
      this.t()
        .selectFrom('ground_truths')
        .select('target')
        .where('competition_id', '=', competitionId)
        .executeTakeFirst(),
      takesImages ? smokeSplitOf(this.db, competitionId) : null,
      smokeRunsUsed(this.db, competitionId, teamId, day),
    ]);
    const smokeLimit = split?.perDay ?? 0;
    return {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      day,
      timeZone,
      refundsFailed: true,
      // Decision 0020: files refused for their format give their allowance back, up to a daily cap.
      // The exact header a result file needs (decision 0020), e.g. "id,yield"; null before a ground truth.
      columns: truth?.target ? `id,${truth.target}` : null,
      formatRefusals: {
        limit: formatRefusalsPerDay,
        used: refused,
        remaining: Math.max(0, formatRefusalsPerDay - refused),
      },
      // Smoke runs (decision 0049): their own cap, apart from the allowance above.
      smokeRuns: {
        available: split !== null,
        file: split?.name ?? null,
        limit: smokeLimit,
        used: smokeUsed,
        remaining: Math.max(0, smokeLimit - smokeUsed),
      },
    };
  }

  /**
   * Admits one submission of a kind: the competition takes that kind, the user signed up, a phase is
   * open, and an allowance is left today (counted in the competition's time zone). Concurrent
   * submissions of one team serialise on an advisory lock (one per team and competition), so the ledger
   * never goes past the limit; `write` stores the submission with `record` (row, ledger entry, event) in
   * the same transaction.
   */
  async admit(
    request: { competitionId: string; accountId: string; kind: SubmissionKind; smoke?: boolean },
    write: (trx: Db, admitted: Admitted) => Promise<void>,
    now = new Date(),
  ) {
    const submissionId = randomUUID();
    const smoke = request.smoke === true;
    const { used, limit } = await this.db.transaction().execute(async (trx) => {
      const { phase, teamId, day, limit, today } = await this.#admissible(trx, request, now, true);
      const admitted: Admitted = { submissionId, phase, teamId, quotaDay: day, now, ...(smoke && { smoke }) };
      await write(trx, admitted);
      if (!this.#recorded.has(admitted))
        throw new Error('Submissions.admit: `write` must call `record`, which writes the ledger entry');
      return { used: today + 1, limit };
    });
    const remaining = Math.max(0, limit - used);
    return { submissionId, status: 'Waiting' as const, remaining, ...(smoke && { smoke: true as const }) };
  }

  /**
   * Refuses now what `admit` would refuse (kind, sign-up, open phase, ground truth, allowance), without
   * the team's lock: an upload checks who and what before it reads the file. `admit` decides at the end.
   */
  async precheck(
    request: { competitionId: string; accountId: string; kind: SubmissionKind; smoke?: boolean },
    now = new Date(),
  ): Promise<{ teamId: string; day: string; target: string | null }> {
    const { teamId, day, target } = await this.#admissible(this.db, request, now, false);
    return { teamId, day, target };
  }

  /**
   * Records a result file refused for its format while it was uploaded (decision 0020): no allowance
   * used, one of the day's format refusals (a ledger entry of 0 beside its ResultFileRefused event).
   */
  async refuseFormat(
    request: { competitionId: string; accountId: string; teamId: string; day: string },
    refusal: AppError,
    metadata: EventMetadata,
  ): Promise<void> {
    const refusalId = randomUUID();
    // The refusal as the uploader got it: its message key and the values its message was filled with.
    const reason = refusal.messageKey;
    const data = (refusal.data ?? {}) as Record<string, unknown>;
    const params = Object.fromEntries(
      Object.entries(data)
        .filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1]))
        .map(([name, value]) => [name, typeof value === 'string' ? value.slice(0, 300) : value]),
    );
    await this.store.append(
      scoring.ResultFileRefused.aggregate,
      `refusal-${refusalId}`,
      'no_stream',
      [
        {
          type: scoring.ResultFileRefused.type,
          data: {
            refusalId,
            competitionId: request.competitionId,
            teamId: request.teamId,
            submitterId: request.accountId,
            quotaDay: request.day,
            reason,
            params,
          },
        },
      ],
      metadata,
      {
        alongside: [
          sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
            values (${request.competitionId}, ${request.teamId}, ${request.day}, ${refusalId}, 0, 'format-upload')`,
        ],
      },
    );
  }

  /**
   * Cancels a submission of the caller's team that no worker has taken yet: SubmissionCancelled and its
   * refund in one append guarded by the stream's version, so a worker claiming it at the same moment
   * (EvaluationStarted at the same version) and the cancel cannot both win (decision 0020).
   */
  async cancel(submissionId: string, accountId: string, metadata: EventMetadata) {
    const row = await this.t()
      .selectFrom('submissions')
      .select(['competition_id', 'team_id', 'quota_day'])
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (!row || row.team_id !== (await this.teamOf(row.competition_id, accountId)))
      throw scoringErrors.submissionNotFound();
    // Refused once a worker took it (or for a container run); the refund is the submission's day. A
    // worker's claim at the same moment makes this one decide again, and refuse.
    await this.#commands.handle(submissionId, { type: 'Cancel', by: accountId }, metadata);
    return { submissionId, status: 'Cancelled' as const };
  }

  /**
   * Everything admission checks, in one statement that (with `lock`) takes the team's lock: the
   * competition, the sign-up, the ground truth, the team; then the ledger, read by the next statement so
   * it sees what the lock's previous holder committed. Throws the refusal; answers what was found.
   */
  async #admissible(
    trx: Db,
    request: { competitionId: string; accountId: string; kind: SubmissionKind; smoke?: boolean },
    now: Date,
    lock: boolean,
  ) {
    const teamLock = lock
      ? sql`pg_advisory_xact_lock(hashtext('quota:' || c.competition_id::text || ':'
          || coalesce(m.team_id, ${request.accountId}::text)))::text`
      : sql`null`;
    const facts = await sql<
      Pick<ScoringTables['competitions'], 'settings' | 'phases'> & {
        signed_up: boolean;
        has_truth: boolean;
        target: string | null;
        team_id: string | null;
        published: string[] | null;
      }
    >`select c.settings, c.phases,
        (select array_agg(p) from unnest(${scoringPhases}::text[]) p where exists (select 1 from scoring.events e
          where e.stream_id = 'leaderboard-' || c.competition_id::text || '-' || p and e.stream_version = 1))
          as published,
        exists (select 1 from scoring.registrations r
          where r.competition_id = c.competition_id and r.account_id = ${request.accountId}) as signed_up,
        g.competition_id is not null as has_truth, g.target,
        m.team_id, ${teamLock} as locked
      from scoring.competitions c
      left join scoring.memberships m on m.competition_id = c.competition_id and m.account_id = ${request.accountId}
      left join scoring.ground_truths g on g.competition_id = c.competition_id
      where c.competition_id = ${request.competitionId}`.execute(trx);
    const competition = facts.rows[0];
    if (!competition) throw scoringErrors.competitionUnknown();
    if (!(competition.settings.submissionKinds ?? ['result-file']).includes(request.kind))
      throw scoringErrors.submissionKindNotAccepted({
        data: { accepted: competition.settings.submissionKinds ?? ['result-file'] },
      });
    if (!competition.signed_up) throw scoringErrors.notSignedUp();
    // Final means final (issue 30, decision 0025): the phase open now, never one already published.
    const phase = admissionPhase(competition.phases, competition.published ?? [], now);
    if (!competition.has_truth) throw scoringErrors.noGroundTruth();
    const teamId = competition.team_id ?? request.accountId;
    const timeZone = competition.settings.timeZone;
    const day = calendarDay(timeZone, now);
    if (request.smoke) {
      // A smoke run (decision 0049): the smoke split and its own cap, never the day's allowance.
      const split = await smokeSplitOf(trx, request.competitionId);
      if (!split) throw scoringErrors.smokeRunsUnavailable();
      const used = await smokeRunsUsed(trx, request.competitionId, teamId, day);
      if (used >= split.perDay)
        throw scoringErrors.smokeRunsLimitReached({ data: { limit: split.perDay, day, timeZone } });
      return { phase, teamId, day, limit: split.perDay, today: used, target: competition.target };
    }
    const limit = competition.settings.dailySubmissionLimit;
    const counts = await ledgerCounts(trx, request.competitionId, teamId, day);
    if (request.kind === 'result-file' && counts.refused >= formatRefusalsPerDay)
      throw scoringErrors.formatRefusalsLimitReached({
        data: { limit: formatRefusalsPerDay, day, timeZone },
      });
    if (counts.today >= limit) {
      throw scoringErrors.dailyLimitReached({
        data: { limit, day, timeZone: competition.settings.timeZone },
      });
    }
    // The merge rule's second line (decision 0005): a join the team service let through while its
    // mirror lagged cannot be used to submit past what one team could have made by today.
    const allowed = limit * daysInclusive(firstDay(competition.phases, counts.firstDay, timeZone), day);
    if (counts.pooled > 0 && counts.pooled >= allowed)
      throw scoringErrors.mergedTeamOverAllowance({
        data: { used: counts.pooled, allowed },
      });
    return { phase, teamId, day, limit, today: counts.today, target: competition.target };
  }

  /**
   * Stores a submission's row (status Waiting) and its ledger entry (one of today's allowance), with the
   * file's bytes when given, and appends its SubmissionReceived event: one statement (the rows go
   * alongside the event's insert).
   */
  async record(
    trx: Db,
    admitted: Admitted,
    request: { competitionId: string; accountId: string },
    file: { fileName: string; size: number; sha256: string; content?: Buffer },
    metadata: EventMetadata,
    extra: { kind?: 'file' | 'container'; image?: string; configPath?: string; description?: string } = {},
  ) {
    const { submissionId, phase, teamId, quotaDay, now } = admitted;
    const smoke = admitted.smoke === true;
    const entry = receiptLedgerEntry(smoke);
    const { content, ...described } = file;
    const submission = {
      submissionId,
      competitionId: request.competitionId,
      phase,
      teamId,
      submitterId: request.accountId,
      ...described,
      quotaDay,
      ...extra,
      ...(smoke && { smoke: true as const }),
    };
    await this.#commands.receive(trx, submission, metadata, ({ status }) => [
      sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
        values (${request.competitionId}, ${teamId}, ${quotaDay}, ${submissionId}, ${entry.delta}, ${entry.reason})`,
      sql`insert into scoring.submissions (submission_id, competition_id, phase, team_id, submitter_id, file_name,
          size, sha256, quota_day, status, created_at, updated_at, description, smoke)
        values (${submissionId}, ${request.competitionId}, ${phase}, ${teamId}, ${request.accountId},
          ${described.fileName}, ${described.size}, ${described.sha256}, ${quotaDay}, ${status}, ${now}, ${now},
          ${extra.description ?? null}, ${smoke})`,
      ...(content
        ? [
            sql`insert into scoring.submission_files (submission_id, content) values (${submissionId}, ${content})`,
          ]
        : []),
    ]);
    this.#recorded.add(admitted);
  }

  /** Accepts a result file (see `admit`), with its submitter's message (checked by `descriptionOf`). */
  async receive(
    request: {
      competitionId: string;
      accountId: string;
      fileName: string;
      bytes: Buffer;
      description?: string | undefined;
    },
    metadata: EventMetadata,
    now = new Date(),
  ) {
    const sha256 = createHash('sha256').update(request.bytes).digest('hex');
    return this.admit(
      { ...request, kind: 'result-file' },
      async (trx, admitted) => {
        await this.record(
          trx,
          admitted,
          request,
          { fileName: request.fileName, size: request.bytes.length, sha256, content: request.bytes },
          metadata,
          request.description ? { description: request.description } : {},
        );
      },
      now,
    );
  }
}
