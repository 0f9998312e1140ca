// Over 300 lines: one projection over eleven tables: the set-based recompute of both boards, the batched apply and the in-order apply of disqualifications, selections and publications.
import { identity, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { sql } from 'kysely';
import type { RowScores, ScoringDb, ScoringTables, SubmissionScores } from '../db/tables.ts';
import { storedScores } from './stored-scores.ts';
import { DEFAULT_FINAL_COUNT, bestFirst, bestFirstSql, finalSubmissions } from './ranking.ts';
import { chosenOrders, ladderRows, recordBoardOptions } from './board-options.ts';
import { recordBaseline } from './baselines.ts';
import { recordWriteUp } from './writeup-events.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

type BoardRow = ScoringTables['leaderboard'];
interface Candidate {
  submission_id: string;
  metric: string;
  public_score: number;
  private_score: number | null;
  submitted_at: Date;
  /** Secondary scores (decision 0046); null or absent: none. */
  scores?: SubmissionScores | null;
}

/** A submission's secondary scores on one board (decision 0046); null: none. */
const rowScores = (c: Candidate, board: 'public' | 'private'): RowScores | null =>
  c.scores ? c.scores.map((s) => ({ metric: s.metric, score: s[board] })) : null;

/**
 * Best first by the score `score` picks (the stated order, decision 0029; the submission id last), an
 * organiser-chosen order's steps first (issue 37).
 */
const ranking = (
  score: (c: Candidate) => number | null,
  board: 'public' | 'private' = 'public',
  chosen?: readonly string[] | null,
) =>
  bestFirst<Candidate>(
    {
      metric: (c) => c.metric,
      score,
      submittedAt: (c) => c.submitted_at,
      key: (c) => c.submission_id,
      secondary: (c) => rowScores(c, board),
    },
    chosen,
  );

/**
 * The submissions whose private scores make a team's private row: its final selection (those still
 * scored and not disqualified), else (no selection, or none of it still counts) its 2 best public.
 */
export function finalCandidates(
  candidates: readonly Candidate[],
  selection: readonly string[] | undefined,
  chosen?: readonly string[] | null,
) {
  const byPublic = [...candidates].sort(ranking((c) => c.public_score, 'public', chosen));
  return finalSubmissions(byPublic, selection, (c) => c.submission_id).submissions;
}

async function bump(trx: Db, competitionId: string, at: Date): Promise<void> {
  await sql`insert into scoring.board_versions (competition_id, version, changed_at) values (${competitionId}, 1, ${at})
    on conflict (competition_id) do update set version = scoring.board_versions.version + 1, changed_at = excluded.changed_at`.execute(
    trx,
  );
}

type TeamKey = { competition_id: string; phase: string; team_id: string };
const keyOf = (k: TeamKey) => `${k.competition_id}\u0000${k.phase}\u0000${k.team_id}`;

/** Writes the rows of one board that changed: upserts in one statement, removals in another. */
async function writeBoard(
  trx: Db,
  table: 'leaderboard' | 'private_leaderboard',
  upserts: readonly BoardRow[],
  removals: readonly TeamKey[],
): Promise<void> {
  const target = sql.table(`scoring.${table}`);
  if (upserts.length > 0)
    await sql`insert into ${target} (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at, scores)
      select * from unnest(${upserts.map((r) => r.competition_id)}::uuid[], ${upserts.map((r) => r.phase)}::text[],
        ${upserts.map((r) => r.team_id)}::text[], ${upserts.map((r) => r.metric)}::text[],
        ${upserts.map((r) => r.best_score)}::float8[], ${upserts.map((r) => r.submission_id)}::uuid[],
        ${upserts.map((r) => new Date(r.submitted_at).toISOString())}::timestamptz[],
        ${upserts.map((r) => (r.scores ? JSON.stringify(r.scores) : null))}::jsonb[])
      on conflict (competition_id, phase, team_id) do update set metric = excluded.metric,
        best_score = excluded.best_score, submission_id = excluded.submission_id, submitted_at = excluded.submitted_at,
        scores = excluded.scores`.execute(trx);
  if (removals.length > 0)
    await sql`delete from ${target} b
      using unnest(${removals.map((k) => k.competition_id)}::uuid[], ${removals.map((k) => k.phase)}::text[],
        ${removals.map((k) => k.team_id)}::text[]) as k(competition_id, phase, team_id)
      where b.competition_id = k.competition_id and b.phase = k.phase and b.team_id = k.team_id`.execute(trx);
}

/**
 * Recomputes teams' public and private rows of a phase from what the read model knows: their scored, not
 * disqualified submissions, their disqualification and their final selection. The result depends only
 * on those facts, never on the order events arrived in, so a replay (or Kafka delivering the team and
 * the submission topics in another interleaving) gives the same boards. Set-based: a few statements for
 * any number of teams. Only what a row can come from is read: each team's 2 best public scores and its
 * selected submissions.
 */
async function recompute(trx: Db, teams: readonly TeamKey[], at: Date, { scored = false } = {}) {
  if (teams.length === 0) return;
  const keys = sql`unnest(${teams.map((k) => k.competition_id)}::uuid[], ${teams.map((k) => k.phase)}::text[],
    ${teams.map((k) => k.team_id)}::text[]) as k(competition_id, phase, team_id)`;
  const candidates = await sql<Candidate & TeamKey>`
    with ranked as (
      select b.competition_id, b.phase, b.team_id, b.submission_id, b.metric, b.public_score, b.private_score,
        b.submitted_at, b.scores, row_number() over (partition by b.competition_id, b.phase, b.team_id
          order by ${bestFirstSql('b.metric', 'b.public_score', 'b.submitted_at', 'b.submission_id', { column: 'b.scores', field: 'public' }, { column: 'o.order_steps' })}) as place
      from scoring.board_submissions b
      join ${keys} on b.competition_id = k.competition_id and b.phase = k.phase and b.team_id = k.team_id
      left join scoring.board_options o on o.competition_id = b.competition_id and o.phase = b.phase
      where b.public_score is not null and b.metric is not null and b.disqualified_reason is null
        and not exists (select 1 from scoring.board_teams d where d.competition_id = b.competition_id
          and d.team_id = b.team_id and d.disqualified_reason is not null))
    select r.competition_id, r.phase, r.team_id, r.submission_id, r.metric, r.public_score, r.private_score,
      r.submitted_at, r.scores
    from ranked r left join scoring.board_final_selections f
      on f.competition_id = r.competition_id and f.phase = r.phase and f.team_id = r.team_id
    where r.place <= ${sql.lit(DEFAULT_FINAL_COUNT)} or r.submission_id = any(f.submission_ids)`.execute(trx);
  const selections = await sql<TeamKey & { submission_ids: string[] }>`
    select f.competition_id, f.phase, f.team_id, f.submission_ids from scoring.board_final_selections f
    join ${keys} on f.competition_id = k.competition_id and f.phase = k.phase and f.team_id = k.team_id`.execute(
    trx,
  );
  const current = await sql<
    TeamKey & {
      board: 'public' | 'private';
      submission_id: string;
      best_score: number;
      scores: RowScores | null;
    }
  >`
    select 'public' as board, l.competition_id, l.phase, l.team_id, l.submission_id, l.best_score, l.scores
    from scoring.leaderboard l
    join ${keys} on l.competition_id = k.competition_id and l.phase = k.phase and l.team_id = k.team_id
    union all
    select 'private', l.competition_id, l.phase, l.team_id, l.submission_id, l.best_score, l.scores
    from scoring.private_leaderboard l
    join ${keys} on l.competition_id = k.competition_id and l.phase = k.phase and l.team_id = k.team_id`.execute(
    trx,
  );
  const candidatesOf = new Map<string, Candidate[]>();
  for (const row of candidates.rows) {
    const list = candidatesOf.get(keyOf(row)) ?? [];
    list.push(row);
    candidatesOf.set(keyOf(row), list);
  }
  const selectionOf = new Map(selections.rows.map((row) => [keyOf(row), row.submission_ids]));
  const currentOf = new Map(current.rows.map((row) => [`${row.board}\u0000${keyOf(row)}`, row]));
  const writes = {
    public: { upserts: [] as BoardRow[], removals: [] as TeamKey[] },
    private: { upserts: [] as BoardRow[], removals: [] as TeamKey[] },
  };
  // A new score changes its team's entries (decision 0029) even when its row stays (the Ladder, a worse file).
  const changed = new Set<string>(scored ? teams.map((k) => k.competition_id) : []);
  // Phases with the Ladder on show its score instead of the best (decision 0045).
  const laddered = await ladderRows(trx, teams);
  // An organiser-chosen order (issue 37) picks each team's rows as it ranks the board.
  const orders = await chosenOrders(trx, teams);
  for (const team of new Map(teams.map((k) => [keyOf(k), k])).values()) {
    const key = { competition_id: team.competition_id, phase: team.phase, team_id: team.team_id };
    const list = candidatesOf.get(keyOf(key)) ?? [];
    const rowOf = (
      c: Candidate | undefined,
      score: number | null | undefined,
      board: 'public' | 'private',
    ): BoardRow | null =>
      c && score !== null && score !== undefined
        ? {
            ...key,
            metric: c.metric,
            best_score: score,
            submission_id: c.submission_id,
            submitted_at: c.submitted_at,
            scores: rowScores(c, board),
          }
        : null;
    const chosen = orders.get(`${key.competition_id}\u0000${key.phase}`);
    const bestPublic = [...list].sort(ranking((c) => c.public_score, 'public', chosen))[0];
    const bestPrivate = finalCandidates(list, selectionOf.get(keyOf(key)), chosen)
      .filter((c) => c.private_score !== null)
      .sort(ranking((c) => c.private_score, 'private', chosen))[0];
    const onLadder = laddered.get(keyOf(key));
    for (const [board, row] of [
      [
        'public',
        onLadder
          ? {
              ...key,
              metric: onLadder.metric,
              best_score: onLadder.shown,
              submission_id: onLadder.submission_id,
              submitted_at: onLadder.submitted_at,
              // The Ladder shows no exact secondary score (they would let a team probe the public split).
              scores: null,
            }
          : rowOf(bestPublic, bestPublic?.public_score, 'public'),
      ],
      ['private', rowOf(bestPrivate, bestPrivate?.private_score, 'private')],
    ] as const) {
      const before = currentOf.get(`${board}\u0000${keyOf(key)}`);
      if (
        before?.submission_id === row?.submission_id &&
        before?.best_score === row?.best_score &&
        JSON.stringify(before?.scores ?? null) === JSON.stringify(row?.scores ?? null)
      )
        continue;
      if (row) writes[board].upserts.push(row);
      else writes[board].removals.push(key);
      changed.add(key.competition_id);
    }
  }
  await writeBoard(trx, 'leaderboard', writes.public.upserts, writes.public.removals);
  await writeBoard(trx, 'private_leaderboard', writes.private.upserts, writes.private.removals);
  for (const competitionId of changed) await bump(trx, competitionId, at);
}

async function recomputeSubmission(trx: Db, submissionId: string, at: Date, options = { scored: false }) {
  const row = await t(trx)
    .selectFrom('board_submissions')
    .select(['competition_id', 'phase', 'team_id'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  if (row) await recompute(trx, [row], at, options);
}

/**
 * The public and private leaderboards: per competition phase and team, the best public score (ties
 * to the earlier submission), and the best private score among the team's final selection (default:
 * its 2 best public). Disqualified submissions and teams drop out. Rebuildable by replay.
 */
type Scores = {
  metric: string;
  publicScore: number | null;
  privateScore: number | null;
  scores?: scoring.SecondaryScores;
};

/** An event's secondary scores as the read model keeps them (null: none, or an Invalid rescore). */
const storedScoresOf = (data: Scores): SubmissionScores | null =>
  data.scores && data.publicScore !== null ? storedScores(data.scores) : null;

/**
 * A batch's receipts and scores, set-based: every receipt in one insert, every score in one update,
 * then each touched team's rows recomputed once (a team scored 30 times in a batch is ranked once).
 * Recomputing reads only the tables' current facts, so the boards equal those of one event at a time.
 */
class BoardBatch {
  #received: {
    submission_id: string;
    competition_id: string;
    phase: string;
    team_id: string;
    submitted_at: Date;
  }[] = [];
  #scores = new Map<string, Scores>();
  #at = new Date(0);

  receive(data: { submissionId: string; competitionId: string; phase: string; teamId: string }, at: Date) {
    this.#received.push({
      submission_id: data.submissionId,
      competition_id: data.competitionId,
      phase: data.phase,
      team_id: data.teamId,
      submitted_at: at,
    });
  }

  score(submissionId: string, scores: Scores, at: Date) {
    this.#scores.set(submissionId, scores); // a later rescore in the same batch wins, as in order
    this.#at = at;
  }

  async flush(trx: Db) {
    if (this.#received.length > 0)
      await t(trx)
        .insertInto('board_submissions')
        .values(this.#received)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (this.#scores.size > 0) {
      const ids = [...this.#scores.keys()];
      const scores = [...this.#scores.values()];
      // The scored rows name their teams (one statement, not an update and a read).
      const scored = await sql<TeamKey>`update scoring.board_submissions b
        set metric = v.metric, public_score = v.public_score, private_score = v.private_score, scores = v.scores
        from unnest(${ids}::uuid[], ${scores.map((x) => x.metric)}::text[],
          ${scores.map((x) => x.publicScore)}::float8[], ${scores.map((x) => x.privateScore)}::float8[],
          ${scores.map((x) => {
            const stored = storedScoresOf(x);
            return stored ? JSON.stringify(stored) : null;
          })}::jsonb[])
          as v(submission_id, metric, public_score, private_score, scores)
        where b.submission_id = v.submission_id
        returning b.competition_id, b.phase, b.team_id`.execute(trx);
      const teams = new Map(scored.rows.map((row) => [keyOf(row), row]));
      await recompute(trx, [...teams.values()], this.#at, { scored: true });
    }
    this.#received = [];
    this.#scores.clear();
  }
}

/** The events `apply` handles one at a time, in order (besides receipts and scores, which are batched). */
const inOrder = new Set<string>([
  scoring.SubmissionDisqualified.type,
  scoring.TeamDisqualified.type,
  scoring.FinalSubmissionsSelected.type,
  scoring.PrivateLeaderboardPublished.type,
  scoring.BoardOptionsSet.type,
  scoring.BaselineAdded.type,
  scoring.BaselineRemoved.type,
  scoring.WriteUpsOpened.type,
  scoring.WriteUpSubmitted.type,
  scoring.WriteUpHidden.type,
  identity.AccountDeleted.type,
]);

export const leaderboardProjection = defineProjection({
  name: 'scoring.leaderboard',
  schema: 'scoring',
  tables: [
    'leaderboard',
    'private_leaderboard',
    'board_submissions',
    'board_teams',
    'board_final_selections',
    'board_publications',
    'board_versions',
    'board_options',
    'board_baselines',
    'writeup_phases',
    'writeups',
  ],
  // A change counter for page caches and live updates: it counts batches, which replays group differently.
  volatile: ['board_versions'],
  streamTypes: [
    scoring.SubmissionReceived.aggregate,
    scoring.FinalSubmissionsSelected.aggregate,
    scoring.PrivateLeaderboardPublished.aggregate,
    scoring.BoardOptionsSet.aggregate,
    // Baselines (decision 0050): rows beside the ranked ones, placed by score on the pages.
    scoring.BaselineAdded.aggregate,
    // Write-ups (decision 0047): listed on the competition's page.
    scoring.WriteUpSubmitted.aggregate,
    // A person's data deleted: cached pages that name them must be read again (decision 0017).
    identity.AccountDeleted.aggregate,
  ],
  async applyBatch(trx, events) {
    const batch = new BoardBatch();
    for (const event of events) {
      const at = new Date(event.occurredAt);
      // A smoke run (decision 0049) is never on a board: not even its receipt.
      if (isEvent(scoring.SubmissionReceived, event)) {
        if (!event.data.smoke) batch.receive(event.data, at);
      } else if (isEvent([scoring.SubmissionScored, scoring.SubmissionRescored], event))
        batch.score(event.data.submissionId, event.data, at);
      else if (inOrder.has(event.type)) {
        // Disqualifications, selections, publication: in order, after what came before.
        await batch.flush(trx);
        await leaderboardProjection.apply(trx, event);
      }
      // Anything else on these streams (evaluation started or failed, invalid, refunds) leaves the
      // boards as they are, and must not cut the batch: each cut recomputes the touched teams once more.
    }
    await batch.flush(trx);
  },
  async apply(trx, event) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case scoring.SubmissionReceived.type: {
        const data = dataOf(scoring.SubmissionReceived, event);
        if (data.smoke) return;
        await t(trx)
          .insertInto('board_submissions')
          .values({
            submission_id: data.submissionId,
            competition_id: data.competitionId,
            phase: data.phase,
            team_id: data.teamId,
            submitted_at: at,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case scoring.SubmissionScored.type:
      case scoring.SubmissionRescored.type: {
        const data = dataOf([scoring.SubmissionScored, scoring.SubmissionRescored], event);
        await t(trx)
          .updateTable('board_submissions')
          .set({
            metric: data.metric,
            public_score: data.publicScore,
            private_score: data.privateScore,
            scores: (() => {
              const stored = storedScoresOf(data);
              return stored ? sql<SubmissionScores>`${JSON.stringify(stored)}::jsonb` : null;
            })(),
          })
          .where('submission_id', '=', data.submissionId)
          .execute();
        await recomputeSubmission(trx, data.submissionId, at, { scored: true });
        return;
      }
      case scoring.SubmissionDisqualified.type: {
        const data = dataOf(scoring.SubmissionDisqualified, event);
        await t(trx)
          .updateTable('board_submissions')
          .set({ disqualified_reason: data.reason })
          .where('submission_id', '=', data.submissionId)
          .execute();
        await recomputeSubmission(trx, data.submissionId, at);
        return;
      }
      case scoring.TeamDisqualified.type: {
        const data = dataOf(scoring.TeamDisqualified, event);
        await t(trx)
          .insertInto('board_teams')
          .values({
            competition_id: data.competitionId,
            team_id: data.teamId,
            disqualified_reason: data.reason,
          })
          .onConflict((oc) =>
            oc.columns(['competition_id', 'team_id']).doUpdateSet({ disqualified_reason: data.reason }),
          )
          .execute();
        const phases = await t(trx)
          .selectFrom('board_submissions')
          .select('phase')
          .distinct()
          .where('competition_id', '=', data.competitionId)
          .where('team_id', '=', data.teamId)
          .execute();
        await recompute(
          trx,
          phases.map(({ phase }) => ({ competition_id: data.competitionId, phase, team_id: data.teamId })),
          at,
        );
        return;
      }
      case scoring.FinalSubmissionsSelected.type: {
        const data = dataOf(scoring.FinalSubmissionsSelected, event);
        const key = { competition_id: data.competitionId, phase: data.phase, team_id: data.teamId };
        await t(trx)
          .deleteFrom('board_final_selections')
          .where('competition_id', '=', key.competition_id)
          .where('phase', '=', key.phase)
          .where('team_id', '=', key.team_id)
          .execute();
        if (data.submissionIds.length > 0)
          await t(trx)
            .insertInto('board_final_selections')
            .values({ ...key, submission_ids: data.submissionIds })
            .execute();
        await recompute(trx, [key], at);
        return;
      }
      case scoring.BoardOptionsSet.type: {
        // The Ladder on, off or another step, or another chosen order (issue 37): every team's rows of the
        // phase again (the order picks a team's best); blind: the pages.
        const teams = await recordBoardOptions(trx, dataOf(scoring.BoardOptionsSet, event));
        await recompute(trx, teams, at);
        await bump(trx, dataOf(scoring.BoardOptionsSet, event).competitionId, at);
        return;
      }
      case scoring.BaselineAdded.type:
      case scoring.BaselineRemoved.type: {
        // No team's row changes: the pages (and their cache) show the baselines beside them.
        const competitionId = await recordBaseline(trx, event);
        if (competitionId) await bump(trx, competitionId, at);
        return;
      }
      case scoring.WriteUpsOpened.type:
      case scoring.WriteUpSubmitted.type:
      case scoring.WriteUpHidden.type:
        await recordWriteUp(trx, event);
        return;
      case identity.AccountDeleted.type: {
        // Deletions are rare; every board is read again rather than finding the ones naming the person.
        await sql`update scoring.board_versions set version = version + 1, changed_at = ${at}`.execute(trx);
        return;
      }
      case scoring.PrivateLeaderboardPublished.type: {
        const data = dataOf(scoring.PrivateLeaderboardPublished, event);
        await t(trx)
          .insertInto('board_publications')
          .values({ competition_id: data.competitionId, phase: data.phase, published_at: at })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await bump(trx, data.competitionId, at);
        return;
      }
    }
  },
  async reset(trx) {
    for (const table of [
      'leaderboard',
      'private_leaderboard',
      'board_submissions',
      'board_teams',
      'board_final_selections',
      'board_publications',
      'board_versions',
      'board_options',
      'board_baselines',
      'writeup_phases',
      'writeups',
    ] as const)
      await t(trx).deleteFrom(table).execute();
  },
});
