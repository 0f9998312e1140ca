// Over 300 lines: the container-image worker: claim under a lease, run, report progress, finish with refunds; issue 20 item 1 moves its outcome-to-events step to a decider in domain/.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type EventEnvelope, type EventMetadata, scoring } from '@sais/events';
import { type Db, type EventStore, isEvent } from '@sais/kit';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { CredentialVault } from '../containers/credentials.ts';
import { judgeRegistry, registryRefusedLog } from '../containers/registry-policy.ts';
import { stageDatasets } from '../containers/datasets.ts';
import type { RunOutcome, RunState, Runner } from '../containers/runner.ts';
import type { RunnerSettings } from '../containers/settings.ts';
import type { ScoringDb } from '../db/tables.ts';
import type { ScoringMetrics } from '../metrics.ts';
import { InvalidFile } from '../evaluation/csv.ts';
import { scoreSubmission } from '../evaluation/score.ts';
import { GroundTruthCache } from '../evaluation/truth-cache.ts';
import { stream } from '../domain/submission.ts';
import { type Refund, type Status, recordStep } from './record.ts';

interface Claimed {
  submissionId: string;
  attempt: number;
  competitionId: string;
  image: string;
  configPath: string;
  credentials: Buffer | null;
  refund: Refund;
}

const system = (correlationId: string): EventMetadata => ({
  actor: { userId: null, role: 'system' },
  correlationId,
  causationId: null,
});

/** Joins the participant's run log and the platform's verdict into the bounded `log` of "my submissions". */
const logOf = (runLog: string, verdict: string | null) =>
  [runLog.trimEnd(), verdict].filter(Boolean).join('\n\n') || null;

/**
 * Runs container submissions. Kafka brings each SubmissionReceived (kind container) to one runner process of
 * the `scoring.runners` group; a process runs up to `slots` at once, so more processes give more parallel
 * runs. The database decides who runs what: a claim takes a row lease (renewed while running) and records
 * EvaluationStarted; every later step is written only while the lease and attempt are still this runner's.
 * A sweep picks up submissions whose runner died (lease expired) or that no runner took: they are retried,
 * and Failed (refunded) after `maxAttempts`, never left Evaluating.
 */
