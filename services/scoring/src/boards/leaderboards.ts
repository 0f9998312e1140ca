// Over 300 lines: every read of the boards (pages and their cache, rankings for seals, a team's own scores) shares the one ranked query.
import type { Db } from '@sais/kit/db';
import { type RawBuilder, sql } from 'kysely';
import { type BoardMetricStep, boardOrder, boardOrderSteps, scoring } from '@sais/events';
import type { BoardWatch } from './live.ts';
import { bestFirstSql, direction } from './ranking.ts';
import type { RowScores } from '../db/tables.ts';
import { scoringErrors } from '../errors.ts';
import { boardOptionsOf, phaseBoardOptions, withBoardOptions } from './board-options.ts';
import { boardBaselines } from './baselines.ts';

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
  entries: number;
  last_entry_at: Date;
  public_rank: number | null;
  scores: RowScores | null;
}

/**
 * The stated order of a board (decision 0029) with its metric's direction, as every page gives it; with
 * secondary metric columns (decision 0046) a step for each after the score; an organiser-chosen order's
 * steps first (issue 37).
 */
export const orderOf = (
  metric: string | null,
  columns: readonly string[] = [],
  chosen: readonly string[] | undefined = undefined,
) => ({
  steps:
    columns.length > 0 || chosen
      ? boardOrderSteps(
          columns.map((c) => ({ metric: c })),
          chosen as BoardMetricStep[] | undefined,
        )
      : [...boardOrder],
  higherIsBetter: metric === null ? null : direction(metric) === -1,
});

/** A page's secondary columns (decision 0046): absent (not empty) without any, so such pages stay as they were. */
const columnsOf = (columns: readonly string[]) =>
  columns.length > 0
    ? { columns: columns.map((metric) => ({ metric, higherIsBetter: direction(metric) === -1 })) }
    : {};

/** A row's secondary scores by column (absent on a board without columns; null on a row without any). */
function scoresOf(columns: readonly string[], scores: RowScores | null) {
  if (columns.length === 0) return {};
  if (!scores) return { scores: null };
  const out: Record<string, number> = {};
  for (const column of columns) {
    const found = scores.find((s) => s.metric === column);
    if (found) out[column] = found.score;
  }
  return { scores: out };
}

/** A private board's rows with the shake-up fields always present (queryPage adds them to private rows only). */
type ShakeUp = { publicRank: number | null; rankChange: number | null };
export function withShakeUp<R extends Partial<ShakeUp>>(records: R[]): (R & ShakeUp)[] {
  return records.map((row) => ({
    ...row,
    publicRank: row.publicRank ?? null,
    rankChange: row.rankChange ?? null,
  }));
}

type Board = 'leaderboard' | 'private_leaderboard';

const cacheKey = (board: Board, query: PageQuery) =>
  `${board}|${query.competitionId}|${query.phase ?? ''}|${query.page}|${query.pageSize}`;
type PageQuery = { competitionId: string; phase?: string; page: number; pageSize: number };
type Page = Awaited<ReturnType<Leaderboards['queryPage']>> & {
  seal: Awaited<ReturnType<Leaderboards['sealOf']>>;
  options: Awaited<ReturnType<typeof phaseBoardOptions>>;
};

/**
 * Reads of the leaderboard read models: ranks by score, ties to the earlier submission. Pages are
 * cached in the process and served until the competition's change counter moves (BoardWatch), so a
 * busy leaderboard costs one query per change instead of one per request.
 */
export class Leaderboards {
  readonly #cache = new Map<string, { version: number; page: Page }>();

  constructor(
    private readonly db: Db,
    private readonly watch?: BoardWatch,
  ) {}

