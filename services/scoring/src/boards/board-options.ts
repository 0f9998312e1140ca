/**
 * A phase's public board options (issue 37, decision 0045): the Ladder and blind phases. The projection
 * keeps them in `scoring.board_options` from `BoardOptionsSet` and builds the Ladder's public rows; the
 * reads here tell pages and the participant's answers what to show.
 */
import { scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { sql } from 'kysely';
import { ladder } from './ladder.ts';
import { direction } from './ranking.ts';

type TeamKey = { competition_id: string; phase: string; team_id: string };
const keyOf = (k: TeamKey) => `${k.competition_id}\u0000${k.phase}\u0000${k.team_id}`;

/** A team's public row under the Ladder: the submission that set the shown score, and the score shown. */
export interface LadderRow {
  submission_id: string;
  metric: string;
  submitted_at: Date;
  shown: number;
}

/**
 * The Ladder's public rows of the teams given whose phase has the Ladder on (the others: absent):
 * each team's scored, not disqualified submissions of the phase, in submission order (time, then id),
 * through `ladder`. A team's whole list is read (at most its days × its daily allowance).
 */
export async function ladderRows(trx: Db, teams: readonly TeamKey[]): Promise<Map<string, LadderRow>> {
  const out = new Map<string, LadderRow>();
  if (teams.length === 0) return out;
  const rows = await sql<
    TeamKey & {
      submission_id: string;
      metric: string;
      public_score: number;
      submitted_at: Date;
      ladder_step: number;
    }
  >`
    select b.competition_id, b.phase, b.team_id, b.submission_id, b.metric, b.public_score, b.submitted_at,
      o.ladder_step
    from unnest(${teams.map((k) => k.competition_id)}::uuid[], ${teams.map((k) => k.phase)}::text[],
      ${teams.map((k) => k.team_id)}::text[]) as k(competition_id, phase, team_id)
    join scoring.board_options o on o.competition_id = k.competition_id and o.phase = k.phase
      and o.ladder_step is not null
    join scoring.board_submissions b on b.competition_id = k.competition_id and b.phase = k.phase
      and b.team_id = k.team_id
    where b.public_score is not null and b.metric is not null and b.disqualified_reason is null
      and not exists (select 1 from scoring.board_teams d where d.competition_id = b.competition_id
        and d.team_id = b.team_id and d.disqualified_reason is not null)
    order by b.competition_id, b.phase, b.team_id, b.submitted_at, b.submission_id::text collate "C"`.execute(
    trx,
  );
  const lists = new Map<string, typeof rows.rows>();
  for (const row of rows.rows) {
    const list = lists.get(keyOf(row)) ?? [];
    list.push(row);
    lists.set(keyOf(row), list);
  }
  for (const [key, list] of lists) {
    const first = list[0]!;
    const result = ladder(
      list.map((row) => row.public_score),
      first.ladder_step,
      direction(first.metric) === -1,
    );
    const by = list[result.setBy!]!;
    out.set(key, {
      submission_id: by.submission_id,
      metric: by.metric,
      submitted_at: by.submitted_at,
      shown: result.shown!,
    });
  }
  return out;
}

/** Records a phase's options (the projection's apply); answers the phase's teams, to recompute. */
export async function recordBoardOptions(
  trx: Db,
  data: Pick<scoring.BoardOptionsSetData, 'competitionId' | 'phase' | 'ladderStep' | 'blind' | 'order'>,
): Promise<TeamKey[]> {
  await sql`insert into scoring.board_options (competition_id, phase, ladder_step, blind, order_steps)
    values (${data.competitionId}, ${data.phase}, ${data.ladderStep}, ${data.blind}, ${data.order ?? null}::text[])
    on conflict (competition_id, phase) do update set ladder_step = excluded.ladder_step, blind = excluded.blind,
      order_steps = excluded.order_steps`.execute(trx);
  const teams =
    await sql<TeamKey>`select distinct competition_id, phase, team_id from scoring.board_submissions
    where competition_id = ${data.competitionId} and phase = ${data.phase}`.execute(trx);
  return teams.rows;
}

/** The options of a competition's phases that have any (a phase absent: both off). */
export async function boardOptionsOf(
  db: Db,
  competitionId: string,
): Promise<Map<string, scoring.BoardOptionsView>> {
  const rows = await sql<{
    phase: string;
    ladder_step: number | null;
    blind: boolean;
    order_steps: string[] | null;
  }>`select phase, ladder_step, blind, order_steps from scoring.board_options
    where competition_id = ${competitionId}`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.phase,
      {
        ladderStep: row.ladder_step,
        blind: row.blind,
        // Absent without a chosen order (issue 37), so such answers stay as they were.
        ...(row.order_steps ? { order: row.order_steps } : {}),
      },
    ]),
  );
}

/** The chosen orders (issue 37) of the given phases that have one, by `competitionId\u0000phase`. */
export async function chosenOrders(
  trx: Db,
  phases: readonly { competition_id: string; phase: string }[],
): Promise<Map<string, string[]>> {
  if (phases.length === 0) return new Map();
  const rows = await sql<{ competition_id: string; phase: string; order_steps: string[] }>`
    select o.competition_id, o.phase, o.order_steps from scoring.board_options o
    join unnest(${phases.map((k) => k.competition_id)}::uuid[], ${phases.map((k) => k.phase)}::text[])
      as k(competition_id, phase) on o.competition_id = k.competition_id and o.phase = k.phase
    where o.order_steps is not null`.execute(trx);
  return new Map(rows.rows.map((row) => [`${row.competition_id}\u0000${row.phase}`, row.order_steps]));
}

/** One phase's options (both off when none were set). */
export async function phaseBoardOptions(db: Db, competitionId: string, phase: string | null) {
  if (phase === null) return scoring.boardOptionsOff;
  return (await boardOptionsOf(db, competitionId)).get(phase) ?? scoring.boardOptionsOff;
}

type MyScore = {
  best: { phase: string }[];
  history: { phase: string }[];
};

/**
 * A team's own scores as it may read them (decision 0045): a blind phase's best and history are left
 * out, a Ladder phase's history too (its true public scores; `best` is the board's row, the Ladder's
 * score); `boardOptions` says which phases are so.
 */
export function withBoardOptions<T extends MyScore>(options: Map<string, scoring.BoardOptionsView>, mine: T) {
  const of = (phase: string) => options.get(phase) ?? scoring.boardOptionsOff;
  return {
    ...mine,
    best: mine.best.filter((row) => !of(row.phase).blind),
    history: mine.history.filter((row) => !of(row.phase).blind && of(row.phase).ladderStep === null),
    boardOptions: [...options].map(([phase, view]) => ({ phase, ...view })),
  };
}
