import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';

export type AuditJobKind = 'asof' | 'verify' | 'read-models';

/** What `GET .../jobs/:id` answers: `done` of `total` drives the console's progress bar. */
export interface AuditJob {
  id: string;
  kind: AuditJobKind;
  service: string;
  state: 'running' | 'done' | 'failed';
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

/** Thrown when as many jobs as allowed are already running in this process. */
export class TooManyJobs extends Error {}

/**
 * The auditors' long checks (as-of views, chain and read-model verification) run in the background of
 * the process that serves them, a few at a time; their progress and results are kept in memory for the
 * console to poll (the last 50 finished). They change nothing, so a restart loses only the figures.
 */
export class AuditJobs {
  readonly #jobs = new Map<string, AuditJob>();
  readonly #running = new Map<string, Promise<void>>();

  constructor(
    private readonly logger?: Logger,
    private readonly maxRunning = 2,
  ) {}

  start(
    kind: AuditJobKind,
    service: string,
    startedBy: string,
    run: (progress: JobProgress) => Promise<unknown>,
  ): AuditJob {
    if (this.#running.size >= this.maxRunning) throw new TooManyJobs();
    const job: AuditJob = {
      id: randomUUID(),
      kind,
      service,
      state: 'running',
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
        job.result = await run(progress);
        job.state = 'done';
        job.total = Math.max(job.total, job.done);
      } catch (error) {
        job.state = 'failed';
        job.error = error instanceof Error ? error.message : String(error);
        this.logger?.error({ err: error, job: job.id, kind }, 'audit job failed');
      } finally {
        job.finishedAt = new Date().toISOString();
        this.#running.delete(job.id);
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
    const finished = [...this.#jobs.values()].filter((job) => job.state !== 'running');
    for (const job of finished.slice(0, Math.max(0, finished.length - 50))) this.#jobs.delete(job.id);
  }
}
