import { scoring } from '@sais/events';
import { type Db, defineProjection } from '@sais/kit';
import { sql } from 'kysely';
import type { ScoringDb, ScoringTables } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

type BoardRow = ScoringTables['leaderboard'];
interface Candidate {
  submission_id: string;
  metric: string;
  public_score: number;
  private_score: number | null;
  submitted_at: Date;
}

/** Best first: lower is better for error metrics, higher for accuracy; equal scores go to the earlier submission. */
function ranking(score: (c: Candidate) => number | null) {
  return (a: Candidate, b: Candidate) => {
    const sign = a.metric === 'accuracy' ? -1 : 1;
    const difference = sign * (score(a)! - score(b)!);
    return difference !== 0
      ? difference
      : new Date(a.submitted_at).getTime() - new Date(b.submitted_at).getTime();
  };
}

/**
 * The submissions whose private scores make a team's private row: its final selection (those still
 * scored and not disqualified), else (no selection, or none of it still counts) its 2 best public.
 */
export function finalCandidates(candidates: readonly Candidate[], selection: readonly string[] | undefined) {
  const byPublic = [...candidates].sort(ranking((c) => c.public_score));
  const chosen = selection ? byPublic.filter((c) => selection.includes(c.submission_id)) : [];
  return chosen.length > 0 ? chosen : byPublic.slice(0, 2);
}

async function bump(trx: Db, competitionId: string, at: Date): Promise<void> {
  await sql`insert into scoring.board_versions (competition_id, version, changed_at) values (${competitionId}, 1, ${at})
    on conflict (competition_id) do update set version = scoring.board_versions.version + 1, changed_at = excluded.changed_at`.execute(
    trx,
  );
}

/** Replaces (or removes) one team's row of a board; true when the row changed. */
async function replaceRow(
  trx: Db,
  table: 'leaderboard' | 'private_leaderboard',
  key: { competition_id: string; phase: string; team_id: string },
  row: BoardRow | null,
): Promise<boolean> {
  const deleted = await t(trx)
    .deleteFrom(table)
    .where('competition_id', '=', key.competition_id)
    .where('phase', '=', key.phase)
    .where('team_id', '=', key.team_id)
    .returning(['submission_id', 'best_score'])
    .executeTakeFirst();
  if (row) await t(trx).insertInto(table).values(row).execute();
  return deleted?.submission_id !== row?.submission_id || deleted?.best_score !== row?.best_score;
}

/**
 * Recomputes one team's public and private rows of a phase from what the read model knows: its scored,
 * not disqualified submissions, its disqualification and its final selection. The result depends only
 * on those facts, never on the order events arrived in, so a replay (or Kafka delivering the team and
 * the submission topics in another interleaving) gives the same boards.
 */
