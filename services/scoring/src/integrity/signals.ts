import { type EventMetadata, scoring } from '@sais/events';
import { AppError, type Db, type EventStore, pageSignals, recordSignalDecision, signalId } from '@sais/kit';
import { type RawBuilder, sql } from 'kysely';
import type { Standings } from '../standings.ts';
import { integrityCodes } from './codes.ts';
import { correlationThreshold, errorCorrelation, readPredictions } from './predictions.ts';

export type SignalKind = 'identical-files' | 'correlated-predictions';
export type SignalStatus = 'open' | 'dismissed' | 'disqualified';

export interface Signal {
  id: string;
  kind: SignalKind;
  competitionId: string;
  phase: string;
  teamIds: string[];
  /** 1 for identical files; the highest error correlation for near-identical predictions. */
  strength: number;
  detectedAt: string;
  evidence: unknown;
  status: SignalStatus;
  decision: { decidedBy: string; decidedAt: string; teamId: string | null; reason: string } | null;
}

export interface SignalQuery {
  filter: {
    competitionId?: string;
    kind?: SignalKind;
    status?: SignalStatus;
    teamId?: string;
    ids?: string[];
  };
  sort: { field: 'detectedAt' | 'strength' | 'kind' | 'status'; order: 'ASC' | 'DESC' };
  from: number;
  to: number;
}

/** Comparisons per new submission: the latest Completed submissions of other teams in its phase. */
export const maxComparisons = 2000;
/** Rows of parsed result files a scan keeps in memory at most (about 100 bytes each). */
const maxCachedRows = 2_000_000;

const signalStream = (id: string) => `signal-${id}`;

/** The columns of `Scanned`, from `scoring.submissions s`. */
const scannedColumns = sql.raw(
  's.submission_id, s.competition_id, s.phase, s.team_id, s.sha256, s.created_at',
);

interface Scanned {
  submission_id: string;
  competition_id: string;
  phase: string;
  team_id: string;
  sha256: string;
  created_at: Date;
}

/**
 * Collusion signals of the scoring service (decision 0008): identical result files across teams
 * (same SHA-256) and near-identical predictions (error correlation ≥ `correlationThreshold`). Signals
 * are derived from the submissions when listed; acting on one (dismiss, disqualify a team it names)
 * records `scoring.CollusionSignalDecided` with the reason.
 */
