import { competition, scoring } from '@sais/events';
import { dataOf } from '@sais/kit/eventstore';
import { defineProjection } from '@sais/kit/projections';
import { sql } from 'kysely';
import { teamDb } from '../db/tables.ts';

/**
 * What the merge rule (decision 0005) needs: each competition's daily limit, time zone and phase
 * starts, and which submissions count for which team. Scoring decides the counts; this mirrors its
 * `SubmissionReceived` and `QuotaRefunded` events, so a join never calls scoring synchronously.
 */
export const submissionQuotaMirror = defineProjection({
  name: 'team.submissionQuota',
  schema: 'team',
  tables: ['submission_rules', 'counted_submissions'],
  streamTypes: [competition.CompetitionCreated.aggregate, scoring.SubmissionReceived.aggregate],
  async apply(trx, event) {
    const t = teamDb(trx);
    switch (event.type) {
      case competition.CompetitionCreated.type: {
        const { competitionId, settings } = dataOf(competition.CompetitionCreated, event);
        await t
          .insertInto('submission_rules')
          .values({
            competition_id: competitionId,
            daily_submission_limit: settings.dailySubmissionLimit,
            time_zone: settings.timeZone,
            phase_starts: sql`'{}'::jsonb` as never,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case competition.CompetitionUpdated.type: {
        const { competitionId, changes } = dataOf(competition.CompetitionUpdated, event);
        const set = {
          ...(changes.dailySubmissionLimit !== undefined && {
            daily_submission_limit: changes.dailySubmissionLimit,
          }),
          ...(changes.timeZone !== undefined && { time_zone: changes.timeZone }),
        };
        if (Object.keys(set).length > 0)
          await t
            .updateTable('submission_rules')
            .set(set)
            .where('competition_id', '=', competitionId)
            .execute();
        return;
      }
      case competition.PhaseScheduled.type:
      case competition.PhaseOpened.type: {
        const data = dataOf([competition.PhaseScheduled, competition.PhaseOpened], event);
        if (data.phase === 'registration') return;
        const path = sql.lit(`{${data.phase}}`);
        // A schedule sets the phase's start; opening it early moves the start to that moment.
        const start =
          'startsAt' in data
            ? sql`${data.startsAt}::timestamptz`
            : sql`least(coalesce((phase_starts ->> ${data.phase})::timestamptz, ${event.occurredAt}::timestamptz),
                ${event.occurredAt}::timestamptz)`;
        await sql`update team.submission_rules set phase_starts = jsonb_set(phase_starts, ${path}, to_jsonb(${start}))
          where competition_id = ${data.competitionId}`.execute(trx);
        return;
      }
      case scoring.SubmissionReceived.type: {
        const { submissionId, competitionId, teamId, smoke } = dataOf(scoring.SubmissionReceived, event);
        // A smoke run (decision 0049) uses none of the allowance, so it never counts for a merge either.
        if (smoke) return;
        await t
          .insertInto('counted_submissions')
          .values({ submission_id: submissionId, competition_id: competitionId, team_id: teamId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case scoring.QuotaRefunded.type: {
        const { submissionId } = dataOf(scoring.QuotaRefunded, event);
        await t.deleteFrom('counted_submissions').where('submission_id', '=', submissionId).execute();
        return;
      }
    }
  },
  async reset(trx) {
    await teamDb(trx).deleteFrom('submission_rules').execute();
    await teamDb(trx).deleteFrom('counted_submissions').execute();
  },
});
