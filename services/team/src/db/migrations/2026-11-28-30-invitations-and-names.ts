import { type Migration, sql } from 'kysely';

/**
 * Issue 35 (decision 0035): the invitation codes' hashes, to find an invitation by the code a participant
 * brings, and the active teams' current names, to find a team by name within a competition. Both are
 * state tables written beside the team events (teams/claims.ts); the names are filled here from the
 * events already stored.
 */
export const migration: Migration = {
  async up(db) {
    await sql`
      create table team.invitation_codes (
        code_hash text primary key,
        invitation_id uuid not null unique,
        team_id uuid not null
      )`.execute(db);
    await sql`
      create table team.team_names (
        team_id uuid primary key,
        competition_id uuid not null,
        name text not null,
        owner_id uuid not null
      )`.execute(db);
    await sql`create index team_names_competition on team.team_names (competition_id, lower(name))`.execute(
      db,
    );
    await sql`
      insert into team.team_names (team_id, competition_id, name, owner_id)
      select (c.data->>'teamId')::uuid, (c.data->>'competitionId')::uuid,
        (select n.data->>'name' from team.events n where n.stream_id = c.stream_id
           and n.type in ('team.TeamCreated', 'team.TeamRenamed') order by n.stream_version desc limit 1),
        (select coalesce(o.data->>'toId', o.data->>'ownerId') from team.events o where o.stream_id = c.stream_id
           and o.type in ('team.TeamCreated', 'team.OwnershipTransferred') order by o.stream_version desc limit 1)::uuid
      from team.events c
      where c.type = 'team.TeamCreated' and not exists (select 1 from team.events e
        where e.stream_id = c.stream_id and e.type in ('team.TeamDisbanded', 'team.TeamDissolved'))`.execute(
      db,
    );
  },
};
