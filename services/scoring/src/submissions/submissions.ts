// Over 300 lines: admission (quota, format refusals, open phase, kinds), cancellation and the participant's reads (mine, queue, sample, file) share the submissions table; issue 20 item 1 moves admission to a decider in domain/.
import { createHash, randomUUID } from 'node:crypto';
import { type EventMetadata, type Language, defaultLanguage, scoring } from '@sais/events';
import { AppError, type Db, type EventStore, calendarDay, daysInclusive, nulRefusal } from '@sais/kit';
import { sql } from 'kysely';
import type { ScoringDb, ScoringTables } from '../db/tables.ts';
import { Lines, text } from '../evaluation/csv.ts';
import { ROW_OK, headerFields, row, splitRow } from '../evaluation/fields.ts';
import { SubmissionCommands } from './commands.ts';
import { admissionPhase, scoringPhases } from './phase-rules.ts';
import { scoringErrors } from '../errors.ts';

export { scoringPhases };

type Phases = ScoringTables['competitions']['phases'];

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
const formatReasons = ['format-refund', 'format-upload'];
/** The error keys of upload-time refusals that are the file's format (and so count). */
export const formatRefusalKeys = new Set(['resultHeaderWrong', 'resultLineTooLong', 'resultTooManyColumns']);

/** What a queue estimate needs from the last evaluations of a competition (decision 0020). */
const recentEvaluations = 20;
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

  readonly #commands: SubmissionCommands;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {
    this.#commands = new SubmissionCommands(db, store);
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  async #competition(competitionId: string) {
    const row = await this.#t()
      .selectFrom('competitions')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw scoringErrors.competitionUnknown();
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

  /** The day's allowance used and format refusals of a team (one indexed read of the day's entries). */
  async #used(trx: Db, competitionId: string, teamId: string, day: string) {
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
  async #counts(trx: Db, competitionId: string, teamId: string, day: string) {
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

  async remaining(competitionId: string, accountId: string, now = new Date()) {
    const competition = await this.#competition(competitionId);
    const { dailySubmissionLimit: limit, timeZone } = competition.settings;
    const day = calendarDay(timeZone, now);
    const [{ used, refused }, truth] = await Promise.all([
      this.#used(this.db, competitionId, await this.teamOf(competitionId, accountId), day),
      this.#t()
        .selectFrom('ground_truths')
        .select('target')
        .where('competition_id', '=', competitionId)
        .executeTakeFirst(),
    ]);
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
    const row = await this.#t()
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
    const limit = competition.settings.dailySubmissionLimit;
    const counts = await this.#counts(trx, request.competitionId, teamId, day);
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
    };
    await this.#commands.receive(trx, submission, metadata, ({ status }) => [
      sql`insert into scoring.quota_ledger (competition_id, team_id, quota_day, submission_id, delta, reason)
        values (${request.competitionId}, ${teamId}, ${quotaDay}, ${submissionId}, 1, 'submission')`,
      sql`insert into scoring.submissions (submission_id, competition_id, phase, team_id, submitter_id, file_name,
          size, sha256, quota_day, status, created_at, updated_at, description)
        values (${submissionId}, ${request.competitionId}, ${phase}, ${teamId}, ${request.accountId},
          ${described.fileName}, ${described.size}, ${described.sha256}, ${quotaDay}, ${status}, ${now}, ${now},
          ${extra.description ?? null})`,
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

  /** `language`: the request's, for `logText` (the log with the refusal rendered). */
  async mine(competitionId: string, accountId: string, language: Language = defaultLanguage) {
    const teamId = await this.teamOf(competitionId, accountId);
    const rows = await this.#t()
      .selectFrom('submissions as s')
      .leftJoin('container_runs as c', 'c.submission_id', 's.submission_id')
      .select([
        's.submission_id',
        's.phase',
        's.file_name',
        's.status',
        's.public_score',
        's.private_score',
        's.log',
        's.refusal',
        's.created_at',
        's.submitter_id',
        's.description',
        'c.image',
        'c.config_path',
        'c.run_state',
      ])
      .where('s.competition_id', '=', competitionId)
      .where('s.team_id', '=', teamId)
      .orderBy('s.created_at', 'desc')
      .execute();
    // Only file submissions queue for the scoring workers (container runs have their own state).
    const queue = rows.some(
      (row) => row.image === null && (row.status === 'Waiting' || row.status === 'Evaluating'),
    )
      ? await this.#queue(competitionId, teamId)
      : new Map<string, Queued>();
    // The private score once its phase's final results are published (issue 35 point 12), never before:
    // published = the board stream (boards/standings.ts boardStream) has its seal.
    const phases = [...new Set(rows.map((row) => row.phase))];
    const published = new Set<string>();
    for (const phase of phases)
      if ((await this.store.readStream(`leaderboard-${competitionId}-${phase}`)).length > 0)
        published.add(phase);
    return rows.map((row) => ({
      submissionId: row.submission_id,
      queue: queue.get(row.submission_id) ?? null,
      kind: row.image === null ? ('file' as const) : ('container' as const),
      phase: row.phase,
      fileName: row.file_name,
      status: row.status,
      score: row.public_score,
      privateScore: published.has(row.phase) ? row.private_score : null,
      /** A container run's output, or an older row's English log (as is). */
      log: row.log,
      /** Why the scorer refused the file: a key of @sais/events fileRefusalTexts with its parameters. */
      refusal: row.refusal,
      /** `log` and `refusal` in the request's language (for clients without the catalogue: the CLI). */
      logText: scoring.submissionRowLogText(row.log, row.refusal, language),
      submittedAt: new Date(row.created_at).toISOString(),
      description: row.description,
      ...(row.image === null
        ? {}
        : {
            image: row.image,
            configPath: row.config_path,
            runState: row.status === 'Evaluating' ? row.run_state : null,
          }),
    }));
  }

  /**
   * The competition's queue as the team sees it (decision 0020): each of its unfinished submissions'
   * place among the competition's waiting ones (1: taken next; 0: being evaluated) and an estimated
   * start and finish from the mean duration of the competition's last evaluations, with as many taken
   * at once as are evaluating now (at least one). Two indexed reads of few rows, only when the team has
   * something unfinished. Result files only: container runs have their own runners and state.
   */
  async #queue(competitionId: string, teamId: string, now = new Date()): Promise<Map<string, Queued>> {
    const [queued, recent] = await Promise.all([
      sql<{ submission_id: string; team_id: string; status: string; started_at: Date | null; place: number }>`
        select submission_id, team_id, status, started_at,
          (case when status = 'Waiting'
            then row_number() over (partition by status = 'Waiting' order by created_at, submission_id)
            else 0 end)::int as place
        from scoring.submissions s
        where competition_id = ${competitionId} and status in ('Waiting', 'Evaluating')
          and not exists (select 1 from scoring.container_runs c where c.submission_id = s.submission_id)`.execute(
        this.db,
      ),
      sql<{ seconds: number | null; samples: number }>`
        select avg(extract(epoch from finished_at - started_at))::float8 as seconds, count(*)::int as samples
        from (select finished_at, started_at from scoring.submissions s
          where competition_id = ${competitionId} and finished_at is not null and started_at is not null
            and not exists (select 1 from scoring.container_runs c where c.submission_id = s.submission_id)
          order by finished_at desc limit ${recentEvaluations}) recent`.execute(this.db),
    ]);
    const mean = recent.rows[0]?.seconds ?? null;
    const slots = Math.max(1, queued.rows.filter((row) => row.status === 'Evaluating').length);
    const at = (ms: number) => new Date(ms).toISOString();
    const out = new Map<string, Queued>();
    for (const row of queued.rows) {
      if (row.team_id !== teamId) continue;
      if (mean === null) {
        out.set(row.submission_id, {
          place: row.place,
          ahead: Math.max(0, row.place - 1),
          estimatedStart: row.started_at ? new Date(row.started_at).toISOString() : null,
          estimatedFinish: null,
          basedOn: 0,
        });
        continue;
      }
      const ms = mean * 1000;
      const start =
        row.place === 0
          ? new Date(row.started_at ?? now).getTime()
          : now.getTime() + Math.floor((row.place - 1) / slots) * ms;
      out.set(row.submission_id, {
        place: row.place,
        ahead: Math.max(0, row.place - 1),
        estimatedStart: at(start),
        estimatedFinish: at(Math.max(start + ms, now.getTime())),
        basedOn: recent.rows[0]!.samples,
      });
    }
    return out;
  }

  /**
   * A sample submission (decision 0020): the header `id,<target>` and every test id of the ground truth
   * in sorted order (never its file order, never which part an id is in) with a placeholder value 0;
   * never a true value. For participants signed up to the competition, once its ground truth is set.
   */
  async sample(competitionId: string, accountId: string): Promise<{ name: string; bytes: Buffer }> {
    const { bytes } = await this.#sample(competitionId, accountId);
    return { name: sampleName, bytes };
  }

  /** The same sample's size, columns and rows (the data tab shows them beside its link). */
  async sampleInfo(competitionId: string, accountId: string) {
    const { bytes, columns, rows } = await this.#sample(competitionId, accountId);
    return { name: sampleName, size: bytes.length, columns, rows };
  }

  async #sample(competitionId: string, accountId: string) {
    const row = await sql<{ signed_up: boolean; sha256: string | null; target: string | null }>`
      select exists (select 1 from scoring.registrations r
          where r.competition_id = c.competition_id and r.account_id = ${accountId}) as signed_up,
        g.sha256, g.target
      from scoring.competitions c left join scoring.ground_truths g on g.competition_id = c.competition_id
      where c.competition_id = ${competitionId}`.execute(this.db);
    const found = row.rows[0];
    if (!found) throw scoringErrors.competitionUnknown();
    if (!found.signed_up) throw scoringErrors.notSignedUp();
    if (!found.sha256) throw scoringErrors.sampleSubmissionUnavailable();
    const cached = this.#samples.get(competitionId);
    if (cached?.sha256 === found.sha256) return cached;
    const truth = await sql<{ content: Buffer }>`
      select content from scoring.ground_truths where competition_id = ${competitionId}`.execute(this.db);
    const sample = { sha256: found.sha256, ...sampleOf(truth.rows[0]!.content) };
    this.#samples.set(competitionId, sample);
    return sample;
  }

  readonly #samples = new Map<string, { sha256: string; bytes: Buffer; columns: string[]; rows: number }>();

  async file(submissionId: string, accountId: string) {
    const row = await this.#t()
      .selectFrom('submissions')
      .select(['competition_id', 'team_id', 'file_name'])
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (!row || row.team_id !== (await this.teamOf(row.competition_id, accountId)))
      throw scoringErrors.submissionNotFound();
    const content = await sql<{
      content: Buffer;
    }>`select content from scoring.submission_files where submission_id = ${submissionId}`.execute(this.db);
    // A container submission has a file only once its run left one.
    if (!content.rows[0]) throw scoringErrors.submissionNotFound();
    return { name: row.file_name, bytes: content.rows[0].content };
  }
}

