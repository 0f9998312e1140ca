import { type EventMetadata, type Language, defaultLanguage, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { type RawBuilder, sql } from 'kysely';
import type { ScoringDb, ScoringTables } from './db/tables.ts';
import { InvalidFile } from './evaluation/csv.ts';
import { scoreSubmission } from './evaluation/score.ts';
import { GroundTruthCache } from './evaluation/truth-cache.ts';
import { SubmissionCommands, assertRescorable, foldSubmission, stream } from './submissions/index.ts';
import { scoringErrors } from './errors.ts';

type Status = ScoringTables['submissions']['status'];

export interface SubmissionListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
  filter: {
    competitionId?: string;
    status?: Status;
    teamId?: string;
    phase?: string;
    submitterId?: string;
    ids?: string[];
    disqualified?: boolean;
  };
}

/** Sort keys the console may ask for, and their columns. */
export const submissionSortFields = {
  createdAt: 's.created_at',
  submittedAt: 's.created_at',
  updatedAt: 's.updated_at',
  publicScore: 's.public_score',
  privateScore: 's.private_score',
  status: 's.status',
  teamId: 's.team_id',
  phase: 's.phase',
  size: 's.size',
} as const;

/** What the list may be sorted by (route validation; `id` sorts the default way). */
export const submissionSortFieldNames = Object.keys(submissionSortFields) as [
  keyof typeof submissionSortFields,
  ...(keyof typeof submissionSortFields)[],
];

