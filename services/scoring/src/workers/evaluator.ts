import { type EventEnvelope, type EventMetadata, scoring } from '@sais/events';
import { ConcurrencyError, type Db, type EventStore } from '@sais/kit';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { InvalidFile } from '../evaluation/csv.ts';
import { GroundTruthCache, PlatformFault } from '../evaluation/truth-cache.ts';
import { scoreSubmission } from '../evaluation/score.ts';
import { stream } from '../submissions.ts';
import { type Refund, type Status, recordStep } from './record.ts';

export interface EvaluatorOptions {
  workerId: string;
  /** How long a worker may hold a submission before another may take it over. */
  leaseMs: number;
  maxAttempts: number;
  backoffMs: number;
  /** Submissions of one batch scored at once (default 1). */
  concurrency?: number;
  logger?: Logger;
}

interface Progress {
  status: 'none' | 'Waiting' | 'Evaluating' | 'Completed' | 'Invalid' | 'Failed';
  attempts: number;
  leaseUntil: number;
  received?: { competitionId: string; teamId: string; quotaDay: string };
}

export function progressOf(events: readonly EventEnvelope[]): Progress {
  const progress: Progress = { status: 'none', attempts: 0, leaseUntil: 0 };
  for (const event of events) {
    const data = event.data as { attempt: number; leaseUntil: string; final: boolean } & Progress['received'];
    if (event.type === scoring.SubmissionReceived.type)
      Object.assign(progress, { status: 'Waiting', received: data });
    if (event.type === scoring.EvaluationStarted.type)
      Object.assign(progress, {
        status: 'Evaluating',
        attempts: data.attempt,
        leaseUntil: Date.parse(data.leaseUntil),
      });
    if (event.type === scoring.EvaluationFailed.type) progress.status = data.final ? 'Failed' : 'Waiting';
    if (event.type === scoring.SubmissionScored.type) progress.status = 'Completed';
    if (event.type === scoring.SubmissionInvalid.type) progress.status = 'Invalid';
    if (event.type === scoring.SubmissionRescored.type)
      progress.status = (event.data as { log: string | null }).log === null ? 'Completed' : 'Invalid';
  }
  return progress;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A scoring worker. Runs in a Kafka consumer group, so more workers share the submissions and a
 * dead worker's submissions are redelivered to another. Each submission is scored once: every step
 * is an append with the expected stream version, and a lease lets a live worker finish undisturbed.
 */
export class Evaluator {
  readonly #truths: GroundTruthCache;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly options: EvaluatorOptions,
  ) {
    this.#truths = new GroundTruthCache(db);
  }

  /**
   * Scores a batch's new result files, up to `concurrency` at once: each submission is its own stream
   * with its own lease, so they are independent; the batch is done (and its offsets may be committed)
   * only when all of them are.
   */
  async handleBatch(events: readonly EventEnvelope[]): Promise<void> {
    // Container submissions are run (and then scored) by the container runners.
    const files = events.filter(
      (event) =>
        event.type === scoring.SubmissionReceived.type &&
        (event.data as { kind?: string }).kind !== 'container',
    );
    let next = 0;
    const lane = async () => {
      while (next < files.length) {
        const event = files[next++]!;
        await this.evaluate((event.data as { submissionId: string }).submissionId, event.correlationId);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency ?? 1) }, lane));
  }

  #metadata(correlationId: string): EventMetadata {
    return { actor: { userId: null, role: 'system' }, correlationId, causationId: null };
  }

  async evaluate(submissionId: string, correlationId: string): Promise<void> {
    const metadata = this.#metadata(correlationId);
    for (let round = 0; round < 1000; round++) {
      const history = await this.store.readStream(stream(submissionId));
      const progress = progressOf(history);
      if (
        progress.status === 'none' ||
        progress.status === 'Completed' ||
        progress.status === 'Invalid' ||
        progress.status === 'Failed'
      )
        return;
      if (progress.status === 'Evaluating' && progress.leaseUntil > Date.now()) {
        await sleep(Math.min(progress.leaseUntil - Date.now() + 10, this.options.leaseMs));
        continue;
      }
      const attempt = progress.attempts + 1;
      const leaseUntil = new Date(Date.now() + this.options.leaseMs).toISOString();
      let version: number;
      try {
        const appended = await this.#record(
          submissionId,
          history.length,
          {
            type: scoring.EvaluationStarted.type,
            data: { submissionId, worker: this.options.workerId, attempt, leaseUntil },
          },
          metadata,
          'Evaluating',
        );
        version = appended;
      } catch (error) {
        if (error instanceof ConcurrencyError) continue;
        throw error;
      }
      const outcome = await this.#score(submissionId, progress.received!.competitionId);
      try {
        if (outcome.kind === 'scored') {
          await this.#record(
            submissionId,
            version,
            { type: scoring.SubmissionScored.type, data: { submissionId, ...outcome.result } },
            metadata,
            'Completed',
            {
              public_score: outcome.result.publicScore,
              private_score: outcome.result.privateScore,
              log: null,
            },
          );
          return;
        }
        if (outcome.kind === 'invalid') {
          await this.#record(
            submissionId,
            version,
            { type: scoring.SubmissionInvalid.type, data: { submissionId, log: outcome.log } },
            metadata,
            'Invalid',
            { log: outcome.log },
          );
          return;
        }
        const final = attempt >= this.options.maxAttempts;
        this.options.logger?.warn({ submissionId, attempt, reason: outcome.reason }, 'evaluation failed');
        await this.#record(
          submissionId,
          version,
          {
            type: scoring.EvaluationFailed.type,
            data: { submissionId, attempt, reason: outcome.reason, final },
          },
          metadata,
          final ? 'Failed' : 'Waiting',
          {
            log: final
              ? `The platform could not score this submission (${outcome.reason}); it does not count against your daily limit.`
              : null,
          },
          final ? progress.received! : undefined,
        );
        if (final) return;
        await sleep(this.options.backoffMs * 2 ** (attempt - 1));
      } catch (error) {
        // Someone took over after our lease ran out: their result stands.
        if (error instanceof ConcurrencyError) return;
        throw error;
      }
    }
  }

  /** Appends one event with the expected version and mirrors the status; a final failure refunds the quota. */
  async #record(
    submissionId: string,
    expected: number,
    event: { type: string; data: unknown },
    metadata: EventMetadata,
    status: Status,
    columns: { public_score?: number; private_score?: number; log?: string | null } = {},
    refund?: Refund,
  ): Promise<number> {
    return this.db.transaction().execute((trx) =>
      recordStep(trx, this.store, {
        submissionId,
        expected,
        events: [event],
        metadata,
        status,
        columns,
        refund,
      }),
    );
  }

  async #score(submissionId: string, competitionId: string) {
    try {
      const truth = await this.#truths.get(competitionId);
      const file = await sql<{
        content: Buffer;
      }>`select content from scoring.submission_files where submission_id = ${submissionId}`.execute(this.db);
      if (!file.rows[0]) throw new PlatformFault('the submitted file is missing from storage');
      try {
        const scores = scoreSubmission(file.rows[0].content, truth.truth);
        return {
          kind: 'scored' as const,
          result: { metric: truth.truth.metric, ...scores, groundTruthSha256: truth.sha256 },
        };
      } catch (error) {
        if (error instanceof InvalidFile) return { kind: 'invalid' as const, log: error.message };
        throw error;
      }
    } catch (error) {
      return { kind: 'failed' as const, reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
