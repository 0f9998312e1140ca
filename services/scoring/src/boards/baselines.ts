/**
 * Baselines (issue 37, decision 0050): rows an operator adds to a phase's boards. The file is scored in
 * the request by the scorer and the ground truth a submission gets (`scoreSubmission`, the truth cache);
 * `BaselineAdded` / `BaselineRemoved` on the phase's stream `baselines-<competitionId>-<phase>` (its
 * version guards the name and the count); the leaderboard projection keeps `scoring.board_baselines`.
 * Pages carry them beside the ranked rows, placed by score and never ranked (`pageBaselines`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { type EventEnvelope, type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { dataOf, isEvent } from '@sais/kit/eventstore';
import { type Selectable, sql } from 'kysely';
import { InvalidFile } from '../evaluation/csv.ts';
import { scoreSubmission } from '../evaluation/score.ts';
import { GroundTruthCache, PlatformFault } from '../evaluation/truth-cache.ts';
import { scoringErrors } from '../errors.ts';
import type { ScoringReadModels } from '../db/tables.ts';
import { boardStream } from './standings.ts';
import { eventScores, storedScores } from './stored-scores.ts';
import { higherIsBetterMetrics } from '../evaluation/metrics.ts';

export const baselinesStream = (competitionId: string, phase: string) =>
  `baselines-${competitionId}-${phase}`;

type Board = 'leaderboard' | 'private_leaderboard';

/** The baselines a phase's stream leaves (added, not removed since), by id. */
function liveBaselines(history: readonly EventEnvelope[]) {
  const live = new Map<string, scoring.BaselineAddedData>();
  for (const event of history) {
    if (isEvent(scoring.BaselineAdded, event)) live.set(event.data.baselineId, event.data);
    else if (isEvent(scoring.BaselineRemoved, event)) live.delete(event.data.baselineId);
  }
  return live;
}

/** The projection's apply of a baseline's events (decision 0050); answers the competition to bump. */
export async function recordBaseline(trx: Db, event: EventEnvelope): Promise<string | null> {
  if (isEvent(scoring.BaselineAdded, event)) {
    const data = dataOf(scoring.BaselineAdded, event);
    const scores = data.scores ? JSON.stringify(storedScores(data.scores)) : null;
    await sql`insert into scoring.board_baselines (baseline_id, competition_id, phase, name, description, metric,
        public_score, private_score, file_sha256, ground_truth_sha256, added_by, added_at, scores)
      values (${data.baselineId}, ${data.competitionId}, ${data.phase}, ${data.name}, ${data.description},
        ${data.metric}, ${data.publicScore}, ${data.privateScore}, ${data.fileSha256}, ${data.groundTruthSha256},
        ${data.addedBy}, ${new Date(event.occurredAt)}, ${scores}::jsonb)
      on conflict (baseline_id) do nothing`.execute(trx);
    return data.competitionId;
  }
  if (isEvent(scoring.BaselineRemoved, event)) {
    const data = dataOf(scoring.BaselineRemoved, event);
    await sql`delete from scoring.board_baselines where baseline_id = ${data.baselineId}`.execute(trx);
    return data.competitionId;
  }
  return null;
}

/**
 * A board's baselines as its pages carry them, best first: the score of that board (public or
 * private) and how many of the board's teams are placed before each (better or equal: a tie goes to
 * the team). Read from `db` (a scratch copy for a board as of a past time).
 */
export async function boardBaselines(
  db: Db,
  competitionId: string,
  phase: string,
  board: Board,
): Promise<scoring.BaselineRow[]> {
  const score = sql.ref(board === 'leaderboard' ? 'b.public_score' : 'b.private_score');
  const higher = sql`b.metric = any(${higherIsBetterMetrics}::text[])`;
  const rows = await sql<{
    baseline_id: string;
    name: string;
    description: string;
    metric: string;
    score: number;
    added_at: Date;
    teams_ahead: number;
    scores: { metric: string; public: number; private: number }[] | null;
  }>`
    select b.baseline_id, b.name, b.description, b.metric, ${score} as score, b.added_at, b.scores,
      (select count(*)::int from ${sql.table(`scoring.${board}`)} l
        where l.competition_id = b.competition_id and l.phase = b.phase
          and case when ${higher} then l.best_score >= ${score} else l.best_score <= ${score} end) as teams_ahead
    from scoring.board_baselines b
    where b.competition_id = ${competitionId} and b.phase = ${phase}
    order by case when ${higher} then -${score} else ${score} end, b.added_at, b.baseline_id::text collate "C"`.execute(
    db,
  );
  return rows.rows.map((row) => ({
    baseline: true as const,
    baselineId: row.baseline_id,
    name: row.name,
    description: row.description,
    score: row.score,
    metric: row.metric,
    // Each secondary metric's score on this board (decision 0046), keyed as a team row's.
    ...(row.scores
      ? {
          scores: Object.fromEntries(
            row.scores.map((s) => [s.metric, board === 'leaderboard' ? s.public : s.private]),
          ),
        }
      : {}),
    addedAt: new Date(row.added_at).toISOString(),
    teamsAhead: Number(row.teams_ahead),
  }));
}