/** The operators' calls: every submission, rescoring after a ground-truth fix. */
export class Operations {
  readonly #truths: GroundTruthCache;
  readonly #commands: SubmissionCommands;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {
    this.#truths = new GroundTruthCache(db);
    this.#commands = new SubmissionCommands(db, store);
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  /** `language`: the request's, for `logText` (the log with the refusal rendered). */
  async list(query: SubmissionListQuery, language: Language = defaultLanguage) {
    const f = query.filter;
    const where = sql.join(
      [
        sql`true`,
        ...(f.competitionId ? [sql`s.competition_id = ${f.competitionId}`] : []),
        ...(f.status ? [sql`s.status = ${f.status}`] : []),
        ...(f.teamId ? [sql`s.team_id = ${f.teamId}`] : []),
        ...(f.phase ? [sql`s.phase = ${f.phase}`] : []),
        ...(f.submitterId ? [sql`s.submitter_id = ${f.submitterId}`] : []),
        ...(f.ids ? [sql`s.submission_id = any(${f.ids}::uuid[])`] : []),
        ...(f.disqualified === undefined
          ? []
          : [
              f.disqualified
                ? sql`(s.disqualified_reason is not null or d.reason is not null)`
                : sql`(s.disqualified_reason is null and d.reason is null)`,
            ]),
      ],
      sql` and `,
    );
    const column = Object.hasOwn(submissionSortFields, query.sort.field)
      ? submissionSortFields[query.sort.field as keyof typeof submissionSortFields]
      : 's.created_at';
    const order = query.sort.order === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
    const rows = await sql<{
      submission_id: string;
      competition_id: string;
      phase: string;
      team_id: string;
      team_name: string | null;
      submitter_id: string;
      submitter: string | null;
      file_name: string;
      size: number;
      status: Status;
      public_score: number | null;
      private_score: number | null;
      log: string | null;
      refusal: scoring.FileRefusal | null;
      disqualified_reason: string | null;
      team_disqualified_reason: string | null;
      metric: string | null;
      created_at: Date;
      updated_at: Date;
      smoke: boolean;
      hidden_data: boolean | null;
      total: number;
    }>`
      select s.*, p.username as submitter, m.team_name, d.reason as team_disqualified_reason, g.metric,
        c.hidden_data, count(*) over () as total
      from scoring.submissions s
      left join scoring.people p on p.account_id = s.submitter_id
      left join scoring.memberships m on m.competition_id = s.competition_id and m.account_id = s.submitter_id
        and m.team_id = s.team_id
      left join scoring.team_disqualifications d on d.competition_id = s.competition_id and d.team_id = s.team_id
      left join scoring.ground_truths g on g.competition_id = s.competition_id
      left join scoring.container_runs c on c.submission_id = s.submission_id
      where ${where}
      order by ${sql.raw(column)} ${order}, s.submission_id
      limit ${query.to - query.from + 1} offset ${query.from}`.execute(this.db);
    return {
      total: Number(rows.rows[0]?.total ?? (query.from > 0 ? await this.#count(where) : 0)),
      records: rows.rows.map((row) => ({
        id: row.submission_id,
        competitionId: row.competition_id,
        phase: row.phase,
        teamId: row.team_id,
        teamName: row.team_name,
        submitterId: row.submitter_id,
        submitter: row.submitter,
        fileName: row.file_name,
        size: row.size,
        status: row.status,
        publicScore: row.public_score,
        privateScore: row.private_score,
        /** The competition's current metric: the console shows scores at its declared precision. */
        metric: row.metric,
        /** A container run's output, or an older row's English log (as is). */
        log: row.log,
        /** Why the scorer refused the file: a key of @sais/events fileRefusalTexts with its parameters. */
        refusal: row.refusal,
        /** `log` and `refusal` in the request's language (for clients without the catalogue). */
        logText: scoring.submissionRowLogText(row.log, row.refusal, language),
        disqualifiedReason: row.disqualified_reason,
        teamDisqualifiedReason: row.team_disqualified_reason,
        /** A smoke run (decision 0049): on the smoke split only, never scored or ranked. */
        smoke: row.smoke === true,
        /** Its container run had the competition's hidden datasets mounted (decision 0032). */
        hiddenData: row.hidden_data === true,
        submittedAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      })),
    };
  }

  async #count(where: RawBuilder<unknown>) {
    const row = await sql<{ n: number }>`select count(*)::int as n from scoring.submissions s
      left join scoring.team_disqualifications d on d.competition_id = s.competition_id and d.team_id = s.team_id
      where ${where}`.execute(this.db);
    return row.rows[0]!.n;
  }

  async one(submissionId: string) {
    const { records } = await this.list({
      sort: { field: 'createdAt', order: 'DESC' },
      from: 0,
      to: 0,
      filter: { ids: [submissionId] },
    });
    if (!records[0]) throw scoringErrors.submissionNotFound();
    return records[0];
  }

  /**
   * Scores one Completed or Invalid submission again with the competition's current ground truth and
   * records the outcome (SubmissionRescored); the leaderboard projection recomputes the team's rows.
   */
  /** `language`: the request's, for the answer's `logText`. */
  async rescore(submissionId: string, metadata: EventMetadata, language: Language = defaultLanguage) {
    const row = await this.#t()
      .selectFrom('submissions')
      .select(['competition_id', 'public_score'])
      .where('submission_id', '=', submissionId)
      .executeTakeFirst();
    if (!row) throw scoringErrors.submissionNotFound();
    const history = await this.store.readStream(stream(submissionId));
    const state = foldSubmission(history);
    // Refused before anything is read or scored.
    assertRescorable(state);
    const truth = await this.#truths.get(row.competition_id);
    const file = await sql<{
      content: Buffer;
    }>`select content from scoring.submission_files where submission_id = ${submissionId}`.execute(this.db);
    let outcome: {
      publicScore: number | null;
      privateScore: number | null;
      log: scoring.SubmissionLog | null;
      scores?: scoring.SecondaryScores;
    };
    try {
      const scores = scoreSubmission(file.rows[0]!.content, truth.truth, undefined, truth.secondary);
      outcome = {
        publicScore: scores.publicScore,
        privateScore: scores.privateScore,
        log: null,
        ...(scores.scores ? { scores: scores.scores } : {}),
      };
    } catch (error) {
      if (!(error instanceof InvalidFile)) throw error;
      outcome = { publicScore: null, privateScore: null, log: error.refusal ?? error.message };
    }
    // A concurrent disqualification or rescore appended first: decided again on the new state.
    const { decision } = await this.#commands.handle(
      submissionId,
      {
        type: 'Rescore',
        metric: truth.truth.metric,
        groundTruthSha256: truth.sha256,
        previousPublicScore: row.public_score,
        outcome,
      },
      metadata,
    );
    // The row's log is the refusal now (a container run's old output is not kept on a rescore).
    const log = decision.columns?.log ?? null;
    const refusal = decision.columns?.refusal ?? null;
    const status = decision.status === 'Completed' ? ('Completed' as const) : ('Invalid' as const);
    return {
      submissionId,
      status,
      publicScore: outcome.publicScore,
      previousPublicScore: row.public_score,
      log,
      refusal,
      logText: scoring.submissionRowLogText(log, refusal, language),
    };
  }

  /**
   * Rescores every Completed or Invalid submission of a competition (optionally one phase), in this
   * request: about 0.3 s per million rows, so fine for result files; a competition with many large
   * files would move this to the scoring workers (one RescoreRequested per submission).
   */
  async rescoreAll(competitionId: string, phase: string | undefined, metadata: EventMetadata) {
    let query = this.#t()
      .selectFrom('submissions')
      .select('submission_id')
      .where('competition_id', '=', competitionId)
      .where('status', 'in', ['Completed', 'Invalid'])
      // Smoke runs are never scored (decision 0049).
      .where('smoke', '=', false);
    if (phase) query = query.where('phase', '=', phase);
    const ids = (await query.orderBy('created_at').execute()).map((r) => r.submission_id);
    let changed = 0;
    let invalid = 0;
    for (const id of ids) {
      const result = await this.rescore(id, metadata);
      if (result.publicScore !== result.previousPublicScore) changed += 1;
      if (result.status === 'Invalid') invalid += 1;
    }
    return { competitionId, phase: phase ?? null, rescored: ids.length, changed, invalid };
  }
}
