import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';

/**
 * Words, not ids (issue 19): the names of the teams records name, for the console. A team's name
 * from the memberships mirror; a single-person team (named by its member's account id) by the
 * member's username.
 */
export async function teamNames(
  db: Db,
  teams: readonly { competitionId: string; teamId: string }[],
): Promise<Record<string, string>> {
  if (teams.length === 0) return {};
  const ids = [...new Set(teams.map((team) => team.teamId))];
  const rows = await sql<{ team_id: string; name: string }>`
    (select distinct on (team_id) team_id, team_name as name from scoring.memberships
      where team_id = any(${ids}::text[]))
    union all
    (select account_id::text as team_id, username as name from scoring.people
      where account_id::text = any(${ids}::text[]))`.execute(db);
  return Object.fromEntries(rows.rows.map((row) => [row.team_id, row.name]));
}

/** Records with a `teamNames` map beside their `teamIds`. */
export async function withTeamNames<T extends { competitionId: string; teamIds: string[] }>(
  db: Db,
  records: T[],
) {
  const names = await teamNames(
    db,
    records.flatMap((record) =>
      record.teamIds.map((teamId) => ({ competitionId: record.competitionId, teamId })),
    ),
  );
  return records.map((record) => ({
    ...record,
    teamNames: Object.fromEntries(record.teamIds.map((id) => [id, names[id] ?? null])),
  }));
}
