// Over 300 lines: the container-image worker: claim under a lease, run, report progress, finish (each step through submissions/commands.ts), sweep and release on stop.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { type EventEnvelope, type EventMetadata, scoring } from '@sais/events';
import type { Db } from '@sais/kit/db';
import { type EventStore, isEvent } from '@sais/kit/eventstore';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { CredentialVault } from '../containers/credentials.ts';
import { judgeRegistry, registryRefusedVerdict } from '../containers/registry-policy.ts';
import { stageDatasets } from '../containers/datasets.ts';
import { phaseRunLimits } from '../containers/phase-limits.ts';
import { takeNextFair } from '../containers/run-queue.ts';
import { SMOKE_LOG_CHARS, checkSmokeResult, smokeSplitOf } from '../containers/smoke.ts';
import type { RunOutcome, RunState, Runner } from '../containers/runner.ts';
import type { RunnerSettings } from '../containers/settings.ts';
import type { ScoringDb } from '../db/tables.ts';
import type { ScoringMetrics } from '../metrics.ts';
import { InvalidFile } from '../evaluation/csv.ts';
import { scoreSubmission } from '../evaluation/score.ts';
import { GroundTruthCache } from '../evaluation/truth-cache.ts';
import { type SubmissionCommand, SubmissionCommands, stream } from '../submissions/index.ts';
import { type Liveness, selfOnly } from './presence.ts';

interface Claimed {
  submissionId: string;
  /** The claim's number (EvaluationStarted's attempt): one more at each claim, released ones too. */
  attempt: number;
  /** An earlier attempt pulled the image (it reached `running`): a retry without credentials uses it. */
  pulled: boolean;
  competitionId: string;
  /** The phase the submission was made in: its runs use that phase's limits. */
  phase: string;
  image: string;
  configPath: string;
  credentials: Buffer | null;
  /** A smoke run (decision 0049): the smoke split only, its result's format checked, never scored. */
  smoke: boolean;
}

const system = (correlationId: string): EventMetadata => ({
  actor: { userId: null, role: 'system' },
  correlationId,
  causationId: null,
});

/** The abort reason of runs that a stopping runner gives back (ContainerRunReleased), not a lost lease. */
const stopping = 'the runner is stopping';
/** How long a stopping runner waits for its aborted runs to end before it releases their claims itself. */
const STOP_WAIT_MS = 3000;

/** A run in this process, from before its claim (so it is never started twice here) to its end. */
interface InFlight {
  claimed?: Claimed;
  abort?: AbortController;
  metadata?: EventMetadata;
}

/**
 * Runs container submissions. Kafka brings each SubmissionReceived (kind container) to one runner process of
 * the `scoring.runners` group; a process runs up to `slots` at once, so more processes give more parallel
 * runs. The event only wakes a runner: a free slot takes the next run of the fair queue among all Waiting
 * ones (containers/run-queue.ts, decision 0038), chosen and claimed in one transaction under the queue's
 * row lock. The database decides who runs what: a claim takes a row lease (renewed while running) and records
 * EvaluationStarted; every later step is written only while the lease and attempt are still this runner's.
 * A sweep (every `sweepMs`) picks up submissions whose runner died (its presence is gone, or its lease
 * expired) or that no runner took: they are retried, and Failed (refunded) after `maxAttempts`, never left
 * Evaluating. A runner that stops (SIGTERM) kills its containers and gives its claims back at once
 * (ContainerRunReleased: Waiting again, the attempt not counted), so another runner takes them within a
 * sweep (docs/decisions/0014-fault-tolerance.md).
 */
