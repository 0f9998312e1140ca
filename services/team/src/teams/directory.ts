import { team } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, isEvent } from '@sais/kit/eventstore';
import { type RawBuilder, sql } from 'kysely';
import { foldTeam } from '../domain/team.ts';
import { teamErrors } from '../errors.ts';
import { teamStream } from './commands.ts';
import type { TeamViews } from './views.ts';

export const teamStatuses = ['active', 'disbanded', 'dissolved'] as const;
export type TeamStatus = (typeof teamStatuses)[number];

export interface TeamListQuery {
  sort: { field: 'createdAt' | 'id'; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
  filter: { competitionId?: string; status?: TeamStatus; q?: string; ids?: string[] };
}

const ended = (types: string[]) =>
  sql`exists (select 1 from team.events e where e.stream_id = c.stream_id and e.type = any(${types}::text[]))`;

/**
 * The operators' view of every team: found from the TeamCreated events of the team's own event store
 * (no separate read model to keep), each team then folded from its stream.
 */
export class TeamDirectory {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly views: TeamViews,
  ) {}

  async list(query: TeamListQuery) {
    const { competitionId, status, q, ids } = query.filter;
    const conditions: RawBuilder<unknown>[] = [sql`c.type = ${team.TeamCreated.type}`];
    if (competitionId) conditions.push(sql`c.data->>'competitionId' = ${competitionId}`);
    if (ids) conditions.push(sql`c.data->>'teamId' = any(${ids}::text[])`);
    if (q) {
      // The current name: the latest of the naming events (created, renamed) in the team's stream.
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`lower((select n.data->>'name' from team.events n
        where n.stream_id = c.stream_id and n.type = any(${[team.TeamCreated.type, team.TeamRenamed.type]}::text[])
        order by n.stream_version desc limit 1)) like ${pattern}`);
    }
    if (status === 'active')
      conditions.push(sql`not ${ended([team.TeamDisbanded.type, team.TeamDissolved.type])}`);
    if (status === 'disbanded') conditions.push(ended([team.TeamDisbanded.type]));
    if (status === 'dissolved') conditions.push(ended([team.TeamDissolved.type]));
    const column = query.sort.field === 'id' ? sql`c.data->>'teamId'` : sql`c.global_position`;
    const order = query.sort.order === 'ASC' ? sql`asc` : sql`desc`;
    const rows = await sql<{ team_id: string; total: string }>`
      select c.data->>'teamId' as team_id, count(*) over () as total
      from team.events c where ${sql.join(conditions, sql` and `)}
      order by ${column} ${order}
      offset ${query.from} limit ${query.to - query.from + 1}`.execute(this.db);
    const total = rows.rows[0] ? Number(rows.rows[0].total) : await this.#count(conditions);
    return { total, records: await Promise.all(rows.rows.map((row) => this.one(row.team_id))) };
  }

  async #count(conditions: RawBuilder<unknown>[]) {
    const row = await sql<{ n: number }>`select count(*)::int as n from team.events c
      where ${sql.join(conditions, sql` and `)}`.execute(this.db);
    return row.rows[0]?.n ?? 0;
  }

  /** One team as operators see it: members (or, once ended, the members it had), status, reason. */
  async one(teamId: string) {
    const events = await this.store.readStream(teamStream(teamId));
    const state = foldTeam(events);
    if (state.status === 'none') throw teamErrors.teamNotFound();
    const last = events.at(-1)!;
    const endedBy = events.find((event) => isEvent([team.TeamDisbanded, team.TeamDissolved], event));
    const formerMembers = endedBy?.data.memberIds;
    const memberIds = formerMembers ?? state.members;
    const people = await this.views.people([...memberIds, state.ownerId]);
    const status: TeamStatus =
      state.status === 'active' ? 'active' : state.dissolvedReason ? 'dissolved' : 'disbanded';
    return {
      id: state.teamId,
      competitionId: state.competitionId,
      name: state.name,
      ownerId: state.ownerId,
      owner: people.get(state.ownerId)!.username,
      memberCount: memberIds.length,
      members: memberIds.map((id) => ({ ...people.get(id)!, isOwner: id === state.ownerId })),
      status,
      dissolvedReason: state.dissolvedReason ?? null,
      createdAt: events[0]!.occurredAt,
      updatedAt: last.occurredAt,
    };
  }
}
