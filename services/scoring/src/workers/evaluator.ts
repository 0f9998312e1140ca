// Over 300 lines: the result-file evaluator, batched claims and the one-submission path (load the streams, decide and record through submissions/commands.ts), with leases, retries and logging.
import { type EventEnvelope, type EventMetadata, scoring } from '@sais/events';
import { AppError, ConcurrencyError } from '@sais/kit/errors';
import type { Db } from '@sais/kit/db';
import { type EventOf, type EventStore, dataOf, isEvent } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { InvalidFile } from '../evaluation/csv.ts';
import { GroundTruthCache, PlatformFault } from '../evaluation/truth-cache.ts';
import { scoreSubmission } from '../evaluation/score.ts';
import {
  type ScoreResult,
  type SubmissionCommand,
  type SubmissionState,
  foldSubmission,
  stream,
} from '../submissions/index.ts';
import { SubmissionCommands } from '../submissions/index.ts';
import type { ScoringMetrics } from '../metrics.ts';
import type { Liveness } from './presence.ts';

export interface EvaluatorOptions {
  workerId: string;
  /** How long a worker may hold a submission before another may take it over. */
  leaseMs: number;
  maxAttempts: number;
  backoffMs: number;
  /** Submissions claimed, scored and recorded together: one transaction each way for all (default 16). */
  batchSize?: number;
  logger?: Logger;
  metrics?: ScoringMetrics;
  /**
   * Which claim holders live (default: all, so only leases decide). A claim of a dead worker is taken over
   * at once, whatever its lease says (presence.ts).
   */
  liveness?: Liveness;
  /** False while workers must not take on work (the data volume is nearly full); checked before claiming. */
  canClaim?: () => Promise<boolean>;
}

type Received = EventOf<typeof scoring.SubmissionReceived>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A scoring worker. Runs in a Kafka consumer group, so more workers share the submissions and a
 * dead worker's submissions are redelivered to another. Each submission is scored once: every step
 * is an append with the expected stream version, and a lease lets a live worker finish undisturbed.
 */