async function recompute(trx: Db, competitionId: string, phase: string, teamId: string, at: Date) {
  const team = await t(trx)
    .selectFrom('board_teams')
    .select('disqualified_reason')
    .where('competition_id', '=', competitionId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  const candidates = team?.disqualified_reason
    ? []
    : ((await t(trx)
        .selectFrom('board_submissions')
        .select(['submission_id', 'metric', 'public_score', 'private_score', 'submitted_at'])
        .where('competition_id', '=', competitionId)
        .where('phase', '=', phase)
        .where('team_id', '=', teamId)
        .where('public_score', 'is not', null)
        .where('metric', 'is not', null)
        .where('disqualified_reason', 'is', null)
        .execute()) as Candidate[]);
  const selection = await t(trx)
    .selectFrom('board_final_selections')
    .select('submission_ids')
    .where('competition_id', '=', competitionId)
    .where('phase', '=', phase)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  const key = { competition_id: competitionId, phase, team_id: teamId };
  const rowOf = (c: Candidate | undefined, score: number | null | undefined): BoardRow | null =>
    c && score !== null && score !== undefined
      ? {
          ...key,
          metric: c.metric,
          best_score: score,
          submission_id: c.submission_id,
          submitted_at: c.submitted_at,
        }
      : null;
  const bestPublic = [...candidates].sort(ranking((c) => c.public_score))[0];
  const bestPrivate = finalCandidates(candidates, selection?.submission_ids)
    .filter((c) => c.private_score !== null)
    .sort(ranking((c) => c.private_score))[0];
  const publicChanged = await replaceRow(
    trx,
    'leaderboard',
    key,
    rowOf(bestPublic, bestPublic?.public_score),
  );
  const privateChanged = await replaceRow(
    trx,
    'private_leaderboard',
    key,
    rowOf(bestPrivate, bestPrivate?.private_score),
  );
  if (publicChanged || privateChanged) await bump(trx, competitionId, at);
}

async function recomputeSubmission(trx: Db, submissionId: string, at: Date) {
  const row = await t(trx)
    .selectFrom('board_submissions')
    .select(['competition_id', 'phase', 'team_id'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  if (row) await recompute(trx, row.competition_id, row.phase, row.team_id, at);
}

/**
 * The public and private leaderboards: per competition phase and team, the best public score (ties
 * to the earlier submission), and the best private score among the team's final selection (default:
 * its 2 best public). Disqualified submissions and teams drop out. Rebuildable by replay.
 */
type Scores = { metric: string; publicScore: number | null; privateScore: number | null };

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
      await sql`update scoring.board_submissions b
        set metric = v.metric, public_score = v.public_score, private_score = v.private_score
        from unnest(${ids}::uuid[], ${scores.map((x) => x.metric)}::text[],
          ${scores.map((x) => x.publicScore)}::float8[], ${scores.map((x) => x.privateScore)}::float8[])
          as v(submission_id, metric, public_score, private_score)
        where b.submission_id = v.submission_id`.execute(trx);
      const teams = await sql<{ competition_id: string; phase: string; team_id: string }>`
        select distinct competition_id, phase, team_id from scoring.board_submissions
        where submission_id = any(${ids}::uuid[])`.execute(trx);
      for (const team of teams.rows)
        await recompute(trx, team.competition_id, team.phase, team.team_id, this.#at);
    }
    this.#received = [];
    this.#scores.clear();
  }
}

export const leaderboardProjection = defineProjection({
  name: 'scoring.leaderboard',
  schema: 'scoring',
  streamTypes: [
    scoring.SubmissionReceived.aggregate,
    scoring.FinalSubmissionsSelected.aggregate,
    scoring.PrivateLeaderboardPublished.aggregate,
  ],
  async applyBatch(trx, events) {
    const batch = new BoardBatch();
    for (const event of events) {
      const at = new Date(event.occurredAt);
      if (event.type === scoring.SubmissionReceived.type)
        batch.receive(event.data as Parameters<BoardBatch['receive']>[0], at);
      else if (event.type === scoring.SubmissionScored.type || event.type === scoring.SubmissionRescored.type)
        batch.score((event.data as { submissionId: string }).submissionId, event.data as Scores, at);
      else {
        // Anything else (disqualifications, selections, publication) in order, after what came before.
        await batch.flush(trx);
        await leaderboardProjection.apply(trx, event);
      }
    }
    await batch.flush(trx);
  },
  async apply(trx, event) {
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case scoring.SubmissionReceived.type: {
        const data = event.data as {
          submissionId: string;
          competitionId: string;
          phase: string;
          teamId: string;
        };
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
        const data = event.data as {
          submissionId: string;
          metric: string;
          publicScore: number | null;
          privateScore: number | null;
        };
        await t(trx)
          .updateTable('board_submissions')
          .set({ metric: data.metric, public_score: data.publicScore, private_score: data.privateScore })
          .where('submission_id', '=', data.submissionId)
          .execute();
        await recomputeSubmission(trx, data.submissionId, at);
        return;
      }
      case scoring.SubmissionDisqualified.type: {
        const data = event.data as { submissionId: string; reason: string };
        await t(trx)
          .updateTable('board_submissions')
          .set({ disqualified_reason: data.reason })
          .where('submission_id', '=', data.submissionId)
          .execute();
        await recomputeSubmission(trx, data.submissionId, at);
        return;
      }
      case scoring.TeamDisqualified.type: {
        const data = event.data as { competitionId: string; teamId: string; reason: string };
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
        for (const { phase } of phases) await recompute(trx, data.competitionId, phase, data.teamId, at);
        return;
      }
      case scoring.FinalSubmissionsSelected.type: {
        const data = event.data as {
          competitionId: string;
          phase: string;
          teamId: string;
          submissionIds: string[];
        };
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
        await recompute(trx, data.competitionId, data.phase, data.teamId, at);
        return;
      }
      case scoring.PrivateLeaderboardPublished.type: {
        const data = event.data as { competitionId: string; phase: string };
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
    ] as const)
      await t(trx).deleteFrom(table).execute();
  },
});