export class Signals {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly standings: Standings,
  ) {}

  /**
   * Compares every Completed result file not yet scanned with the earlier scanned ones of other teams
   * in its phase, and keeps the pairs whose errors correlate above the threshold.
   */
  async scan(competitionId?: string): Promise<number> {
    const fresh = await sql<Scanned>`select ${scannedColumns}
      from scoring.submissions s join scoring.submission_files f using (submission_id)
      where s.status = 'Completed' and not exists (select 1 from scoring.signal_scans c where c.submission_id = s.submission_id)
        ${competitionId ? sql`and s.competition_id = ${competitionId}` : sql``}
      order by s.created_at`.execute(this.db);
    const files = new Map<string, Map<string, number>>();
    const truths = new Map<string, Map<string, number>>();
    let cachedRows = 0;
    const load = async (
      cache: Map<string, Map<string, number>>,
      key: string,
      query: () => Promise<Buffer>,
    ) => {
      const hit = cache.get(key);
      if (hit) {
        // Most recently used last (a Map keeps insertion order).
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const parsed = readPredictions(await query());
      cache.set(key, parsed);
      if (cache === files) {
        // Parsed files are kept for the comparisons to come, within a budget of rows: large files
        // must not exhaust the process's memory (least recently used go first).
        cachedRows += parsed.size;
        for (const [oldest, values] of files) {
          if (cachedRows <= maxCachedRows || oldest === key) break;
          files.delete(oldest);
          cachedRows -= values.size;
        }
      }
      return parsed;
    };
    const content = async (query: RawBuilder<{ content: Buffer }>) =>
      (await query.execute(this.db)).rows[0]?.content ?? Buffer.alloc(0);
    const fileOf = (submissionId: string) =>
      load(files, submissionId, () =>
        content(
          sql<{
            content: Buffer;
          }>`select content from scoring.submission_files where submission_id = ${submissionId}`,
        ),
      );
    for (const submission of fresh.rows) {
      const truth = await load(truths, submission.competition_id, () =>
        content(
          sql<{
            content: Buffer;
          }>`select content from scoring.ground_truths where competition_id = ${submission.competition_id}`,
        ),
      );
      const mine = await fileOf(submission.submission_id);
      const others = await sql<Scanned>`select ${scannedColumns}
        from scoring.submissions s join scoring.signal_scans c using (submission_id)
        where s.competition_id = ${submission.competition_id} and s.phase = ${submission.phase}
          and s.team_id <> ${submission.team_id} and s.sha256 <> ${submission.sha256} and s.status = 'Completed'
        order by s.created_at desc limit ${maxComparisons}`.execute(this.db);
      for (const other of others.rows) {
        const theirs = await fileOf(other.submission_id);
        const found = errorCorrelation(mine, theirs, truth);
        if (!found || found.correlation < correlationThreshold) continue;
        const [a, b] = [submission, other].sort((x, y) => (x.team_id < y.team_id ? -1 : 1)) as [
          Scanned,
          Scanned,
        ];
        await sql`insert into scoring.signal_pairs
            (submission_a, submission_b, competition_id, phase, team_a, team_b, correlation, rows, detected_at)
          values (${a.submission_id}, ${b.submission_id}, ${a.competition_id}, ${a.phase}, ${a.team_id}, ${b.team_id},
            ${found.correlation}, ${found.rows}, ${new Date()})
          on conflict do nothing`.execute(this.db);
      }
      await sql`insert into scoring.signal_scans (submission_id, scanned_at) values (${submission.submission_id}, ${new Date()})
        on conflict do nothing`.execute(this.db);
    }
    return fresh.rows.length;
  }

  /** Every signal (of a competition), newest evidence first, with its decision if any. */
  async #all(competitionId?: string): Promise<Signal[]> {
    await this.scan(competitionId);
    const where = competitionId ? sql`and competition_id = ${competitionId}` : sql``;
    const identical = await sql<{
      competition_id: string;
      phase: string;
      sha256: string;
      submissions: {
        submissionId: string;
        teamId: string;
        submitterId: string;
        status: string;
        fileName: string;
        createdAt: string;
      }[];
      detected_at: Date;
    }>`select competition_id, phase, sha256, max(created_at) as detected_at,
        json_agg(json_build_object('submissionId', submission_id, 'teamId', team_id, 'submitterId', submitter_id,
          'status', status, 'fileName', file_name, 'createdAt', created_at) order by created_at) as submissions
      from scoring.submissions where true ${where}
      group by competition_id, phase, sha256 having count(distinct team_id) > 1`.execute(this.db);
    const correlated = await sql<{
      competition_id: string;
      phase: string;
      team_a: string;
      team_b: string;
      strength: number;
      detected_at: Date;
      pairs: { submissionA: string; submissionB: string; correlation: number; rows: number }[];
    }>`select competition_id, phase, team_a, team_b, max(correlation) as strength, max(detected_at) as detected_at,
        json_agg(json_build_object('submissionA', submission_a, 'submissionB', submission_b,
          'correlation', correlation, 'rows', rows) order by correlation desc) as pairs
      from scoring.signal_pairs where true ${where}
      group by competition_id, phase, team_a, team_b`.execute(this.db);
    const decisions = await sql<{
      signal_id: string;
      decision: 'dismissed' | 'disqualified';
      team_id: string | null;
      reason: string;
      decided_by: string;
      decided_at: Date;
    }>`select * from scoring.signal_decisions where true ${where}`.execute(this.db);
    const decided = new Map(decisions.rows.map((row) => [row.signal_id, row]));
    const withDecision = (signal: Omit<Signal, 'status' | 'decision'>): Signal => {
      const row = decided.get(signal.id);
      return {
        ...signal,
        status: row?.decision ?? 'open',
        decision: row
          ? {
              decidedBy: row.decided_by,
              decidedAt: new Date(row.decided_at).toISOString(),
              teamId: row.team_id,
              reason: row.reason,
            }
          : null,
      };
    };
    return [
      ...identical.rows.map((row) =>
        withDecision({
          id: signalId('identical-files', row.competition_id, row.phase, row.sha256),
          kind: 'identical-files',
          competitionId: row.competition_id,
          phase: row.phase,
          teamIds: [...new Set(row.submissions.map((s) => s.teamId))].sort(),
          strength: 1,
          detectedAt: new Date(row.detected_at).toISOString(),
          evidence: { sha256: row.sha256, submissions: row.submissions },
        }),
      ),
      ...correlated.rows.map((row) =>
        withDecision({
          id: signalId('correlated-predictions', row.competition_id, row.phase, row.team_a, row.team_b),
          kind: 'correlated-predictions',
          competitionId: row.competition_id,
          phase: row.phase,
          teamIds: [row.team_a, row.team_b],
          strength: row.strength,
          detectedAt: new Date(row.detected_at).toISOString(),
          evidence: { threshold: correlationThreshold, measure: 'pearson-of-errors', pairs: row.pairs },
        }),
      ),
    ];
  }

  async list(query: SignalQuery): Promise<{ total: number; records: Signal[] }> {
    const { competitionId, teamId } = query.filter;
    return pageSignals(
      await this.#all(competitionId),
      query,
      (signal) => !teamId || signal.teamIds.includes(teamId),
    );
  }

  async one(id: string): Promise<Signal> {
    const found = (await this.#all()).find((signal) => signal.id === id);
    if (!found) throw new AppError(integrityCodes.signalNotFound, 'signalNotFound', 404);
    return found;
  }

  /** Dismisses a signal, or disqualifies one team it names (the operators' existing call), with a reason. */
  async decide(
    id: string,
    action: { decision: 'dismissed' } | { decision: 'disqualified'; teamId: string },
    reason: string,
    decidedBy: string,
    metadata: EventMetadata,
  ): Promise<Signal> {
    const signal = await this.one(id);
    const decided = () => new AppError(integrityCodes.signalDecided, 'signalDecided', 409);
    if (signal.status !== 'open') throw decided();
    const teamId = action.decision === 'disqualified' ? action.teamId : null;
    if (teamId !== null && !signal.teamIds.includes(teamId))
      throw new AppError(integrityCodes.signalTeamNotNamed, 'signalTeamNotNamed', 400);
    if (teamId !== null) await this.standings.disqualifyTeam(signal.competitionId, teamId, reason, metadata);
    await recordSignalDecision(this.db, this.store, {
      event: scoring.CollusionSignalDecided,
      streamId: signalStream(id),
      data: {
        signalId: id,
        kind: signal.kind,
        competitionId: signal.competitionId,
        decision: action.decision,
        teamId,
        reason,
      },
      metadata,
      row: (trx) =>
        sql`insert into scoring.signal_decisions
          (signal_id, kind, competition_id, decision, team_id, reason, decided_by, decided_at)
        values (${id}, ${signal.kind}, ${signal.competitionId}, ${action.decision}, ${teamId}, ${reason}, ${decidedBy}, ${new Date()})`.execute(
          trx,
        ),
      decided,
    });
    return this.one(id);
  }
}