export class ContainerRunWorker {
  readonly #truths: GroundTruthCache;
  readonly #commands: SubmissionCommands;
  #busy = 0;
  #waiters: (() => void)[] = [];
  #sweeper: NodeJS.Timeout | undefined;
  #sweeping: Promise<void> | undefined;
  #stopping = false;
  readonly #running = new Set<Promise<void>>();
  readonly #inFlight = new Map<string, InFlight>();
  /** Fair claims under way here (claimed, not yet in #inFlight): the sweep leaves this runner's claims alone. */
  #claiming = 0;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly runner: Runner,
    private readonly vault: () => Promise<CredentialVault>,
    private readonly settings: RunnerSettings,
    private readonly workerId: string,
    private readonly logger?: Logger,
    private readonly metrics?: ScoringMetrics,
    /**
     * Which runner processes live (presence.ts; started and stopped with this worker): a claim whose
     * holder is gone is taken over at once, whatever its lease says. Embedded mode: only this process.
     */
    private readonly liveness: Liveness & { start?(): void; stop?(): Promise<void> } = selfOnly(workerId),
  ) {
    this.#truths = new GroundTruthCache(db);
    this.#commands = new SubmissionCommands(db, store);
  }

  #t(trx: Db = this.db) {
    return trx.withSchema('scoring') as ScoringDb;
  }

  async handleBatch(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      if (!isEvent(scoring.SubmissionReceived, event) || event.data.kind !== 'container') continue;
      // Stopping: the rest of the batch is left to the other runners' sweeps.
      if (!(await this.#slot())) return;
      // Not necessarily this submission: the next fair one of all that wait.
      await this.#startNext();
    }
  }

  /** Starts the presence (real mode) and sweeps every `sweepMs` for runs nobody moves. */
  start(): void {
    this.liveness.start?.();
    this.#sweeper = setInterval(() => {
      this.#sweeping ??= this.sweep()
        .catch((error: unknown) => this.logger?.warn({ err: error }, 'container runner sweep failed'))
        .finally(() => (this.#sweeping = undefined));
    }, this.settings.sweepMs);
    this.#sweeper.unref();
  }

  /**
   * SIGTERM (platform.close()): claims nothing new, kills the running containers and gives their claims
   * back (ContainerRunReleased), then lets go of the presence; bounded well within closeOnSignals' 10 s.
   * A run that is finishing (scoring its result) finishes; a claim this cannot release in time (the
   * database away) is taken over once this process, and so its presence, is gone.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#sweeper);
    for (const wake of this.#waiters.splice(0)) wake();
    for (const run of this.#inFlight.values()) run.abort?.abort(stopping);
    await this.#sweeping;
    const ended = Promise.allSettled([...this.#running]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(timer);
    // Runs still going (a pull that does not stop at once): their claims are given back from here.
    await Promise.allSettled(
      [...this.#inFlight.values()].map((run) =>
        run.claimed && run.metadata ? this.#release(run.claimed, run.metadata) : undefined,
      ),
    );
    await this.liveness.stop?.();
  }

  async sweep(): Promise<void> {
    if (this.#stopping) return;
    const free = this.settings.slots - this.#busy;
    if (free <= 0) return;
    const t = this.#t();
    // Claims whose holder is gone (no presence), whose lease ran out, or this runner's own that nothing
    // here works on (an attempt that failed midway): few rows, one per running container of all runners.
    const held = await t
      .selectFrom('container_runs as r')
      .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
      .select(['r.submission_id', 'r.worker', 'r.lease_until'])
      .where('s.status', '=', 'Evaluating')
      .orderBy('s.created_at')
      .execute();
    const alive = await this.liveness.alive(held.flatMap((row) => (row.worker ? [row.worker] : [])));
    const orphaned = held
      .filter((row) => !this.#holds(row, alive))
      .map((row) => row.submission_id)
      .slice(0, free);
    if (orphaned.length > 0)
      this.logger?.warn({ submissionIds: orphaned }, 'container runner takes over runs nobody holds');
    for (const submissionId of orphaned) {
      if (this.#stopping || this.#busy >= this.settings.slots) return;
      if (this.#inFlight.has(submissionId)) continue;
      this.#busy++;
      // The flow goes on under the upload's correlation id (the stream's first event).
      const [received] = await this.store.readStream(stream(submissionId)).catch(() => []);
      this.#start(submissionId, received?.correlationId ?? randomUUID());
    }
    // Then Waiting runs (new ones whose event went to a busy runner, runs given back, retries) in the fair
    // order, while slots are free.
    while (!this.#stopping && this.#busy < this.settings.slots) {
      this.#busy++;
      if (!(await this.#startNext())) return;
    }
  }

  /**
   * Claims the next fair Waiting run (decision 0038) in a slot the caller took and starts it; false (the
   * slot freed) when nothing waits. Chosen and claimed in one transaction: two runners never take one run.
   */
  async #startNext(): Promise<boolean> {
    this.#claiming++;
    let next: { claimed: Claimed; metadata: EventMetadata } | null = null;
    try {
      next = await this.db.transaction().execute(async (trx) => {
        // A run whose claim answers nothing (its attempts used up: Failed now) is followed by the next one.
        for (let tries = 0; tries < 5; tries++) {
          const run = await takeNextFair(trx, new Set(this.#inFlight.keys()), this.settings.policy);
          if (!run) return null;
          const [received] = await this.store.readStream(stream(run.submissionId), { trx });
          const metadata = system(received?.correlationId ?? randomUUID());
          const claimed = await this.#claim(run.submissionId, metadata, trx);
          if (claimed) return { claimed, metadata };
        }
        return null;
      });
    } catch (error) {
      this.logger?.warn({ err: error }, 'container runner could not claim the next run');
    }
    if (!next || this.#stopping) {
      this.#claiming--;
      // Claimed while stopping: given back before anything runs.
      if (next) await this.#release(next.claimed, next.metadata);
      this.#free();
      return false;
    }
    const { claimed, metadata } = next;
    this.#inFlight.set(claimed.submissionId, {});
    this.#claiming--;
    const run = this.#runClaimed(claimed, metadata)
      .catch((error: unknown) =>
        this.logger?.error({ submissionId: claimed.submissionId, err: error }, 'container run failed'),
      )
      .finally(() => {
        this.#running.delete(run);
        this.#inFlight.delete(claimed.submissionId);
        this.#free();
      });
    this.#running.add(run);
    return true;
  }

  #free() {
    this.#busy--;
    this.#waiters.shift()?.();
  }

  /** Whether a live claim holds the run: a live runner's lease, or this runner's own run in hand. */
  #holds(
    row: { submission_id: string; worker: string | null; lease_until: Date | null },
    alive: Set<string>,
  ): boolean {
    if (!row.worker || !row.lease_until || row.lease_until <= new Date()) return false;
    return row.worker === this.workerId
      ? this.#inFlight.has(row.submission_id) || this.#claiming > 0
      : alive.has(row.worker);
  }

  /** Takes a slot (false when stopping: nothing new is started). */
  async #slot(): Promise<boolean> {
    while (this.#busy >= this.settings.slots && !this.#stopping)
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    if (this.#stopping) return false;
    this.#busy++;
    return true;
  }

  /** Runs the submission in a slot the caller took; never twice at once in this process. */
  #start(submissionId: string, correlationId: string) {
    const free = () => this.#free();
    if (this.#stopping || this.#inFlight.has(submissionId)) return free();
    this.#inFlight.set(submissionId, {});
    const run = this.process(submissionId, correlationId)
      .catch((error: unknown) => this.logger?.error({ submissionId, err: error }, 'container run failed'))
      .finally(() => {
        this.#running.delete(run);
        this.#inFlight.delete(submissionId);
        free();
      });
    this.#running.add(run);
  }

  /** Claims the submission (if nobody holds it) and runs it to its end. */
  async process(submissionId: string, correlationId: string): Promise<void> {
    const metadata = system(correlationId);
    const claimed = await this.#claim(submissionId, metadata);
    if (!claimed) return;
    await this.#runClaimed(claimed, metadata);
  }

  /** Runs a claimed submission to its end (its #inFlight entry is there). */
  async #runClaimed(claimed: Claimed, metadata: EventMetadata): Promise<void> {
    const { submissionId } = claimed;
    const { correlationId } = metadata;
    const abort = new AbortController();
    const inFlight = this.#inFlight.get(submissionId);
    if (inFlight) Object.assign(inFlight, { claimed, abort, metadata });
    if (this.#stopping) {
      // Claimed while the runner began to stop: given back before anything runs.
      await this.#release(claimed, metadata);
      return;
    }
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
      // The engine's (or the host's) words are the operators' (the event's reason, the log); the
      // participant reads a fixed sentence: the platform's fault, retried, refunded (decision 0044).
      outcome = {
        kind: 'failed',
        verdict: scoring.fileRefusal('engineError', {}),
        log: '',
        platformFault: true,
        detail: `the runner could not run the image: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      clearInterval(renew);
      if (staged.dir) await rm(staged.dir, { recursive: true, force: true });
    }
    if (outcome.kind !== 'aborted') await this.#finish(claimed, outcome, metadata);
    else if (abort.signal.reason === stopping) await this.#release(claimed, metadata);
    else {
      this.metrics?.containerRun('aborted');
      this.logger?.info({ correlationId, submissionId }, 'container run aborted');
    }
    await this.#releaseImage(claimed);
  }

  /**
   * Gives a claim back while it is still this runner's (once: a second call finds it Waiting):
   * ContainerRunReleased, Waiting again with no lease, so another runner's sweep takes it at once. The
   * attempt does not count against `maxAttempts`, and nothing is refunded: the submission still runs.
   */
  async #release(claimed: Claimed, metadata: EventMetadata): Promise<void> {
    const { submissionId, attempt } = claimed;
    const released = await this.#whileHeld(claimed, async (trx) => {
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ run_state: null, lease_until: null })
        .where('submission_id', '=', submissionId)
        .execute();
      await this.#commands.handle(submissionId, { type: 'Release', worker: this.workerId }, metadata, {
        trx,
      });
    });
    if (!released) return;
    this.metrics?.containerRun('released');
    this.logger?.info(
      { correlationId: metadata.correlationId, submissionId, attempt },
      'container run released',
    );
  }

  /** Stages the datasets (in `staged.dir`, removed by the caller) and runs the image. */
  async #run(claimed: Claimed, signal: AbortSignal, metadata: EventMetadata, staged: { dir?: string }) {
    const { submissionId } = claimed;
    await this.runner.cleanup(submissionId);
    // A smoke run sees the smoke split only, never another dataset (hidden or not) nor the ground truth.
    const split = claimed.smoke ? await smokeSplitOf(this.db, claimed.competitionId) : null;
    if (claimed.smoke && !split)
      return {
        kind: 'failed' as const,
        verdict: scoring.fileRefusal('smokeSplitGone', {}),
        log: '',
        platformFault: false,
      };
    const { folder, hidden } = await stageDatasets(
      this.db,
      claimed.competitionId,
      this.settings.datasetsDir,
      submissionId,
      this.settings.stagingDir,
      split?.fileId,
    );
    staged.dir = folder;
    // Hidden datasets are in /saisdata (decision 0032): marked before the image can see them, and never
    // unmarked (a later attempt without them does not give back what an earlier one could have written).
    if (hidden)
      await this.#t()
        .updateTable('container_runs')
        .set({ hidden_data: true })
        .where('submission_id', '=', submissionId)
        .execute();
    const credentials = claimed.credentials
      ? (await this.vault()).open(submissionId, claimed.credentials)
      : null;
    return this.runner.run({
      submissionId,
      attempt: claimed.attempt,
      image: claimed.image,
      credentials,
      // Pulls until an attempt got the image; a retry whose credentials are gone uses what that one pulled.
      pull: !claimed.pulled || claimed.credentials !== null,
      configPath: claimed.configPath,
      dataDir: folder,
      limits: await phaseRunLimits(
        this.db,
        claimed.competitionId,
        claimed.phase,
        this.settings.limits,
        this.settings.policy,
        this.logger,
      ).then((limits) =>
        claimed.smoke ? { ...limits, logChars: Math.max(limits.logChars, SMOKE_LOG_CHARS) } : limits,
      ),
      signal,
      onState: (state) => this.#progress(claimed, state, metadata, hidden),
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
      verdict: registryRefusedVerdict(claimed.image),
      log: '',
      platformFault: false,
      detail: `registry ${verdict.registry} is at ${verdict.address}`,
    };
  }

  /** Claims the submission in `into` (the caller's transaction) or a transaction of its own. */
  async #claim(submissionId: string, metadata: EventMetadata, into?: Db): Promise<Claimed | null> {
    const claimIn = async (trx: Db): Promise<Claimed | null> => {
      const row = await this.#t(trx)
        .selectFrom('container_runs as r')
        .innerJoin('submissions as s', 's.submission_id', 'r.submission_id')
        .select([
          's.status',
          's.phase',
          'r.competition_id',
          'r.image',
          'r.config_path',
          'r.credentials',
          'r.worker',
          'r.lease_until',
          'r.smoke',
        ])
        .where('r.submission_id', '=', submissionId)
        .forUpdate('r')
        .executeTakeFirst();
      if (!row || (row.status !== 'Waiting' && row.status !== 'Evaluating')) return null;
      // A live lease of a live runner holds it. This runner's own claim does not: #start runs a
      // submission once at a time here, so a claim of ours that is not this call is one nothing works on.
      if (
        row.status === 'Evaluating' &&
        row.lease_until &&
        row.lease_until > new Date() &&
        row.worker !== this.workerId &&
        (!row.worker || (await this.liveness.alive([row.worker])).has(row.worker))
      )
        return null;
      const { leaseMs, maxAttempts } = this.settings;
      const claim: SubmissionCommand = {
        type: 'Claim',
        worker: this.workerId,
        now: Date.now(),
        leaseMs,
        maxAttempts,
        // The row's lease (renewed while running) and the holder's presence were checked above.
        takeOver: true,
      };
      const { decision, before: state } = await this.#commands.handle(submissionId, claim, metadata, { trx });
      if (!decision.lease) {
        // Its counted claims are used up: Failed (refunded), the registry login forgotten.
        await this.#t(trx)
          .updateTable('container_runs')
          .set({ run_state: null, credentials: null })
          .where('submission_id', '=', submissionId)
          .execute();
        return null;
      }
      const { attempt, until } = decision.lease;
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ attempt, worker: this.workerId, lease_until: new Date(until), run_state: null })
        .where('submission_id', '=', submissionId)
        .execute();
      return {
        submissionId,
        attempt,
        pulled: state.status !== 'none' && state.pulled,
        competitionId: row.competition_id,
        phase: row.phase,
        image: row.image,
        configPath: row.config_path,
        credentials: row.credentials,
        smoke: row.smoke,
      };
    };
    return into ? claimIn(into) : this.db.transaction().execute(claimIn);
  }

  /** Runs `write` only while this runner still holds the submission (Evaluating, same attempt and worker). */
  async #whileHeld(claimed: Claimed, write: (trx: Db) => Promise<void>): Promise<boolean> {
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
      await write(trx);
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

  async #progress(
    claimed: Claimed,
    state: RunState,
    metadata: EventMetadata,
    hiddenData = false,
  ): Promise<void> {
    await this.#whileHeld(claimed, async (trx) => {
      await this.#t(trx)
        .updateTable('container_runs')
        .set({ run_state: state })
        .where('submission_id', '=', claimed.submissionId)
        .execute();
      // Still Evaluating: only the event is appended (the row's status and times stay as the claim set them).
      const progress = {
        type: 'Progress' as const,
        worker: this.workerId,
        state,
        // The running run has hidden datasets mounted (decision 0032): the event says so for other readers.
        ...(hiddenData && state === 'running' && { hiddenData: true }),
      };
      await this.#commands.handle(claimed.submissionId, progress, metadata, { trx });
    });
  }

  async #forgetCredentials(submissionId: string): Promise<void> {
    await this.#t()
      .updateTable('container_runs')
      .set({ credentials: null })
      .where('submission_id', '=', submissionId)
      .execute();
  }

  /** Scores the collected file, or records why there is none, while the lease is still ours. */
  async #finish(
    claimed: Claimed,
    outcome: Exclude<RunOutcome, { kind: 'aborted' }>,
    metadata: EventMetadata,
  ) {
    const { submissionId } = claimed;
    let file: Buffer | null = null;
    let run: Extract<SubmissionCommand, { type: 'RecordRun' }>['outcome'] | undefined;
    if (outcome.kind === 'result' && claimed.smoke) {
      // A smoke run's result is checked for its format only (decision 0049): never scored, never ranked.
      file = outcome.file.bytes;
      try {
        const truth = await this.#t()
          .selectFrom('ground_truths')
          .select('target')
          .where('competition_id', '=', claimed.competitionId)
          .executeTakeFirstOrThrow();
        // Only the header's column name is read: a file stored before decision 0020 names it in its parse.
        const target = truth.target ?? (await this.#truths.get(claimed.competitionId)).truth.target;
        const { rows } = checkSmokeResult(file, target);
        run = { kind: 'checked', rows, runLog: outcome.log };
      } catch (error) {
        if (!(error instanceof InvalidFile) || !error.refusal) throw error;
        outcome = { kind: 'invalid', verdict: error.refusal, log: outcome.log };
      }
    } else if (outcome.kind === 'result') {
      file = outcome.file.bytes;
      let timing: { metric: string; started: number } | undefined;
      try {
        const truth = await this.#truths.get(claimed.competitionId);
        timing = { metric: truth.truth.metric, started: performance.now() };
        const scores = scoreSubmission(file, truth.truth, undefined, truth.secondary);
        const result = { metric: truth.truth.metric, ...scores, groundTruthSha256: truth.sha256 };
        run = { kind: 'scored', result, runLog: outcome.log };
      } catch (error) {
        // Unkeyed InvalidFile texts are the ground truth's (operators'), so the platform's fault: rethrown.
        if (!(error instanceof InvalidFile) || !error.refusal) throw error;
        // The scorer's refusal of the run's result file (a key with parameters, issue 21).
        outcome = { kind: 'invalid', verdict: error.refusal, log: outcome.log };
      } finally {
        if (timing) this.metrics?.scored(timing.metric, (performance.now() - timing.started) / 1000);
      }
    }
    if (outcome.kind === 'invalid') run = { kind: 'invalid', verdict: outcome.verdict, runLog: outcome.log };
    else if (outcome.kind === 'failed') {
      this.logger?.warn(
        {
          correlationId: metadata.correlationId,
          submissionId,
          attempt: claimed.attempt,
          verdict: outcome.verdict,
          detail: outcome.detail,
        },
        'container run failed',
      );
      const { verdict, log: runLog, platformFault, detail } = outcome;
      run = { kind: 'failed', verdict, runLog, platformFault, ...(detail !== undefined && { detail }) };
    }
    let recorded: string | undefined;
    const held = await this.#whileHeld(claimed, async (trx) => {
      const { maxAttempts } = this.settings;
      const command: SubmissionCommand = {
        type: 'RecordRun',
        worker: this.workerId,
        maxAttempts,
        outcome: run!,
      };
      const { decision } = await this.#commands.handle(submissionId, command, metadata, { trx });
      await this.#t(trx)
        .updateTable('container_runs')
        // A finished run needs no registry login any more (a pull that failed for the engine kept it).
        .set({
          run_state: null,
          lease_until: null,
          ...(decision.status !== 'Waiting' && { credentials: null }),
        })
        .where('submission_id', '=', submissionId)
        .execute();
      // Kept like an uploaded file: "download my file" and operator re-scoring work the same.
      if (file)
        await sql`insert into scoring.submission_files (submission_id, content) values (${submissionId}, ${file})
          on conflict (submission_id) do update set content = excluded.content`.execute(trx);
      recorded = run!.kind !== 'failed' ? run!.kind : decision.status === 'Waiting' ? 'retried' : 'failed';
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
