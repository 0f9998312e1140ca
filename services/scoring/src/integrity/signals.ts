// Over 300 lines: the suspicion scan (identical files, correlated predictions; set-based, memory-bounded), the listing and the operator's decisions share one table and stream.
import { type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import type { SubscriptionOptions } from '@sais/kit/messaging';
import type { ServiceContext } from '@sais/kit/platform';
import { pageSignals, recordSignalDecision, signalId } from '@sais/kit/integrity';
import { sql } from 'kysely';
import { Standings } from '../boards/index.ts';
import {
  correlationThreshold,
  errorFingerprint,
  fingerprintCorrelation,
  fingerprintIds,
  readPredictions,
} from './predictions.ts';
import { scoringErrors } from '../errors.ts';

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
/** Errors (fingerprint numbers, 8 bytes each) a scan keeps in memory at most: 64 MB. */
const maxKeptErrors = 8_000_000;

const encode = (print: Float64Array) => Buffer.from(print.buffer, print.byteOffset, print.byteLength);
/** A stored fingerprint (copied: a Buffer from the driver need not be 8-byte aligned). */
const decode = (bytes: Buffer) => new Float64Array(new Uint8Array(bytes).buffer);

const signalStream = (id: string) => `signal-${id}`;

/** A submission a signal's evidence names: who sent it for which team, when, its file and status. */
interface EvidenceSubmission {
  submissionId: string;
  teamId: string;
  submitterId: string;
  status: string;
  fileName: string;
  createdAt: string;
}

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
 * (same SHA-256) and near-identical predictions (error correlation ≥ `correlationThreshold`). New
 * results are compared in the background (`scan`, services/scoring/src/index.ts) and before a listing;
 * signals are derived from the submissions and the kept pairs when listed. Acting on one (dismiss,
 * disqualify a team it names) records `scoring.CollusionSignalDecided` with the reason.
 */
export class Signals {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly standings: Standings,
  ) {}

  /**
   * Compares every Completed result file not yet scanned with the earlier scanned ones of other teams
   * in its phase, and keeps the pairs whose errors correlate above the threshold. A file is read once:
   * its errors at the competition's fingerprint ids (`fingerprintIds`) are stored with its scan
   * (`signal_scans.errors`, little-endian float64, for the ground truth `truth_sha256`) and compared
   * from there; a scan stored for another ground truth (fixed since) is computed again from the file.
   * One scan runs at a time (a PostgreSQL advisory lock, across processes): another waits for it and
   * then scans what is left.
   */
  async scan(competitionId?: string): Promise<number> {
    return this.db.connection().execute(async (db) => {
      await sql`select pg_advisory_lock(hashtext('scoring.signals'))`.execute(db);
      try {
        return await this.#scanLocked(db, competitionId);
      } finally {
        await sql`select pg_advisory_unlock(hashtext('scoring.signals'))`.execute(db);
      }
    });
  }

  async #scanLocked(db: Db, competitionId?: string): Promise<number> {
    const fresh = await sql<Scanned>`select ${scannedColumns}
      from scoring.submissions s join scoring.submission_files f using (submission_id)
      where s.status = 'Completed' and not s.smoke
        and not exists (select 1 from scoring.signal_scans c where c.submission_id = s.submission_id)
        ${competitionId ? sql`and s.competition_id = ${competitionId}` : sql``}
      order by s.created_at`.execute(db);
    if (fresh.rows.length === 0) return 0;
    type Truth = { sha256: string; values: Map<string, number>; ids: string[] };
    const truths = new Map<string, Truth>();
    const truthOf = async (competition: string): Promise<Truth> => {
      let truth = truths.get(competition);
      if (!truth) {
        const row = (
          await sql<{ sha256: string; content: Buffer }>`select sha256, content from scoring.ground_truths
            where competition_id = ${competition}`.execute(db)
        ).rows[0];
        const values = readPredictions(row?.content ?? '');
        truth = { sha256: row?.sha256 ?? '', values, ids: fingerprintIds(values) };
        truths.set(competition, truth);
      }
      return truth;
    };
    // Fingerprints met in this scan, least recently used first, within a budget of numbers.
    const prints = new Map<string, Float64Array>();
    let kept = 0;
    const remember = (submissionId: string, print: Float64Array) => {
      const before = prints.get(submissionId);
      if (before) {
        prints.delete(submissionId);
        kept -= before.length;
      }
      prints.set(submissionId, print);
      kept += print.length;
      for (const [oldest, value] of prints) {
        if (kept <= maxKeptErrors || oldest === submissionId) break;
        prints.delete(oldest);
        kept -= value.length;
      }
      return print;
    };
    const fromFile = async (submissionId: string, truth: Truth) => {
      const file = await sql<{ content: Buffer }>`select content from scoring.submission_files
        where submission_id = ${submissionId}`.execute(db);
      return errorFingerprint(readPredictions(file.rows[0]?.content ?? ''), truth.values, truth.ids);
    };
    /** Fingerprints of scanned files: from this scan, from their stored scans, or computed again. */
    const printsOf = async (submissionIds: string[], truth: Truth) => {
      const missing = submissionIds.filter((id) => !prints.has(id));
      if (missing.length > 0) {
        const stored = await sql<{
          submission_id: string;
          truth_sha256: string | null;
          errors: Buffer | null;
        }>`
          select submission_id, truth_sha256, errors from scoring.signal_scans
          where submission_id = any(${missing}::uuid[])`.execute(db);
        for (const row of stored.rows) {
          if (row.errors && row.truth_sha256 === truth.sha256) {
            remember(row.submission_id, decode(row.errors));
            continue;
          }
          // Scanned before fingerprints were kept, or for a ground truth fixed since.
          const print = remember(row.submission_id, await fromFile(row.submission_id, truth));
          await sql`update scoring.signal_scans set truth_sha256 = ${truth.sha256}, errors = ${encode(print)}
            where submission_id = ${row.submission_id}`.execute(db);
        }
      }
      return submissionIds.map((id) => prints.get(id));
    };
    // Fresh files by phase, oldest first. Each is compared with the latest scanned files of other teams
    // in its phase (fresh ones scanned before it in this scan included), a few statements per 100 files.
    const phases = new Map<string, Scanned[]>();
    for (const row of fresh.rows) {
      const key = `${row.competition_id}|${row.phase}`;
      if (!phases.has(key)) phases.set(key, []);
      phases.get(key)!.push(row);
    }
    for (const group of phases.values()) {
      const { competition_id: competition, phase } = group[0]!;
      const truth = await truthOf(competition);
      // Newest first, with room for one team's own files and identical ones, which are not compared.
      const scanned = (
        await sql<Scanned>`select ${scannedColumns}
          from scoring.submissions s join scoring.signal_scans c using (submission_id)
          where s.competition_id = ${competition} and s.phase = ${phase} and s.status = 'Completed'
          order by s.created_at desc limit ${2 * maxComparisons}`.execute(db)
      ).rows;
      for (let from = 0; from < group.length; from += 100) {
        const chunk = group.slice(from, from + 100);
        const files = await sql<{ submission_id: string; content: Buffer }>`
          select submission_id, content from scoring.submission_files
          where submission_id = any(${chunk.map((row) => row.submission_id)}::uuid[])`.execute(db);
        const contents = new Map(files.rows.map((row) => [row.submission_id, row.content]));
        const pairs: { a: Scanned; b: Scanned; correlation: number; rows: number }[] = [];
        const mineOf = new Map<string, Float64Array>();
        for (const submission of chunk) {
          const mine = remember(
            submission.submission_id,
            errorFingerprint(
              readPredictions(contents.get(submission.submission_id) ?? ''),
              truth.values,
              truth.ids,
            ),
          );
          mineOf.set(submission.submission_id, mine);
          const others = scanned
            .filter((other) => other.team_id !== submission.team_id && other.sha256 !== submission.sha256)
            .slice(0, maxComparisons);
          const theirs = await printsOf(
            others.map((other) => other.submission_id),
            truth,
          );
          others.forEach((other, i) => {
            const found = theirs[i] && fingerprintCorrelation(mine, theirs[i]);
            if (!found || found.correlation < correlationThreshold) return;
            const [a, b] = [submission, other].sort((x, y) => (x.team_id < y.team_id ? -1 : 1)) as [
              Scanned,
              Scanned,
            ];
            pairs.push({ a, b, ...found });
          });
          // Now one of the scanned, in its place by time.
          const at = scanned.findIndex((other) => other.created_at < submission.created_at);
          scanned.splice(at === -1 ? scanned.length : at, 0, submission);
          if (scanned.length > 2 * maxComparisons) scanned.length = 2 * maxComparisons;
        }
        if (pairs.length > 0)
          await sql`insert into scoring.signal_pairs
              (submission_a, submission_b, competition_id, phase, team_a, team_b, correlation, rows, detected_at)
            select a, b, ${competition}, ${phase}, ta, tb, r, n, ${new Date()}
            from unnest(${pairs.map((p) => p.a.submission_id)}::uuid[], ${pairs.map((p) => p.b.submission_id)}::uuid[],
              ${pairs.map((p) => p.a.team_id)}::text[], ${pairs.map((p) => p.b.team_id)}::text[],
              ${pairs.map((p) => p.correlation)}::float8[], ${pairs.map((p) => p.rows)}::integer[]) as x(a, b, ta, tb, r, n)
            on conflict do nothing`.execute(db);
        await sql`insert into scoring.signal_scans (submission_id, scanned_at, truth_sha256, errors)
          select id, ${new Date()}, ${truth.sha256}, errors
          from unnest(${chunk.map((row) => row.submission_id)}::uuid[],
            ${chunk.map((row) => encode(mineOf.get(row.submission_id)!))}::bytea[]) as x(id, errors)
          on conflict do nothing`.execute(db);
      }
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
      submissions: EvidenceSubmission[];
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
    // The compared submissions in words (team, sender, time), as the identical files' evidence has them.
    const compared = [
      ...new Set(correlated.rows.flatMap((row) => row.pairs.flatMap((p) => [p.submissionA, p.submissionB]))),
    ];
    const details = new Map<string, EvidenceSubmission>();
    if (compared.length > 0) {
      const found = await sql<{
        submission_id: string;
        team_id: string;
        submitter_id: string;
        status: string;
        file_name: string;
        created_at: Date;
      }>`select submission_id, team_id, submitter_id, status, file_name, created_at
        from scoring.submissions where submission_id = any(${compared}::uuid[])`.execute(this.db);
      for (const row of found.rows)
        details.set(row.submission_id, {
          submissionId: row.submission_id,
          teamId: row.team_id,
          submitterId: row.submitter_id,
          status: row.status,
          fileName: row.file_name,
          createdAt: new Date(row.created_at).toISOString(),
        });
    }
    const submissionsOf = (pairs: { submissionA: string; submissionB: string }[]) =>
      [...new Set(pairs.flatMap((p) => [p.submissionA, p.submissionB]))]
        .flatMap((id) => details.get(id) ?? [])
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
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
          evidence: {
            threshold: correlationThreshold,
            measure: 'pearson-of-errors',
            pairs: row.pairs,
            submissions: submissionsOf(row.pairs),
          },
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
    if (!found) throw scoringErrors.signalNotFound();
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
    const decided = () => scoringErrors.signalDecided();
    if (signal.status !== 'open') throw decided();
    const teamId = action.decision === 'disqualified' ? action.teamId : null;
    if (teamId !== null && !signal.teamIds.includes(teamId)) throw scoringErrors.signalTeamNotNamed();
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

/**
 * The background scan: after new results (`SubmissionScored`), at most once a second, so a listing of
 * the signals finds little left to do. SCORING_SIGNAL_SCAN=off leaves the scans to the listings.
 * Nothing is lost when the process stops: what is not scanned yet is found by the next scan.
 */
export function signalScans({
  db,
  store,
  config,
  logger,
}: Pick<ServiceContext, 'db' | 'store' | 'config' | 'logger'>): SubscriptionOptions[] {
  if (config.env.SCORING_SIGNAL_SCAN === 'off') return [];
  const signals = new Signals(db, store, new Standings(db, store));
  let scanning: Promise<void> | undefined;
  return [
    {
      groupId: 'scoring.signals',
      topics: ['scoring.submission'],
      handleBatch: async (events) => {
        if (!events.some((event) => event.type === scoring.SubmissionScored.type)) return;
        scanning ??= new Promise<void>((resolve) => setTimeout(resolve, 1000).unref())
          .then(() => {
            scanning = undefined;
            return signals.scan();
          })
          .then(
            () => undefined,
            (error: unknown) =>
              logger.warn({ err: error }, 'collusion scan failed; the next one takes it over'),
          );
      },
    },
  ];
}