  /**
   * Ranks a board's rows (cheap: one indexed range and a window) in the stated order (`boardOrder`,
   * decision 0029), keeps those `pick` selects, and only then adds names, organisations and the team's
   * entries (its scored submissions of the phase that count, and the time of the last), so a page of 50
   * joins 50 rows, not the whole board.
   */
  #ranked(
    competitionId: string,
    pick: RawBuilder<unknown>,
    /** Whether a phase of these rows has an organiser-chosen order (from its board options). */
    anyChosen: boolean,
    phase?: string,
    board: Board = 'leaderboard',
  ) {
    // Rows without secondary scores (every board before decision 0046) order exactly as before.
    const secondary = { column: 'l.scores', field: 'score' };
    // The phase's organiser-chosen order (issue 37), from its board options row (none: the usual order).
    // Its steps are read per row (a subquery each, ~30 ms on 10,000 rows), so only where a phase of
    // these rows has one.
    const chosen = anyChosen ? { column: 'o.order_steps' } : undefined;
    const options = chosen
      ? sql`left join scoring.board_options o on o.competition_id = l.competition_id and o.phase = l.phase`
      : sql``;
    return sql<BoardRow & { total: number }>`
      with ranked as (
        select l.team_id, l.best_score, l.submitted_at, l.metric, l.phase, l.scores,
          row_number() over (partition by l.phase order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id', secondary, chosen)}) as rank,
          count(*) over (partition by l.phase) as total
        from ${sql.table(`scoring.${board}`)} l ${options}
        where l.competition_id = ${competitionId} ${phase ? sql`and l.phase = ${phase}` : sql``}
      )${
        board === 'private_leaderboard'
          ? sql`, public_ranked as (
        select l.team_id, l.phase,
          row_number() over (partition by l.phase order by ${bestFirstSql('l.metric', 'l.best_score', 'l.submitted_at', 'l.team_id', secondary, chosen)}) as public_rank
        from scoring.leaderboard l ${options}
        where l.competition_id = ${competitionId} ${phase ? sql`and l.phase = ${phase}` : sql``}
      )`
          : sql``
      }
      select r.*, coalesce(m.usernames, array_remove(array[p.username], null)) as participants, m.team_name,
        coalesce(m.organization, p.organization) as organization, e.entries, e.last_entry_at,
        ${board === 'private_leaderboard' ? sql`pr.public_rank` : sql`null::bigint`} as public_rank
      from (select * from ranked where ${pick}) r
      ${
        board === 'private_leaderboard'
          ? sql`left join public_ranked pr on pr.team_id = r.team_id and pr.phase = r.phase`
          : sql``
      }
      cross join lateral (
        select count(*)::int as entries, max(b.submitted_at) as last_entry_at from scoring.board_submissions b
        where b.competition_id = ${competitionId} and b.phase = r.phase and b.team_id = r.team_id
          and b.public_score is not null and b.disqualified_reason is null
      ) e
      left join scoring.people p on p.account_id::text = r.team_id
      left join lateral (
        select array_agg(pp.username order by pp.username) as usernames, min(ms.team_name) as team_name,
          min(pp.organization) as organization
        from scoring.memberships ms join scoring.people pp on pp.account_id = ms.account_id
        where ms.team_id = r.team_id
      ) m on m.usernames is not null
      order by r.phase, r.rank`;
  }

  async page(query: PageQuery) {
    return this.#cached('leaderboard', query);
  }

  /** The public page if the page cache holds it fresh: no promise, so the route answers it at once. */
  cachedPage(query: PageQuery): Page | undefined {
    const version = this.watch?.version(query.competitionId);
    const hit = version === undefined ? undefined : this.#cache.get(cacheKey('leaderboard', query));
    return hit && hit.version === version ? hit.page : undefined;
  }

  /** Reads through the page cache; a key is trusted only while its version is freshly polled. */
  async #cached(board: Board, query: PageQuery): Promise<Page> {
    if (!this.watch) return this.#load(board, query);
    const key = cacheKey(board, query);
    const version = this.watch.version(query.competitionId);
    const hit = this.#cache.get(key);
    if (hit && version !== undefined && hit.version === version) return hit.page;
    const page = await this.#load(board, query);
    if (version !== undefined) {
      if (this.#cache.size > 10_000) this.#cache.clear();
      this.#cache.set(key, { version, page });
    }
    return page;
  }

  /**
   * The private leaderboard of a phase (final selections' private scores): answers
   * privateLeaderboardHidden until an operator publishes it; operators may preview it before.
   */
  async privatePage(query: PageQuery, preview = false) {
    const phase = query.phase ?? (await this.#latestPhase(query.competitionId));
    const published = phase
      ? await sql<{ published_at: Date }>`select published_at from scoring.board_publications
          where competition_id = ${query.competitionId} and phase = ${phase}`.execute(this.db)
      : { rows: [] };
    const publishedAt = published.rows[0]?.published_at;
    if (!publishedAt && !preview)
      throw scoringErrors.privateLeaderboardHidden({
        data: { phase },
      });
    const page = await this.#cached('private_leaderboard', { ...query, phase: phase ?? undefined });
    // A blind phase's public ranks stay hidden from participants (decision 0045).
    const hide = page.options.blind && !preview;
    return {
      ...page,
      records: withShakeUp(page.records).map((row) =>
        hide ? { ...row, publicRank: null, rankChange: null } : row,
      ),
      published: Boolean(publishedAt),
      publishedAt: publishedAt ? new Date(publishedAt).toISOString() : null,
    };
  }

  /**
   * A page with the seal of its phase (a seal bumps the change counter, so cached pages show it), in one
   * snapshot: its rows, stated order, seal and options of the same moment. Read one after the other
   * outside it, a page read while an operator changed the order had the rows ranked the old way under
   * the new order's steps (CI, board-order.int), and the cache kept it for that version.
   */
  #load(board: Board, query: PageQuery) {
    return this.#snapshot(async (boards) => {
      const page = await boards.queryPage(board, query);
      return {
        ...page,
        seal: page.phase ? await boards.sealOf(query.competitionId, page.phase) : null,
        // The Ladder and blind (decision 0045): pages say so; the route keeps a blind board from participants.
        options: await boards.options(query.competitionId, page.phase),
      };
    });
  }

  /** `read` on these boards as of one moment (repeatable read, read only; as it is inside a transaction). */
  #snapshot<T>(read: (boards: Leaderboards) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return read(this);
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => read(new Leaderboards(trx)));
  }

  /** A phase's public board options (decision 0045), as pages carry them. */
  options(competitionId: string, phase: string | null) {
    return phaseBoardOptions(this.db, competitionId, phase);
  }

  /** The seal of a phase's private leaderboard as pages show it, or null (services/scoring/src/integrity). */
  async sealOf(competitionId: string, phase: string, db: Db = this.db) {
    const row = await sql<{
      digest: string;
      algorithm: 'sha256';
      form: 'v1' | 'v2';
      sealed_at: Date;
      rows: number;
    }>`
      select digest, algorithm, form, sealed_at, rows from scoring.board_seals
      where competition_id = ${competitionId} and phase = ${phase}`.execute(db);
    const seal = row.rows[0];
    return seal
      ? {
          digest: seal.digest,
          algorithm: seal.algorithm,
          form: seal.form,
          rows: seal.rows,
          sealedAt: new Date(seal.sealed_at).toISOString(),
        }
      : null;
  }

  /**
   * A phase's whole ranking without names, best first: what a seal digests (with the columns, decision
   * 0046; the stated steps are `orderOf`'s).
   */
  async ranking(
    competitionId: string,
    phase: string,
    board: Board = 'private_leaderboard',
    db: Db = this.db,
  ) {
    const chosen = (await phaseBoardOptions(db, competitionId, phase)).order !== undefined;
    const rows = await this.#ranked(competitionId, sql`true`, chosen, phase, board).execute(db);
    const columns = await this.columns(competitionId, db);
    return rows.rows.map((row) => ({
      rank: Number(row.rank),
      teamId: row.team_id,
      score: row.best_score,
      metric: row.metric,
      ...scoresOf(columns, row.scores),
    }));
  }

  /** The secondary metrics of the competition's ground truth in force, in order (decision 0046); none: []. */
  async columns(competitionId: string, db: Db = this.db): Promise<string[]> {
    const row = await sql<{ secondary_metrics: string[] | null }>`select secondary_metrics
      from scoring.ground_truths where competition_id = ${competitionId}`.execute(db);
    return row.rows[0]?.secondary_metrics ?? [];
  }

  async queryPage(board: Board, query: PageQuery) {
    const phase = query.phase ?? (await this.#latestPhase(query.competitionId));
    if (!phase)
      return {
        phase: null,
        total: 0,
        page: query.page,
        pageSize: query.pageSize,
        order: orderOf(null),
        records: [],
        baselines: [] as scoring.BaselineRow[],
      };
    const offset = (query.page - 1) * query.pageSize;
    const options = await this.options(query.competitionId, phase);
    const rows = await this.#ranked(
      query.competitionId,
      sql`rank > ${offset} and rank <= ${offset + query.pageSize}`,
      options.order !== undefined,
      phase,
      board,
    ).execute(this.db);
    const total = Number(rows.rows[0]?.total ?? 0);
    const columns = await this.columns(query.competitionId);
    return {
      phase,
      total,
      order: orderOf(
        rows.rows[0]?.metric ?? (await this.#metricOf(query.competitionId, phase, board)),
        columns,
        options.order,
      ),
      ...columnsOf(columns),
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
        entries: Number(row.entries),
        // A row always has its own submission among them; rows filled by SQL alone (bench) may not.
        lastEntryAt: new Date(row.last_entry_at ?? row.submitted_at).toISOString(),
        ...scoresOf(columns, row.scores),
        // The shake-up (private pages only): the team's public rank and how many places it moved.
        ...(board === 'private_leaderboard'
          ? {
              publicRank: row.public_rank === null ? null : Number(row.public_rank),
              rankChange: row.public_rank === null ? null : Number(row.public_rank) - Number(row.rank),
            }
          : {}),
      })),
      // Baselines (decision 0050): beside the ranked rows, placed by score, on the page of their place.
      baselines: scoring.baselinesOnPage(
        await boardBaselines(this.db, query.competitionId, phase, board),
        query.page,
        query.pageSize,
        total,
      ),
    };
  }

  /** The metric of a board's rows (one per phase), for a page past its last row. */
  async #metricOf(competitionId: string, phase: string, board: Board): Promise<string | null> {
    const row = await sql<{ metric: string }>`select metric from ${sql.table(`scoring.${board}`)}
      where competition_id = ${competitionId} and phase = ${phase} limit 1`.execute(this.db);
    return row.rows[0]?.metric ?? null;
  }

  async #latestPhase(competitionId: string): Promise<string | null> {
    const row = await sql<{
      phase: string;
    }>`select phase from scoring.leaderboard where competition_id = ${competitionId}
      order by submitted_at desc limit 1`.execute(this.db);
    if (row.rows[0]) return row.rows[0].phase;
    // No team on any board yet: the phase of the latest baseline (decision 0050), so a board of
    // baselines alone is shown.
    const baseline = await sql<{ phase: string }>`select phase from scoring.board_baselines
      where competition_id = ${competitionId} order by added_at desc limit 1`.execute(this.db);
    return baseline.rows[0]?.phase ?? null;
  }

  /** A team's own rows and history, of one moment: the options read with them decide what a blind phase hides. */
  myScore(competitionId: string, teamId: string) {
    return this.#snapshot((boards) => boards.#myScore(competitionId, teamId));
  }

  async #myScore(competitionId: string, teamId: string) {
    const options = await boardOptionsOf(this.db, competitionId);
    const chosen = [...options.values()].some((phase) => phase.order !== undefined);
    const ranked = await this.#ranked(competitionId, sql`team_id = ${teamId}`, chosen).execute(this.db);
    const history = await sql<{ public_score: number; created_at: Date; phase: string }>`
      select public_score, created_at, phase from scoring.submissions
      where competition_id = ${competitionId} and team_id = ${teamId} and status = 'Completed' and not smoke
      order by created_at`.execute(this.db);
    // The private rows of published phases only: before, the private board and its ranks are hidden.
    const privateRows = await this.#ranked(
      competitionId,
      sql`team_id = ${teamId} and exists (select 1 from scoring.board_publications bp
        where bp.competition_id = ${competitionId} and bp.phase = ranked.phase)`,
      chosen,
      undefined,
      'private_leaderboard',
    ).execute(this.db);
    return withBoardOptions(options, {
      teamId,
      privateBest: privateRows.rows.map((row) => ({
        phase: row.phase,
        score: row.best_score,
        rank: Number(row.rank),
        teams: Number(row.total),
      })),
      best: ranked.rows.map((row) => ({
        phase: row.phase,
        score: row.best_score,
        rank: Number(row.rank),
        // How many teams the phase ranks, and which way its metric points, for the score chart.
        teams: Number(row.total),
        metric: row.metric,
        higherIsBetter: direction(row.metric) === -1,
        submittedAt: new Date(row.submitted_at).toISOString(),
      })),
      history: history.rows.map((row) => ({
        phase: row.phase,
        score: row.public_score,
        submittedAt: new Date(row.created_at).toISOString(),
      })),
    });
  }
}