export interface Queued {
  /** 1: taken next; 0: a worker is evaluating it. */
  place: number;
  /** Waiting submissions of the competition before it. */
  ahead: number;
  /** ISO times; null while the competition has no finished evaluation to estimate from. */
  estimatedStart: string | null;
  estimatedFinish: string | null;
  /** How many recent evaluations the estimate averages. */
  basedOn: number;
}

const sampleName = 'sample_submission.csv';

/**
 * `id,<target>` then every id of a ground truth CSV, sorted, each with the placeholder value 0: the ids
 * and placeholders only, never a true value (a property test checks it for any ground truth, as Buffer or
 * as a bare Uint8Array; `truth.toString('utf8', start, end)` on a Uint8Array ignores its arguments and
 * once gave out every byte of the file).
 */
export function sampleOf(truth: Uint8Array): { bytes: Buffer; columns: string[]; rows: number } {
  const lines = new Lines(truth);
  if (!lines.next()) return { bytes: Buffer.from('id,value\n'), columns: ['id', 'value'], rows: 0 };
  const header = headerFields(truth, lines.start, lines.end);
  const target = header?.[1] ?? 'value';
  const ids: string[] = [];
  while (lines.next()) {
    if (splitRow(truth, lines.start, lines.end) !== ROW_OK) continue;
    const id = text(truth, row.idStart, row.idEnd);
    ids.push(row.idEscaped ? id.replaceAll('""', '"') : id);
  }
  const numeric = ids.every((id) => /^\d{1,15}$/.test(id));
  ids.sort(numeric ? (a, b) => Number(a) - Number(b) : undefined);
  const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);
  const bytes = Buffer.from(`id,${quote(target)}\n${ids.map((id) => `${quote(id)},0`).join('\n')}\n`);
  return { bytes, columns: ['id', target], rows: ids.length };
}