/** The operators' calls on baselines: add (score the file, append), remove, list. */
export class Baselines {
  readonly #truths: GroundTruthCache;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {
    this.#truths = new GroundTruthCache(db);
  }

  /** The competition's phases as scoring's mirror has them (not registration), or competitionUnknown. */
  async #phases(competitionId: string): Promise<string[]> {
    const row = await sql<{ phases: Record<string, unknown> }>`
      select phases from scoring.competitions where competition_id = ${competitionId}`.execute(this.db);
    if (!row.rows[0]) throw scoringErrors.competitionUnknown();
    return Object.keys(row.rows[0].phases).filter((phase) => phase !== 'registration');
  }

  /**
   * What both calls check first: the phase exists, its final results are not published (final means
   * final, decision 0025), and the operator takes no part in the competition (separation of duties,
   * issue 19: a team's member or a submitter would be choosing the bar their own team is read against).
   */
  async #check(competitionId: string, phase: string, accountId: string) {
    if (!(await this.#phases(competitionId)).includes(phase))
      throw scoringErrors.publicationPhaseUnknown({ data: { phase } });
    if ((await this.store.readStream(boardStream(competitionId, phase))).length > 0)
      throw scoringErrors.baselinesFinal({ data: { phase } });
    const own = await sql<{ n: number }>`select
        (select count(*) from scoring.memberships where competition_id = ${competitionId} and account_id = ${accountId})
        + (select count(*) from scoring.submissions where competition_id = ${competitionId}
            and (submitter_id = ${accountId} or team_id = ${accountId}::text)) as n`.execute(this.db);
    if (Number(own.rows[0]!.n) > 0) throw scoringErrors.baselineOwnCompetition();
  }

  async add(
    input: { competitionId: string; phase: string; name: string; description: string; file: Uint8Array },
    accountId: string,
    metadata: EventMetadata,
  ): Promise<scoring.responses.BaselineRecord> {
    const { competitionId, phase, name, description, file } = input;
    await this.#check(competitionId, phase, accountId);
    let truth;
    try {
      truth = await this.#truths.get(competitionId);
    } catch (error) {
      if (error instanceof PlatformFault) throw scoringErrors.noGroundTruth({ detail: error.message });
      throw error;
    }
    let scores;
    try {
      scores = scoreSubmission(file, truth.truth, undefined, truth.secondary);
    } catch (error) {
      if (!(error instanceof InvalidFile)) throw error;
      throw scoringErrors.baselineFileInvalid({
        detail: error.message,
        data: { refusal: error.refusal, log: error.refusal ? null : error.message },
      });
    }
    const stream = baselinesStream(competitionId, phase);
    const history = await this.store.readStream(stream);
    const live = liveBaselines(history);
    if (live.size >= scoring.baselineLimits.perPhase)
      throw scoringErrors.baselinesLimitReached({ data: { limit: scoring.baselineLimits.perPhase } });
    if ([...live.values()].some((b) => b.name === name))
      throw scoringErrors.baselineNameTaken({ data: { name } });
    const data: scoring.BaselineAddedData = {
      baselineId: randomUUID(),
      competitionId,
      phase,
      name,
      description,
      metric: truth.truth.metric,
      publicScore: scores.publicScore,
      privateScore: scores.privateScore,
      ...(scores.scores ? { scores: scores.scores } : {}),
      fileSha256: createHash('sha256').update(file).digest('hex'),
      groundTruthSha256: truth.sha256,
      addedBy: accountId,
    };
    // At the version read: a concurrent add or remove on the phase makes this one fail (ConcurrencyError)
    // rather than pass the name and count checks twice.
    const [event] = await this.store.append(
      scoring.BaselineAdded.aggregate,
      stream,
      history.length === 0 ? 'no_stream' : history.length,
      [{ type: scoring.BaselineAdded.type, data }],
      metadata,
    );
    return { ...data, addedAt: new Date(event!.occurredAt).toISOString() };
  }

  async remove(
    input: { competitionId: string; phase: string; baselineId: string; reason: string },
    accountId: string,
    metadata: EventMetadata,
  ) {
    const { competitionId, phase, baselineId, reason } = input;
    await this.#check(competitionId, phase, accountId);
    const stream = baselinesStream(competitionId, phase);
    const history = await this.store.readStream(stream);
    if (!liveBaselines(history).has(baselineId))
      throw scoringErrors.baselineUnknown({ data: { baselineId } });
    await this.store.append(
      scoring.BaselineRemoved.aggregate,
      stream,
      history.length,
      [
        {
          type: scoring.BaselineRemoved.type,
          data: { baselineId, competitionId, phase, removedBy: accountId, reason },
        },
      ],
      metadata,
    );
    return { baselineId, removed: true as const };
  }

  /** A competition's baselines, every phase, from the read model (oldest first). */
  async list(competitionId: string): Promise<scoring.responses.BaselineRecord[]> {
    await this.#phases(competitionId);
    const rows = await sql<
      Selectable<ScoringReadModels['board_baselines']>
    >`select * from scoring.board_baselines where competition_id = ${competitionId}
      order by added_at, baseline_id`.execute(this.db);
    return rows.rows.map((row) => ({
      baselineId: row.baseline_id,
      competitionId: row.competition_id,
      phase: row.phase,
      name: row.name,
      description: row.description,
      metric: row.metric,
      publicScore: row.public_score,
      privateScore: row.private_score,
      ...(row.scores ? { scores: eventScores(row.scores) } : {}),
      fileSha256: row.file_sha256,
      groundTruthSha256: row.ground_truth_sha256,
      addedBy: row.added_by,
      addedAt: new Date(row.added_at).toISOString(),
    }));
  }
}