export class Evaluator {
  readonly #truths: GroundTruthCache;
  readonly #liveness: Liveness;
  #stopping = false;
  readonly #commands: SubmissionCommands;
  #warnedAt = 0;
  /** Submissions this worker has claimed and is scoring now (its other claims are of attempts that died). */
  readonly #working = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly options: EvaluatorOptions,
  ) {
    this.#truths = new GroundTruthCache(db, options.logger);
    this.#commands = new SubmissionCommands(db, store);
    this.#liveness = options.liveness ?? { alive: async (ids) => new Set(ids) };
  }

  get workerId(): string {
    return this.options.workerId;
  }

  /** Claims nothing more: batches still to come fail (Kafka delivers them to another worker). */
  stopClaiming(): void {
    this.#stopping = true;
  }

  /**
   * The submissions among `histories` that may be claimed now: Waiting ones, and Evaluating ones whose
   * lease ran out or whose holder's process is gone.
   */
  async takeable(histories: readonly (readonly EventEnvelope[])[]): Promise<boolean[]> {
    const states = histories.map(foldSubmission);
    const now = Date.now();
    const self = this.options.workerId;
    const held = states.flatMap((s) =>
      s.status === 'Evaluating' && s.lease.until > now && s.lease.worker !== self ? [s.lease.worker] : [],
    );
    const alive = held.length ? await this.#liveness.alive(held) : new Set();
    return states.map((s, index) => {
      if (s.status === 'Waiting') return true;
      if (s.status !== 'Evaluating') return false;
      if (s.lease.until <= now) return true;
      // Its own claim that it is not working on: an attempt that failed midway (the database went away).
      if (s.lease.worker === self)
        return !this.#working.has(dataOf(scoring.submissionEvents, histories[index]![0]!).submissionId);
      return !alive.has(s.lease.worker);
    });
  }

  /** False while the data volume is too full to take on work (said in the log once a minute). */
  async #roomToWork(): Promise<boolean> {
    if (!this.options.canClaim || (await this.options.canClaim())) return true;
    if (Date.now() - this.#warnedAt > 60_000) {
      this.#warnedAt = Date.now();
      this.options.logger?.warn('the data volume is nearly full: workers claim no submissions');
    }
    return false;
  }

  /**
   * Scores a batch's new result files, a chunk at a time: a chunk's submissions are read in one query,
   * claimed (EvaluationStarted with a lease) in one transaction, scored, and their results recorded in one
   * transaction. Each submission stays its own stream guarded by its expected version, so a chunk that
   * loses a race on any of them falls back to taking each on its own (`evaluate`). The batch is done (and
   * its offsets may be committed) only when every submission of it is.
   */
  async handleBatch(events: readonly EventEnvelope[]): Promise<void> {
    // Container submissions are run (and then scored) by the container runners.
    const files = events
      .filter((event) => isEvent(scoring.SubmissionReceived, event))
      .filter((event) => event.data.kind !== 'container');
    if (files.length === 0) return;
    // Left Waiting: redelivered (stopping), or taken by a sweeper once there is room (sweeper.ts).
    if (this.#stopping) throw new Error('the worker is stopping');
    if (!(await this.#roomToWork())) return;
    const later: Promise<void>[] = [];
    let failure: unknown;
    try {
      for (const chunk of chunks(files, Math.max(1, this.options.batchSize ?? 16))) {
        // Stopping: what is claimed finishes, the rest of the batch is left for redelivery.
        if (this.#stopping) throw new Error('the worker is stopping');
        later.push(...(await this.#evaluateChunk(chunk)));
      }
    } catch (error) {
      failure = error;
    }
    // Nothing is left running (or rejecting unobserved) when the batch ends, even on an error.
    const settled = await Promise.allSettled(later);
    const rejected = settled.find((result) => result.status === 'rejected');
    if (failure !== undefined) throw failure;
    if (rejected) throw rejected.reason;
  }

  /** Claims, scores and records a chunk; returns what is left to finish on its own (held leases, retries). */
  async #evaluateChunk(chunk: readonly Received[]): Promise<Promise<void>[]> {
    const histories = await this.store.readStreams(chunk.map((event) => stream(event.data.submissionId)));
    const claimable: Claim[] = [];
    const alone: Received[] = [];
    const ids = chunk.map((event) => event.data.submissionId);
    const takeable = await this.takeable(ids.map((id) => histories.get(stream(id))!));
    chunk.forEach((event, index) => {
      const submissionId = ids[index]!;
      const history = histories.get(stream(submissionId))!;
      const state = foldSubmission(history);
      if (takeable[index])
        claimable.push({ submissionId, event, history, state, attempt: 0, version: 0, hash: null });
      else if (state.status === 'Evaluating') alone.push(event); // a live worker's claim: wait for it
    });
    const solo = (event: Received) => this.evaluate(event.data.submissionId, event.correlationId);
    if (claimable.length === 0) return alone.map(solo);
    let claims: Claim[];
    try {
      claims = await this.#claim(claimable);
    } catch (error) {
      // Somebody appended to one of them meanwhile: take each on its own.
      if (error instanceof ConcurrencyError) return [...alone, ...claimable.map((c) => c.event)].map(solo);
      throw error;
    }
    for (const claim of claims) this.#working.add(claim.submissionId);
    let outcomes: Outcome[];
    try {
      outcomes = await this.#scoreAll(claims);
      const results = claims.map((claim, index) => ({
        submissionId: claim.submissionId,
        command: this.#recordCommand(outcomes[index]!),
        state: claim.state,
        head: { version: claim.version, hash: claim.hash },
        metadata: this.#metadata(claim.event.correlationId),
      }));
      try {
        await this.#commands.decideMany(results);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // Another event came meanwhile (a lease ran out and another worker took one over): each on its
        // own; a taken-over submission's result is the other worker's (the decider refuses ours).
        for (const { submissionId, command, metadata } of results) {
          try {
            await this.#commands.handle(submissionId, command, metadata);
          } catch (each) {
            if (!lostClaim(each)) throw each;
          }
        }
      }
    } finally {
      for (const claim of claims) this.#working.delete(claim.submissionId);
    }
    const retries = claims.flatMap((claim, index) => {
      const outcome = outcomes[index]!;
      const attempt = claim.attempt;
      this.#logOutcome(claim.submissionId, claim.event.correlationId, outcome, attempt);
      if (outcome.kind !== 'failed') return [];
      if (attempt >= this.options.maxAttempts) return [];
      return [
        sleep(this.options.backoffMs * 2 ** (attempt - 1)).then(() =>
          this.evaluate(claim.submissionId, claim.event.correlationId),
        ),
      ];
    });
    return [...alone.map(solo), ...retries];
  }

  /** EvaluationStarted (with a lease) for every claim in one statement; each claim learns its new head. */
  async #claim(claimable: readonly Claim[]): Promise<Claim[]> {
    const command = this.#claimCommand();
    const outcomes = await this.#commands.decideMany(
      claimable.map(({ submissionId, event, history, state }) => ({
        submissionId,
        command,
        state,
        head: { version: history.length, hash: history.at(-1)?.hash ?? null },
        metadata: this.#metadata(event.correlationId),
      })),
    );
    return claimable.map((claim, index) => {
      const { decision, after, head } = outcomes[index]!;
      return { ...claim, ...head, state: after, attempt: decision.lease!.attempt };
    });
  }

  /** A claim by this worker now, under a lease (the caller found the submission takeable). */
  #claimCommand(): Extract<SubmissionCommand, { type: 'Claim' }> {
    const { workerId, leaseMs, maxAttempts } = this.options;
    return { type: 'Claim', worker: workerId, now: Date.now(), leaseMs, maxAttempts, takeOver: true };
  }

  /** The outcome as the decider records it (a final failure refunds the day's allowance). */
  #recordCommand(outcome: Outcome): SubmissionCommand {
    const { workerId, maxAttempts } = this.options;
    return { type: 'RecordScore', worker: workerId, maxAttempts, outcome };
  }

  /** Scores claims one after another (scoring is CPU work); the files come in one query. */
  async #scoreAll(claims: readonly Claim[]): Promise<Outcome[]> {
    let files: Map<string, Buffer>;
    try {
      const rows = await sql<{ submission_id: string; content: Buffer }>`
        select submission_id, content from scoring.submission_files
        where submission_id = any(${claims.map((c) => c.submissionId)}::uuid[])`.execute(this.db);
      files = new Map(rows.rows.map((row) => [row.submission_id, row.content]));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return claims.map(() => ({ kind: 'failed' as const, reason }));
    }
    // One ground-truth check per competition of the chunk (not one per submission).
    const truths = new Map<string, ReturnType<GroundTruthCache['get']>>();
    const outcomes: Outcome[] = [];
    for (const claim of claims) {
      const competitionId = claim.state.status === 'none' ? '' : claim.state.received.competitionId;
      if (!truths.has(competitionId)) {
        const truth = this.#truths.get(competitionId);
        truth.catch(() => undefined); // observed by #score
        truths.set(competitionId, truth);
      }
      outcomes.push(await this.#score(truths.get(competitionId)!, files.get(claim.submissionId)));
    }
    return outcomes;
  }

  /** One line per scored, refused or failed file, with the flow's correlation id (docs/operations.md). */
  #logOutcome(submissionId: string, correlationId: string, outcome: Outcome, attempt: number): void {
    const logger = this.options.logger;
    if (!logger) return;
    const fields = { correlationId, submissionId, attempt, worker: this.options.workerId };
    if (outcome.kind === 'scored')
      logger.info({ ...fields, metric: outcome.result.metric }, 'submission scored');
    else if (outcome.kind === 'invalid') logger.info(fields, 'submission invalid');
    else logger.warn({ ...fields, reason: outcome.reason }, 'evaluation failed');
  }

  #metadata(correlationId: string): EventMetadata {
    return { actor: { userId: null, role: 'system' }, correlationId, causationId: null };
  }

  async evaluate(submissionId: string, correlationId: string): Promise<void> {
    const metadata = this.#metadata(correlationId);
    for (let round = 0; round < 1000; round++) {
      // Stopping: a live holder or the sweepers of other processes move it on.
      if (this.#stopping) return;
      const history = await this.store.readStream(stream(submissionId));
      const state = foldSubmission(history);
      if (state.status !== 'Waiting' && state.status !== 'Evaluating') return;
      if (state.status === 'Evaluating' && !(await this.takeable([history]))[0]) {
        // A live worker holds it: look again every half second (it may finish long before its lease ends).
        await sleep(Math.min(state.lease.until - Date.now() + 10, 500));
        continue;
      }
      // A takeover only of the claim looked at above (a newer claim is looked at again).
      const seen = state.status === 'Evaluating' ? state.lease : undefined;
      const claimOf = (now: SubmissionState): SubmissionCommand => {
        const lease = now.status === 'Evaluating' ? now.lease : undefined;
        const same = lease?.worker === seen?.worker && lease?.attempt === seen?.attempt;
        return { ...this.#claimCommand(), takeOver: same };
      };
      let attempt: number;
      try {
        const { decision } = await this.#commands.handle(submissionId, claimOf, metadata);
        if (!decision.lease) return; // a container's claims used up (not a result file's)
        attempt = decision.lease.attempt;
      } catch (error) {
        if (error instanceof ConcurrencyError || lostClaim(error)) continue;
        throw error;
      }
      this.#working.add(submissionId);
      try {
        // A storage fault is the platform's: retried like any other (see #score).
        const content = await this.#file(submissionId).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        );
        const outcome = await this.#score(this.#truths.get(state.received.competitionId), content);
        this.#logOutcome(submissionId, correlationId, outcome, attempt);
        if (outcome.kind === 'failed')
          this.options.logger?.warn({ submissionId, attempt, reason: outcome.reason }, 'evaluation failed');
        try {
          const { decision } = await this.#commands.handle(
            submissionId,
            this.#recordCommand(outcome),
            metadata,
          );
          // Scored, Invalid or finally Failed; Waiting: tried again after the backoff.
          if (decision.status !== 'Waiting') return;
          await sleep(this.options.backoffMs * 2 ** (attempt - 1));
        } catch (error) {
          // Someone took over after our lease ran out: their result stands.
          if (error instanceof ConcurrencyError || lostClaim(error)) return;
          throw error;
        }
      } finally {
        this.#working.delete(submissionId);
      }
    }
  }

  async #file(submissionId: string): Promise<Buffer | undefined> {
    const file = await sql<{
      content: Buffer;
    }>`select content from scoring.submission_files where submission_id = ${submissionId}`.execute(this.db);
    return file.rows[0]?.content;
  }

  async #score(
    truthOf: ReturnType<GroundTruthCache['get']>,
    content: Buffer | undefined | Error,
  ): Promise<Outcome> {
    try {
      const truth = await truthOf;
      if (content instanceof Error) throw content;
      if (!content) throw new PlatformFault('the submitted file is missing from storage');
      const started = performance.now();
      try {
        const scores = scoreSubmission(content, truth.truth, undefined, truth.secondary);
        return {
          kind: 'scored' as const,
          result: { metric: truth.truth.metric, ...scores, groundTruthSha256: truth.sha256 },
        };
      } catch (error) {
        if (error instanceof InvalidFile)
          return { kind: 'invalid' as const, log: error.refusal ?? error.message };
        throw error;
      } finally {
        this.options.metrics?.scored(truth.truth.metric, (performance.now() - started) / 1000);
      }
    } catch (error) {
      return { kind: 'failed' as const, reason: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** The decider's refusal of a claim that is no longer this worker's (taken over, or finished). */
const lostClaim = (error: unknown) =>
  error instanceof AppError && error.messageKey === 'submissionNotClaimable';

interface Claim {
  submissionId: string;
  event: Received;
  history: EventEnvelope[];
  /** Before the claim: the state read; after it: the claimed state. */
  state: SubmissionState;
  /** The claim's attempt (after the claim). */
  attempt: number;
  /** After the claim: the stream's version and hash (its EvaluationStarted). */
  version: number;
  hash: string | null;
}

type Outcome =
  | { kind: 'scored'; result: ScoreResult }
  | { kind: 'invalid'; log: scoring.SubmissionLog }
  | { kind: 'failed'; reason: string };

/** Consecutive chunks of at most `size` submissions and about 32 MB of files (a bigger file goes alone). */
function chunks(events: readonly Received[], size: number): Received[][] {
  const out: Received[][] = [];
  let current: Received[] = [];
  let bytes = 0;
  for (const event of events) {
    const fileSize = event.data.size ?? 0;
    if (current.length > 0 && (current.length >= size || bytes + fileSize > 32 * 1024 * 1024)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(event);
    bytes += fileSize;
  }
  if (current.length > 0) out.push(current);
  return out;
}
