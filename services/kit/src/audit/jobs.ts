import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

export type AuditJobKind = 'asof' | 'verify' | 'read-models' | 'replay';

/** What `GET .../jobs/:id` answers: `done` of `total` drives the console's progress bar. */
export interface AuditJob {
  id: string;
  kind: AuditJobKind;
  service: string;
  /** `queued` waits for one of the running jobs of this process to finish. */
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Units of work done so far (events read or checked, rows compared), of `total` (0 while unknown). */
  done: number;
  total: number;
  /** What the job is at now, e.g. the projection being compared. */
  step: string | null;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  /** The job's answer once done (an as-of page, a verification result). */
  result: unknown;
  /** Why it failed (server faults stay in the log). */
  error: string | null;
}

export interface JobProgress {
  (done: number, total?: number, step?: string): void;
}

/** Thrown when as many jobs as allowed are already waiting in this process. */
export class TooManyJobs extends Error {}

/**
 * The auditors' long checks (as-of views, chain and read-model verification) run in the background of
 * the process that serves them, one at a time unless told (the others wait their turn, at most 20); the
 * synchronous as-of call queues here too (`run`), so N calls at once still rebuild one by one; their progress
 * and results are kept in memory for the console to poll (the last 50 finished). They change nothing, so
 * a restart loses only the figures.
 */
export class AuditJobs {
  readonly #jobs = new Map<string, AuditJob>();
  readonly #running = new Map<string, Promise<void>>();
  readonly #queue: (() => void)[] = [];
  /** Jobs holding one of the `maxRunning` slots. */
  #active = 0;
  /** Jobs running their work right now, and the most seen at once (what a test observes). */
  #working = 0;
  #peak = 0;

  constructor(
    private readonly logger?: Logger,
    /** Heavy checks at once in this process (`SAIS_AUDIT_JOBS`; issue 33: one, so participants keep their pace). */
    private readonly maxRunning = 1,
    private readonly maxQueued = 20,
  ) {}

  /** The most jobs that ran their work at the same time since this process started. */
  get peakRunning(): number {
    return this.#peak;
  }

  /**
   * A synchronous call's heavy work as a job (issue 33): it waits its turn in the same queue as the
   * background jobs and answers with the work's own result or error.
   */
  async run<T>(
    kind: AuditJobKind,
    service: string,
    startedBy: string,
    work: (progress: JobProgress) => Promise<T>,
  ): Promise<T> {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    const job = this.start(kind, service, startedBy, async (progress) => {
      try {
        const value = await work(progress);
        outcome = { ok: true, value };
        return value;
      } catch (error) {
        outcome = { ok: false, error };
        throw error;
      }
    });
    await this.settled(job.id);
    if (!outcome) throw new Error(`audit job ${job.id} ended without an outcome`);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  start(
    kind: AuditJobKind,
    service: string,
    startedBy: string,
    run: (progress: JobProgress) => Promise<unknown>,
  ): AuditJob {
    if (this.#queue.length >= this.maxQueued) throw new TooManyJobs();
    const free = this.#active < this.maxRunning;
    if (free) this.#active += 1;
    // Jobs take a free slot at once, or wait in the order they were started for one to pass to them.
    const slot = free ? Promise.resolve() : new Promise<void>((resolve) => this.#queue.push(resolve));
    const job: AuditJob = {
      id: randomUUID(),
      kind,
      service,
      state: free ? 'running' : 'queued',
      done: 0,
      total: 0,
      step: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      startedBy,
      result: null,
      error: null,
    };
    this.#jobs.set(job.id, job);
    const progress: JobProgress = (done, total, step) => {
      job.done = done;
      if (total !== undefined) job.total = total;
      if (step !== undefined) job.step = step;
    };
    const running = (async () => {
      try {
        await slot;
        job.state = 'running';
        this.#working += 1;
        this.#peak = Math.max(this.#peak, this.#working);
        try {
          job.result = await run(progress);
        } finally {
          this.#working -= 1;
        }
        job.state = 'done';
        job.total = Math.max(job.total, job.done);
      } catch (error) {
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
        this.logger?.error({ err: error, job: job.id, kind }, 'audit job failed');
      } finally {
        job.finishedAt = new Date().toISOString();
        this.#running.delete(job.id);
        // The slot passes straight to the next waiting job, if any.
        const next = this.#queue.shift();
        if (next) next();
        else this.#active -= 1;
        this.#forgetOld();
      }
    })();
    this.#running.set(job.id, running);
    return job;
  }

  get(id: string): AuditJob | undefined {
    return this.#jobs.get(id);
  }

  /** Resolves when the job (if running) has finished. */
  async settled(id: string): Promise<void> {
    await this.#running.get(id);
  }

  async close(): Promise<void> {
    await Promise.all(this.#running.values());
  }

  #forgetOld(): void {
    const finished = [...this.#jobs.values()].filter((job) => job.state === 'done' || job.state === 'failed');
    for (const job of finished.slice(0, Math.max(0, finished.length - 50))) this.#jobs.delete(job.id);
  }
}
