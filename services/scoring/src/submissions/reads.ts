// Over 300 lines: one reader class for a participant's submissions (the list with its queue places, hidden scores and secondary metrics; the sample; the file), each part a read the routes share.
/**
 * The participant's reads of their submissions (issue 20): their list with the queue's estimate, the
 * competition's sample file and a submission's file. `Submissions` (admission) extends it.
 */
import { type Language, competition, defaultLanguage, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';
import { Lines, text } from '../evaluation/csv.ts';
import { ROW_OK, headerFields, row, splitRow } from '../evaluation/fields.ts';
import { scoringErrors } from '../errors.ts';
import { runQueuePlaces } from '../containers/run-queue-places.ts';

/** What a queue estimate needs from the last evaluations of a competition (decision 0020). */
const recentEvaluations = 20;

export class SubmissionReads {
  constructor(
    protected readonly db: Db,
    protected readonly store: EventStore,
    /** The runners' limits policy (the environment's): a container run's declared seconds in its queue place. */
    protected readonly runPolicy: competition.RunLimitPolicy = competition.runLimitPolicy(process.env),
  ) {}

  protected t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  protected async competition(competitionId: string) {
    const row = await this.t()
      .selectFrom('competitions')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw scoringErrors.competitionUnknown();
    return row;
  }

  /** A user's team in a competition, or their single-person team (named by their account id). */
  async teamOf(competitionId: string, accountId: string): Promise<string> {
    const row = await this.t()
      .selectFrom('memberships')
      .select('team_id')
      .where('competition_id', '=', competitionId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.team_id ?? accountId;
  }
  /** `language`: the request's, for `logText` (the log with the refusal rendered). */
  async mine(competitionId: string, accountId: string, language: Language = defaultLanguage) {
    const teamId = await this.teamOf(competitionId, accountId);
    const rows = await this.t()
      .selectFrom('submissions as s')
      .leftJoin('container_runs as c', 'c.submission_id', 's.submission_id')
      .leftJoin('board_submissions as b', 'b.submission_id', 's.submission_id')
      .select([
        'b.scores',
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
        's.smoke',
        'c.image',
        'c.config_path',
        'c.run_state',
        'c.hidden_data',
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
    // Container runs: their place in the fair queue of every runner (decision 0038).
    const runQueue = rows.some(
      (row) => row.image !== null && (row.status === 'Waiting' || row.status === 'Evaluating'),
    )
      ? await runQueuePlaces(this.db, competitionId, teamId, new Date(), this.runPolicy)
      : new Map<string, Queued>();
    // The private score once its phase's final results are published (issue 35 point 12), never before:
    // published = the board stream (boards/standings.ts boardStream) has its seal.
    const phases = [...new Set(rows.map((row) => row.phase))];
    const published = new Set<string>();
    for (const phase of phases)
      if ((await this.store.readStream(`leaderboard-${competitionId}-${phase}`)).length > 0)
        published.add(phase);
    // A blind or Ladder phase shows no submission's public score (decision 0045; the board's option).
    const hidden = await sql<{ phase: string; hidden: 'blind' | 'ladder' }>`
      select phase, case when blind then 'blind' else 'ladder' end as hidden from scoring.board_options
      where competition_id = ${competitionId} and (blind or ladder_step is not null)`.execute(this.db);
    const hiddenIn = new Map(hidden.rows.map((row) => [row.phase, row.hidden]));
    return rows.map((row) => {
      // A run on hidden data (decision 0032): the verdict and a fixed sentence, never the run's output.
      const view = scoring.participantRunView(
        { hiddenData: row.hidden_data === true, log: row.log, refusal: row.refusal },
        language,
      );
      return {
        submissionId: row.submission_id,
        queue: queue.get(row.submission_id) ?? runQueue.get(row.submission_id) ?? null,
        kind: row.image === null ? ('file' as const) : ('container' as const),
        phase: row.phase,
        fileName: row.file_name,
        status: row.status,
        score: hiddenIn.has(row.phase) ? null : row.public_score,
        scoreHidden: row.status === 'Completed' ? (hiddenIn.get(row.phase) ?? null) : null,
        privateScore: published.has(row.phase) ? row.private_score : null,
        // Secondary metrics (decision 0046), hidden as the primary is.
        ...(row.scores && row.scores.length > 0
          ? {
              scores: row.scores.map((entry) => ({
                metric: entry.metric,
                score: hiddenIn.has(row.phase) ? null : entry.public,
                privateScore: published.has(row.phase) ? entry.private : null,
              })),
            }
          : {}),
        /** A container run's output, or an older row's English log (as is); null when withheld (`logWithheld`). */
        log: view.log,
        /** Why the scorer refused the file: a key of @sais/events fileRefusalTexts with its parameters. */
        refusal: view.refusal,
        /** `log` and `refusal` in the request's language (for clients without the catalogue: the CLI). */
        logText: view.logText,
        /** The run had hidden datasets mounted: its log (and result file) are the organisers' only (decision 0032). */
        logWithheld: view.logWithheld,
        /** A smoke run (decision 0049): never scored, never ranked; its log is never withheld (no hidden data). */
        smoke: row.smoke,
        submittedAt: new Date(row.created_at).toISOString(),
        description: row.description,
        ...(row.image === null
          ? {}
          : {
              image: row.image,
              configPath: row.config_path,
              runState: row.status === 'Evaluating' ? row.run_state : null,
            }),
      };
    });
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
    const row = await this.t()
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
    // A run's file written with hidden datasets mounted is the organisers' only (decision 0032).
    const run = await this.t()
      .selectFrom('container_runs')
      .select('hidden_data')
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (run?.hidden_data) throw scoringErrors.runResultWithheld();
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
