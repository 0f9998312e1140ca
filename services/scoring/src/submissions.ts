import { createHash, randomUUID } from 'node:crypto';
import { type EventMetadata, scoring } from '@sais/events';
import { AppError, type Db, type EventStore, calendarDay, daysInclusive } from '@sais/kit';
import { sql } from 'kysely';
import type { ScoringDb, ScoringTables } from './db/tables.ts';
import { scoringCodes } from './errors.ts';

export const stream = (submissionId: string) => `submission-${submissionId}`;
export const scoringPhases = ['preliminary', 'semi-final', 'final'];

type Phases = ScoringTables['competitions']['phases'];
function openPhase(phases: Phases, now: Date): string | null {
  const open = scoringPhases.filter((name) => {
    const phase = phases[name];
    if (!phase) return false;
    if (phase.override) return phase.override === 'open';
    return new Date(phase.startsAt) <= now && now < new Date(phase.endsAt);
  });
  return open.at(-1) ?? null;
}

/**
 * The first day submissions were open (in the competition's time zone): the earliest scheduled start or
 * hand opening of a submission phase, or the day of an earlier submission (a mirror filled before it
 * knew opening times), so a team that never merged can never be over `limit × days`.
 */
function firstDay(phases: Phases, firstSubmissionDay: string | null, timeZone: string): string {
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
export interface Admitted {
  submissionId: string;
  phase: string;
  teamId: string;
  quotaDay: string;
  now: Date;
}

export class Submissions {
  /** The admissions `record` wrote (their submission row, ledger entry and event). */
  readonly #recorded = new WeakSet<Admitted>();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  async #competition(competitionId: string) {
    const row = await this.#t()
      .selectFrom('competitions')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw new AppError(scoringCodes.competitionUnknown, 'competitionUnknown', 404);
    return row;
  }

  /** A user's team in a competition, or their single-person team (named by their account id). */
  async teamOf(competitionId: string, accountId: string): Promise<string> {
    const row = await this.#t()
      .selectFrom('memberships')
      .select('team_id')
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.team_id ?? accountId;
  }

  async #used(trx: Db, competitionId: string, teamId: string, day: string): Promise<number> {
    const row = await this.#t(trx)
      .selectFrom('quota_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('used'))
      .where('competition_id', '=', competitionId)
      .where('team_id', '=', teamId)
      .where('quota_day', '=', day)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /**
   * In one read: the team's allowance used today, what the team and its members made before joining
   * (each alone was a one-person team named by the account id) used in all, and the competition's first
   * day with a submission of theirs. `team_id = any(array(…))`, not `or … in`, so the ledger's index is
   * used: the team's rows are read, not the whole competition's.
   */
  async #counts(trx: Db, competitionId: string, teamId: string, day: string) {
    const row = await sql<{ today: number; pooled: number; first_day: string | null }>`
      select coalesce(sum(delta) filter (where team_id = ${teamId} and quota_day = ${day}), 0)::int as today,
        coalesce(sum(delta), 0)::int as pooled, min(quota_day) as first_day
      from scoring.quota_ledger
      where competition_id = ${competitionId} and team_id = any(array(
        select account_id::text from scoring.memberships
        where competition_id = ${competitionId} and team_id = ${teamId}) || ${teamId}::text)`.execute(trx);
    const { today, pooled, first_day } = row.rows[0]!;
    return { today, pooled, firstDay: first_day };
  }

  async remaining(competitionId: string, accountId: string, now = new Date()) {
    const competition = await this.#competition(competitionId);
    const { dailySubmissionLimit: limit, timeZone } = competition.settings;
    const day = calendarDay(timeZone, now);
    const used = await this.#used(this.db, competitionId, await this.teamOf(competitionId, accountId), day);
    return { limit, used, remaining: Math.max(0, limit - used), day, timeZone, refundsFailed: true };
  }

  /**
   * Admits one submission of a kind: the competition takes that kind, the user signed up, a phase is
   * open, and an allowance is left today (counted in the competition's time zone). Concurrent
   * submissions of one team serialise on an advisory lock (one per team and competition), so the ledger
   * never goes past the limit; `write` stores the submission with `record` (row, ledger entry, event) in
   * the same transaction.
   */
  async admit(
    request: { competitionId: string; accountId: string; kind: SubmissionKind },
    write: (trx: Db, admitted: Admitted) => Promise<void>,
    now = new Date(),
  ) {
    const submissionId = randomUUID();
    const { used, limit } = await this.db.transaction().execute(async (trx) => {
      const { phase, teamId, day, limit, today } = await this.#admissible(trx, request, now, true);
      const admitted = { submissionId, phase, teamId, quotaDay: day, now };
      await write(trx, admitted);
      if (!this.#recorded.has(admitted))
        throw new Error('Submissions.admit: `write` must call `record`, which writes the ledger entry');
      return { used: today + 1, limit };
    });
    return { submissionId, status: 'Waiting' as const, remaining: Math.max(0, limit - used) };
  }

  /**
   * Refuses now what `admit` would refuse (kind, sign-up, open phase, ground truth, allowance), without
   * the team's lock: an upload checks who and what before it reads the file. `admit` decides at the end.
   */
  async precheck(
    request: { competitionId: string; accountId: string; kind: SubmissionKind },
    now = new Date(),
  ) {
    await this.#admissible(this.db, request, now, false);
  }

  /**
   * Everything admission checks, in one statement that (with `lock`) takes the team's lock: the
   * competition, the sign-up, the ground truth, the team; then the ledger, read by the next statement so
   * it sees what the lock's previous holder committed. Throws the refusal; answers what was found.
   */
  async #admissible(
    trx: Db,
    request: { competitionId: string; accountId: string; kind: SubmissionKind },
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
        team_id: string | null;
      }
    >`select c.settings, c.phases,
        exists (select 1 from scoring.registrations r
          where r.competition_id = c.competition_id and r.account_id = ${request.accountId}) as signed_up,
        exists (select 1 from scoring.ground_truths g where g.competition_id = c.competition_id) as has_truth,
        m.team_id, ${teamLock} as locked
      from scoring.competitions c
      left join scoring.memberships m on m.competition_id = c.competition_id and m.account_id = ${request.accountId}
      where c.competition_id = ${request.competitionId}`.execute(trx);
    const competition = facts.rows[0];
    if (!competition) throw new AppError(scoringCodes.competitionUnknown, 'competitionUnknown', 404);
    if (!(competition.settings.submissionKinds ?? ['result-file']).includes(request.kind))
      throw new AppError(scoringCodes.submissionKindNotAccepted, 'submissionKindNotAccepted', 400, {
        data: { accepted: competition.settings.submissionKinds ?? ['result-file'] },
      });
    if (!competition.signed_up) throw new AppError(scoringCodes.notSignedUp, 'notSignedUp', 403);
    const phase = openPhase(competition.phases, now);
    if (!phase) throw new AppError(scoringCodes.noOpenPhase, 'noOpenPhase', 400);
    if (!competition.has_truth) throw new AppError(scoringCodes.noGroundTruth, 'noGroundTruth', 400);
    const teamId = competition.team_id ?? request.accountId;
    const timeZone = competition.settings.timeZone;
    const day = calendarDay(timeZone, now);
    const limit = competition.settings.dailySubmissionLimit;
    const counts = await this.#counts(trx, request.competitionId, teamId, day);
    if (counts.today >= limit) {
      throw new AppError(scoringCodes.dailyLimitReached, 'dailyLimitReached', 429, {
        data: { limit, day, timeZone: competition.settings.timeZone },
      });
    }
    // The merge rule's second line (decision 0005): a join the team service let through while its
    // mirror lagged cannot be used to submit past what one team could have made by today.
    const allowed = limit * daysInclusive(firstDay(competition.phases, counts.firstDay, timeZone), day);
    if (counts.pooled > 0 && counts.pooled >= allowed)
      throw new AppError(scoringCodes.mergedTeamOverAllowance, 'mergedTeamOverAllowance', 429, {
        data: { used: counts.pooled, allowed },
      });
    return { phase, teamId, day, limit, today: counts.today };
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
    extra: { kind?: 'file' | 'container'; image?: string; configPath?: string } = {},
  ) {
    const { submissionId, phase, teamId, quotaDay, now } = admitted;
    const { content, ...described } = file;
    const alongside = [
      sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
        values (${request.competitionId}, ${teamId}, ${quotaDay}, ${submissionId}, 1, 'submission')`,
      sql`insert into scoring.submissions (submission_id, competition_id, phase, team_id, submitter_id, file_name,
          size, sha256, quota_day, status, created_at, updated_at)
        values (${submissionId}, ${request.competitionId}, ${phase}, ${teamId}, ${request.accountId},
          ${described.fileName}, ${described.size}, ${described.sha256}, ${quotaDay}, 'Waiting', ${now}, ${now})`,
      ...(content
        ? [
            sql`insert into scoring.submission_files (submission_id, content) values (${submissionId}, ${content})`,
          ]
        : []),
    ];
    await this.store.append(
      scoring.SubmissionReceived.aggregate,
      stream(submissionId),
      'no_stream',
      [
        {
          type: scoring.SubmissionReceived.type,
          data: {
            submissionId,
            competitionId: request.competitionId,
            phase,
            teamId,
            submitterId: request.accountId,
            ...described,
            quotaDay,
            ...extra,
          },
        },
      ],
      metadata,
      { trx, alongside },
    );
    this.#recorded.add(admitted);
  }

  /** Accepts a result file (see `admit`). */
  async receive(
    request: { competitionId: string; accountId: string; fileName: string; bytes: Buffer },
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
        );
      },
      now,
    );
  }

  async mine(competitionId: string, accountId: string) {
    const rows = await this.#t()
      .selectFrom('submissions as s')
      .leftJoin('container_runs as c', 'c.submission_id', 's.submission_id')
      .select([
        's.submission_id',
        's.phase',
        's.file_name',
        's.status',
        's.public_score',
        's.log',
        's.created_at',
        's.submitter_id',
        'c.image',
        'c.config_path',
        'c.run_state',
      ])
      .where('s.competition_id', '=', competitionId)
      .where('s.team_id', '=', await this.teamOf(competitionId, accountId))
      .orderBy('s.created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      submissionId: row.submission_id,
      kind: row.image === null ? ('file' as const) : ('container' as const),
      phase: row.phase,
      fileName: row.file_name,
      status: row.status,
      score: row.public_score,
      log: row.log,
      submittedAt: new Date(row.created_at).toISOString(),
      ...(row.image === null
        ? {}
        : {
            image: row.image,
            configPath: row.config_path,
            runState: row.status === 'Evaluating' ? row.run_state : null,
          }),
    }));
  }

  async file(submissionId: string, accountId: string) {
    const row = await this.#t()
      .selectFrom('submissions')
      .select(['competition_id', 'team_id', 'file_name'])
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (!row || row.team_id !== (await this.teamOf(row.competition_id, accountId)))
      throw new AppError(scoringCodes.submissionNotFound, 'submissionNotFound', 404);
    const content = await sql<{
      content: Buffer;
    }>`select content from scoring.submission_files where submission_id = ${submissionId}`.execute(this.db);
    // A container submission has a file only once its run left one.
    if (!content.rows[0]) throw new AppError(scoringCodes.submissionNotFound, 'submissionNotFound', 404);
    return { name: row.file_name, bytes: content.rows[0].content };
  }
}
