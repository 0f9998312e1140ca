import { calendarDay, daysInclusive } from '@sais/kit/time';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import { teamDb } from '../db/tables.ts';
import { teamErrors } from '../errors.ts';

/**
 * The merge rule (decision 0005): a join may not give the team more submissions so far than one team
 * could have made by today — the daily limit times the days since submissions opened, in the
 * competition's time zone. The team's own submissions, those its members made alone (a one-person
 * team is named by the account id) and the applicant's all count. Refused with `used` and `allowed`.
 */
export async function checkMergeAllowance(
  trx: Db,
  team: { competitionId: string; teamId: string; members: string[] },
  applicantId: string,
  now: Date,
) {
  const t = teamDb(trx);
  const rules = await t
    .selectFrom('submission_rules')
    .selectAll()
    .where('competition_id', '=', team.competitionId)
    .executeTakeFirst();
  if (!rules) return; // Not mirrored yet: then no submission of it is known either.
  const starts = Object.values(rules.phase_starts).map((start) => Date.parse(start));
  const opened = starts.length > 0 ? new Date(Math.min(...starts)) : null;
  const days = opened
    ? daysInclusive(calendarDay(rules.time_zone, opened), calendarDay(rules.time_zone, now))
    : 0;
  const allowed = rules.daily_submission_limit * days;
  const { used } = await t
    .selectFrom('counted_submissions')
    .select(sql<number>`count(*)::int`.as('used'))
    .where('competition_id', '=', team.competitionId)
    .where('team_id', 'in', [team.teamId, ...team.members, applicantId])
    .executeTakeFirstOrThrow();
  if (used > allowed) throw teamErrors.mergeExceedsSubmissions({ used, allowed });
}