export class ContainerRunWorker {
  readonly #truths: GroundTruthCache;
  #busy = 0;
  #waiters: (() => void)[] = [];
  #sweeper: NodeJS.Timeout | undefined;
  readonly #running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly runner: Runner,
    private readonly vault: () => Promise<CredentialVault>,
    private readonly settings: RunnerSettings,
    private readonly workerId: string,
    private readonly logger?: Logger,
    private readonly metrics?: ScoringMetrics,
  ) {
    this.#truths = new GroundTruthCache(db);
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  async handleBatch(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (!isEvent(scoring.SubmissionReceived, event) || event.data.kind !== 'container') continue;
      await this.#slot();
      this.#start(event.data.submissionId, event.correlationId);
    }
  }

  /** Sweeps every `leaseMs / 2` for runs nobody holds. */
  start(): void {
    this.#sweeper = setInterval(() => void this.sweep().catch(() => undefined), this.settings.leaseMs / 2);
    this.#sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.allSettled([...this.#running]);
  }

  async sweep(): Promise<void> {
    const free = this.settings.slots - this.#busy;
    if (free <= 0) return;
    const stale = new Date(Date.now() - this.settings.leaseMs);
    const rows = await this.#t()
      .selectFrom('container_runs as r')
      .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
      .select('r.submission_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('s.status', '=', 'Waiting'), eb('s.created_at', '<', stale)]),
          eb.and([eb('s.status', '=', 'Evaluating'), eb('r.lease_until', '<', new Date())]),
        ]),
      )
      .orderBy('s.created_at')
      .limit(free)
      .execute();
    for (const row of rows) {
      if (this.#busy >= this.settings.slots) return;
      this.#busy++;
      // The flow goes on under the upload's correlation id (the stream's first event).
      const [received] = await this.store.readStream(stream(row.submission_id)).catch(() => []);
      this.#start(row.submission_id, received?.correlationId ?? randomUUID());
    }
  }

  async #slot(): Promise<void> {
    while (this.#busy >= this.settings.slots)
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    this.#busy++;
  }

  #start(submissionId: string, correlationId: string) {
    const run = this.process(submissionId, correlationId)
      .catch((error: unknown) => this.logger?.error({ submissionId, err: error }, 'container run failed'))
      .finally(() => {
        this.#running.delete(run);
        this.#busy--;
        this.#waiters.shift()?.();
      });
    this.#running.add(run);
  }

  /** Claims the submission (if nobody holds it) and runs it to its end. */
  async process(submissionId: string, correlationId: string): Promise<void> {
    const metadata = system(correlationId);
    const claimed = await this.#claim(submissionId, metadata);
    if (!claimed) return;
    const abort = new AbortController();
    const renew = setInterval(
      () =>
        void this.#renew(claimed).then(
          (held) => held || abort.abort(),
          () => undefined,
        ),
      this.settings.leaseMs / 3,
    );
    const staged: { dir?: string } = {};
    let outcome: RunOutcome;
    try {
      // Asked again just before the pull: a name's addresses may have changed since the submission.
      outcome =
        (await this.#refusedRegistry(claimed)) ?? (await this.#run(claimed, abort.signal, metadata, staged));
    } catch (error) {
      outcome = {
        kind: 'failed',
        reason: `the runner could not run the image (${error instanceof Error ? error.message : String(error)})`,
        log: '',
        platformFault: true,
      };
    } finally {
      clearInterval(renew);
      if (staged.dir) await rm(staged.dir, { recursive: true, force: true });
    }
    if (outcome.kind !== 'aborted') await this.#finish(claimed, outcome, metadata);
    else {
      this.metrics?.containerRun('aborted');
      this.logger?.info({ correlationId, submissionId }, 'container run aborted');
    }
    await this.#releaseImage(claimed);
  }

  /** Stages the datasets (in `staged.dir`, removed by the caller) and runs the image. */
  async #run(claimed: Claimed, signal: AbortSignal, metadata: EventMetadata, staged: { dir?: string }) {
    const { submissionId } = claimed;
    await this.runner.cleanup(submissionId);
    staged.dir = await stageDatasets(
      this.db,
      claimed.competitionId,
      this.settings.datasetsDir,
      submissionId,
      this.settings.stagingDir,
    );
    const credentials = claimed.credentials
      ? (await this.vault()).open(submissionId, claimed.credentials)
      : null;
    return this.runner.run({
      submissionId,
      attempt: claimed.attempt,
      image: claimed.image,
      credentials,
      // The first attempt pulls; a retry whose credentials are gone uses the image the first one pulled.
      pull: claimed.attempt === 1 || claimed.credentials !== null,
      configPath: claimed.configPath,
      dataDir: staged.dir,
      limits: this.settings.limits,
      signal,
      onState: (state) => this.#progress(claimed, state, metadata),
      onPulled: () => this.#forgetCredentials(submissionId),
    });
  }

  /** A Failed outcome when the image's registry is one this competition may not pull from (registry-policy.ts). */
  async #refusedRegistry(claimed: Claimed): Promise<RunOutcome | null> {
    const row = await this.#t()
      .selectFrom('competitions')
      .select('settings')
      .where('competition_id', '=', claimed.competitionId)
      .executeTakeFirst();
    const verdict = await judgeRegistry(claimed.image, row?.settings.allowedRegistries);
    if (verdict.allowed) return null;
    return {
      kind: 'failed',
      reason: registryRefusedLog(claimed.image),
      log: '',
      platformFault: false,
      detail: `registry ${verdict.registry} is at ${verdict.address}`,
    };
  }

  async #claim(submissionId: string, metadata: EventMetadata): Promise<Claimed | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.#t(trx)
        .selectFrom('container_runs as r')
        .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
        .select([
          's.status',
          's.team_id',
          's.quota_day',
          'r.competition_id',
          'r.image',
          'r.config_path',
          'r.credentials',
          'r.attempt',
          'r.lease_until',
        ])
        .where('r.submission_id', '=', submissionId)
        .forUpdate('r')
        .executeTakeFirst();
      if (!row || (row.status !== 'Waiting' && row.status !== 'Evaluating')) return null;
      if (row.status === 'Evaluating' && row.lease_until && row.lease_until > new Date()) return null;
      const refund = { competitionId: row.competition_id, teamId: row.team_id, quotaDay: row.quota_day };
      const expected = (await this.store.readStream(stream(submissionId), { trx })).length;
      if (row.attempt >= this.settings.maxAttempts) {
        const reason = `the runner stopped during the run ${row.attempt} times`;
        await this.#t(trx)
          .updateTable('container_runs')
          .set({ run_state: null, credentials: null })
          .where('submission_id', '=', submissionId)
          .execute();
        await recordStep(trx, this.store, {
          submissionId,
          expected,
          events: [
            {
              type: scoring.EvaluationFailed.type,
              data: { submissionId, attempt: row.attempt, reason, final: true },
            },
          ],
          metadata,
          status: 'Failed',
          columns: { log: this.#failedLog(reason, true) },
          refund,
        });
        return null;
      }
      const attempt = row.attempt + 1;
      const leaseUntil = new Date(Date.now() + this.settings.leaseMs);
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ attempt, worker: this.workerId, lease_until: leaseUntil, run_state: null })
        .where('submission_id', '=', submissionId)
        .execute();
      await recordStep(trx, this.store, {
        submissionId,
        expected,
        events: [
          {
            type: scoring.EvaluationStarted.type,
            data: { submissionId, worker: this.workerId, attempt, leaseUntil: leaseUntil.toISOString() },
          },
        ],
        metadata,
        status: 'Evaluating',
      });
      return {
        submissionId,
        attempt,
        competitionId: row.competition_id,
        image: row.image,
        configPath: row.config_path,
        credentials: row.credentials,
        refund,
      };
    });
  }

  /** Runs `write` only while this runner still holds the submission (Evaluating, same attempt and worker). */
  async #whileHeld(claimed: Claimed, write: (trx: Db, expected: number) => Promise<void>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const held = await this.#t(trx)
        .selectFrom('container_runs as r')
        .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
        .select('s.status')
        .where('r.submission_id', '=', claimed.submissionId)
        .where('r.attempt', '=', claimed.attempt)
        .where('r.worker', '=', this.workerId)
        .where('s.status', '=', 'Evaluating')
        .forUpdate('r')
        .executeTakeFirst();
      if (!held) return false;
      await write(trx, (await this.store.readStream(stream(claimed.submissionId), { trx })).length);
      return true;
    });
  }

  async #renew(claimed: Claimed): Promise<boolean> {
    return this.#whileHeld(claimed, async (trx) => {
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ lease_until: new Date(Date.now() + this.settings.leaseMs) })
        .where('submission_id', '=', claimed.submissionId)
        .execute();
    });
  }

  async #progress(claimed: Claimed, state: RunState, metadata: EventMetadata): Promise<void> {
    await this.#whileHeld(claimed, async (trx, expected) => {
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ run_state: state })
        .where('submission_id', '=', claimed.submissionId)
        .execute();
      await this.store.append(
        scoring.SubmissionReceived.aggregate,
        stream(claimed.submissionId),
        expected,
        [
          {
            type: scoring.ContainerRunProgressed.type,
            data: { submissionId: claimed.submissionId, state, attempt: claimed.attempt },
          },
        ],
        metadata,
        { trx },
      );
    });
  }

  async #forgetCredentials(submissionId: string): Promise<void> {
    await this.#t()
      .updateTable('container_runs')
      .set({ credentials: null })
      .where('submission_id', '=', submissionId)
      .execute();
  }

  #failedLog(reason: string, refunded: boolean) {
    return refunded
      ? `The platform could not run this submission (${reason}); it does not count against your daily limit.`
      : reason;
  }

  /** Scores the collected file, or records why there is none, while the lease is still ours. */
  async #finish(
    claimed: Claimed,
    outcome: Exclude<RunOutcome, { kind: 'aborted' }>,
    metadata: EventMetadata,
  ) {
    const { submissionId } = claimed;
    let file: Buffer | null = null;
    // The scorer's refusal of the run's result file (a key with parameters, issue 21).
    let refusal: scoring.FileRefusal | null = null;
    let step: {
      events: { type: string; data: unknown }[];
      status: Status;
      columns: {
        public_score?: number;
        private_score?: number;
        log?: string | null;
        refusal?: scoring.FileRefusal | null;
      };
      refund?: Refund;
    };
    let recorded: string;
    if (outcome.kind === 'result') {
      file = outcome.file.bytes;
      let timing: { metric: string; started: number } | undefined;
      try {
        const truth = await this.#truths.get(claimed.competitionId);
        timing = { metric: truth.truth.metric, started: performance.now() };
        const scores = scoreSubmission(file, truth.truth);
        recorded = 'scored';
        step = {
          events: [
            {
              type: scoring.SubmissionScored.type,
              data: { submissionId, metric: truth.truth.metric, ...scores, groundTruthSha256: truth.sha256 },
            },
          ],
          status: 'Completed',
          columns: {
            public_score: scores.publicScore,
            private_score: scores.privateScore,
            log: logOf(outcome.log, null),
          },
        };
      } catch (error) {
        if (!(error instanceof InvalidFile)) throw error;
        refusal = error.refusal;
        outcome = { kind: 'invalid', reason: error.message, log: outcome.log };
      } finally {
        if (timing) this.metrics?.scored(timing.metric, (performance.now() - timing.started) / 1000);
      }
    }
    if (outcome.kind === 'invalid') {
      recorded = 'invalid';
      step = {
        events: [
          {
            type: scoring.SubmissionInvalid.type,
            data: { submissionId, log: refusal ?? outcome.reason.slice(0, 2000) },
          },
        ],
        status: 'Invalid',
        // The run's output, then the verdict: the refusal apart (rendered per reader), or the runner's text.
        columns: refusal
          ? { log: logOf(outcome.log, null), refusal }
          : { log: logOf(outcome.log, outcome.reason) },
      };
    } else if (outcome.kind === 'failed') {
      const retry = outcome.platformFault && claimed.attempt < this.settings.maxAttempts;
      const final = !retry;
      recorded = final ? 'failed' : 'retried';
      this.logger?.warn(
        {
          correlationId: metadata.correlationId,
          submissionId,
          attempt: claimed.attempt,
          reason: outcome.reason,
          detail: outcome.detail,
        },
        'container run failed',
      );
      // Operators see the engine's words in the event (the audit log); the participant's log has the reason only.
      const withDetail = outcome.detail ? `${outcome.reason} [engine: ${outcome.detail}]` : outcome.reason;
      step = {
        events: [
          {
            type: scoring.EvaluationFailed.type,
            data: { submissionId, attempt: claimed.attempt, reason: withDetail.slice(0, 2000), final },
          },
        ],
        status: final ? 'Failed' : 'Waiting',
        columns: {
          log: final ? logOf(outcome.log, this.#failedLog(outcome.reason, outcome.platformFault)) : null,
        },
        refund: final && outcome.platformFault ? claimed.refund : undefined,
      };
    }
    const held = await this.#whileHeld(claimed, async (trx, expected) => {
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ run_state: null, lease_until: null })
        .where('submission_id', '=', submissionId)
        .execute();
      // Kept like an uploaded file: "download my file" and operator re-scoring work the same.
      if (file)
        await sql`insert into scoring.submission_files (submission_id, content) values (${submissionId}, ${file})
          on conflict (submission_id) do update set content = excluded.content`.execute(trx);
      await recordStep(trx, this.store, { submissionId, expected, metadata, ...step! });
    });
    // Not held: the lease ran out meanwhile and another runner's attempt decides.
    const ended = held ? recorded! : 'lease_lost';
    this.metrics?.containerRun(ended);
    this.logger?.info(
      { correlationId: metadata.correlationId, submissionId, attempt: claimed.attempt, outcome: ended },
      'container run finished',
    );
  }

  /** Removes the image unless an unfinished submission (another, or this one's retry) names it. */
  async #releaseImage(claimed: Claimed) {
    const needed = await this.#t()
      .selectFrom('container_runs as r')
      .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
      .select('r.submission_id')
      .where('r.image', '=', claimed.image)
      .where('s.status', 'in', ['Waiting', 'Evaluating'])
      .executeTakeFirst();
    if (!needed) await this.runner.release(claimed.image);
  }
}
