import type { Db } from '@sais/kit';
import { sql } from 'kysely';

interface BoardRow {
  team_id: string;
  best_score: number;
  submitted_at: Date;
  metric: string;
  phase: string;
  participants: string[];
  team_name: string | null;
  organization: string | null;
  rank: number;
}

/** Reads of the leaderboard read model: ranks by score, ties to the earlier submission. */
export class Leaderboards {
  constructor(private readonly db: Db) {}

  #ranked(competitionId: string, phase?: string) {
    return sql<BoardRow>`
      select l.team_id, l.best_score, l.submitted_at, l.metric, l.phase,
        coalesce(m.usernames, array_remove(array[p.username], null)) as participants, m.team_name,
        coalesce(m.organization, p.organization) as organization,
        row_number() over (partition by l.phase order by
          case when l.metric = 'accuracy' then -l.best_score else l.best_score end, l.submitted_at) as rank
      from scoring.leaderboard l
      left join scoring.people p on p.account_id::text = l.team_id
      left join lateral (
        select array_agg(pp.username order by pp.username) as usernames, min(ms.team_name) as team_name,
          min(pp.organization) as organization
        from scoring.memberships ms join scoring.people pp on pp.account_id = ms.account_id
        where ms.team_id = l.team_id
      ) m on m.usernames is not null
      where l.competition_id = ${competitionId} ${phase ? sql`and l.phase = ${phase}` : sql``}`;
  }

  async page(query: { competitionId: string; phase?: string; page: number; pageSize: number }) {
    const phase = query.phase ?? (await this.#latestPhase(query.competitionId));
    if (!phase) return { phase: null, total: 0, page: query.page, pageSize: query.pageSize, records: [] };
    const rows = await sql<BoardRow & { total: number }>`
      select *, count(*) over () as total from (${this.#ranked(query.competitionId, phase)}) ranked
      order by rank limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(this.db);
    return {
      phase,
      total: Number(rows.rows[0]?.total ?? 0),
      page: query.page,
      pageSize: query.pageSize,
      records: rows.rows.map((row) => ({
        rank: Number(row.rank),
        teamId: row.team_id,
        teamName: row.team_name,
        participants: row.participants,
        organization: row.organization,
        score: row.best_score,
        metric: row.metric,
        submittedAt: new Date(row.submitted_at).toISOString(),
      })),
    };
  }

  async #latestPhase(competitionId: string): Promise<string | null> {
    const row = await sql<{
      phase: string;
    }>`select phase from scoring.leaderboard where competition_id = ${competitionId}
      order by submitted_at desc limit 1`.execute(this.db);
    return row.rows[0]?.phase ?? null;
  }

  async myScore(competitionId: string, teamId: string) {
    const ranked =
      await sql<BoardRow>`select * from (${this.#ranked(competitionId)}) r where team_id = ${teamId}`.execute(
        this.db,
      );
    const history = await sql<{ public_score: number; created_at: Date; phase: string }>`
      select public_score, created_at, phase from scoring.submissions
      where competition_id = ${competitionId} and team_id = ${teamId} and status = 'Completed' order by created_at`.execute(
      this.db,
    );
    return {
      best: ranked.rows.map((row) => ({
        phase: row.phase,
        score: row.best_score,
        rank: Number(row.rank),
        submittedAt: new Date(row.submitted_at).toISOString(),
      })),
      history: history.rows.map((row) => ({
        phase: row.phase,
        score: row.public_score,
        submittedAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}
