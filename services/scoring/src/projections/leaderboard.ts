import { scoring } from '@sais/events';
import { type Db, defineProjection } from '@sais/kit';
import { sql } from 'kysely';
import type { ScoringDb } from '../db/tables.ts';

const t = (trx: Db) => trx.withSchema('scoring') as ScoringDb;

/**
 * The public leaderboard: per competition phase and team, the best public score; on equal scores the
 * earlier submission stays. Rebuildable by replay from the submission events.
 */
export const leaderboardProjection = defineProjection({
  name: 'scoring.leaderboard',
  schema: 'scoring',
  streamTypes: [scoring.SubmissionReceived.aggregate],
  async apply(trx, event) {
    if (event.type === scoring.SubmissionReceived.type) {
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
          submitted_at: new Date(event.occurredAt),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    if (event.type !== scoring.SubmissionScored.type) return;
    const data = event.data as { submissionId: string; metric: string; publicScore: number };
    const lowerIsBetter = data.metric !== 'accuracy';
    // Insert, or replace the team's row only when strictly better (ties keep the earlier submission).
    await sql`
      insert into scoring.leaderboard (competition_id, phase, team_id, metric, best_score, submission_id, submitted_at)
      select competition_id, phase, team_id, ${data.metric}, ${data.publicScore}, submission_id, submitted_at
      from scoring.board_submissions where submission_id = ${data.submissionId}
      on conflict (competition_id, phase, team_id) do update set
        best_score = excluded.best_score, submission_id = excluded.submission_id, submitted_at = excluded.submitted_at, metric = excluded.metric
      where ${lowerIsBetter ? sql`excluded.best_score < scoring.leaderboard.best_score` : sql`excluded.best_score > scoring.leaderboard.best_score`}
        or (excluded.best_score = scoring.leaderboard.best_score and excluded.submitted_at < scoring.leaderboard.submitted_at)`.execute(
      trx,
    );
  },
  async reset(trx) {
    await t(trx).deleteFrom('leaderboard').execute();
    await t(trx).deleteFrom('board_submissions').execute();
  },
});
