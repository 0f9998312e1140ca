import type { Db } from '@sais/kit/db';
import type { EventStore } from '@sais/kit/eventstore';
import { IdleLoop } from '@sais/kit/idle-loop';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { stream } from '../submissions/index.ts';
import type { Evaluator } from './evaluator.ts';

/**
 * Finds result-file submissions nobody is moving and gives them to this process's evaluator: Waiting ones
 * the Kafka path has left for `graceMs` (their partition belonged to a worker that died and Kafka has
 * not given it to another yet, or their event is not published yet), and Evaluating ones whose holder died
 * or whose lease ran out. So a dead worker's submissions move again within about `graceMs + everyMs`,
 * whatever Kafka's session timeout (docs/decisions/0014-fault-tolerance.md). Each claim still checks the
 * stream's version, so the sweeper racing the Kafka path costs a retry, never a second result.
 */
export class Sweeper {
  readonly #loop = new IdleLoop();

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    private readonly evaluator: Evaluator,
    private readonly options: {
      everyMs: number;
      graceMs: number;
      batchSize: number;
      canClaim?: () => Promise<boolean>;
      logger?: Logger;
    },
  ) {}

  start(): void {
    this.#loop.start(() => this.#run());
  }

  /** Stops after the sweep in hand. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** One sweep; returns how many submissions it handed to the evaluator. */
  async sweep(): Promise<number> {
    const { graceMs, batchSize } = this.options;
    // Waiting and Evaluating rows are few (the partial index submissions_unfinished); container
    // submissions have their own runners and sweep (container-runner.ts).
    const { rows } = await sql<{ submission_id: string }>`
      (select s.submission_id from scoring.submissions s
        where s.status = 'Waiting' and s.updated_at < now() - make_interval(secs => ${graceMs / 1000})
          and not exists (select 1 from scoring.container_runs r where r.submission_id = s.submission_id)
        order by s.updated_at limit ${batchSize})
      union all
      (select s.submission_id from scoring.submissions s
        where s.status = 'Evaluating' and s.updated_at < now() - make_interval(secs => ${graceMs / 1000})
          and not exists (select 1 from scoring.container_runs r where r.submission_id = s.submission_id)
        order by s.updated_at limit ${batchSize * 8})`.execute(this.db);
    if (rows.length === 0) return 0;
    const histories = [
      ...(await this.store.readStreams(rows.map((row) => stream(row.submission_id)))).values(),
    ].filter((history) => history.length > 0);
    const takeable = await this.evaluator.takeable(histories);
    const received = histories.filter((_, index) => takeable[index]).map((history) => history[0]!);
    if (received.length === 0) return 0;
    this.options.logger?.info({ submissions: received.length }, 'scoring sweeper takes over submissions');
    await this.evaluator.handleBatch(received.slice(0, batchSize));
    return Math.min(received.length, batchSize);
  }

  async #run(): Promise<void> {
    while (this.#loop.running) {
      let handed = 0;
      try {
        if (!this.options.canClaim || (await this.options.canClaim())) handed = await this.sweep();
      } catch (error) {
        this.options.logger?.warn({ err: error }, 'scoring sweep failed; the next one tries again');
      }
      // A full sweep goes again at once: a dead worker's backlog drains at the evaluator's pace.
      if (handed < this.options.batchSize) await this.#loop.idle(this.options.everyMs);
    }
  }
}
