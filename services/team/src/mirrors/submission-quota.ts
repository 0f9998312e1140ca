import { competition, scoring } from '@sais/events';
import { defineProjection } from '@sais/kit';
import { sql } from 'kysely';
import type { z } from 'zod';
import { teamDb } from '../db/tables.ts';

type Data<D extends { data: z.ZodType }> = z.infer<D['data']>;

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
        const { competitionId, settings } = event.data as Data<typeof competition.CompetitionCreated>;
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
        const { competitionId, changes } = event.data as Data<typeof competition.CompetitionUpdated>;
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
        const data = event.data as Data<typeof competition.PhaseOpened> & { startsAt?: string };
        if (data.phase === 'registration') return;
        const path = sql.lit(`{${data.phase}}`);
        // A schedule sets the phase's start; opening it early moves the start to that moment.
        const start =
          event.type === competition.PhaseScheduled.type
            ? sql`${data.startsAt}::timestamptz`
            : sql`least(coalesce((phase_starts ->> ${data.phase})::timestamptz, ${event.occurredAt}::timestamptz),
                ${event.occurredAt}::timestamptz)`;
        await sql`update team.submission_rules set phase_starts = jsonb_set(phase_starts, ${path}, to_jsonb(${start}))
          where competition_id = ${data.competitionId}`.execute(trx);
        return;
      }
      case scoring.SubmissionReceived.type: {
        const { submissionId, competitionId, teamId } = event.data as Data<typeof scoring.SubmissionReceived>;
        await t
          .insertInto('counted_submissions')
          .values({ submission_id: submissionId, competition_id: competitionId, team_id: teamId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return;
      }
      case scoring.QuotaRefunded.type: {
        const { submissionId } = event.data as Data<typeof scoring.QuotaRefunded>;
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
