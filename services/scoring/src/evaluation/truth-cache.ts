import type { Db } from '@sais/kit/db';
import type { Logger } from 'pino';
import type { ScoringDb } from '../db/tables.ts';
import type { GroundTruth, Metric } from './ground-truth.ts';
import { loadGroundTruth } from './load-truth.ts';
import { startScanPool } from './scan-pool.ts';
import { release } from './shared-memory.ts';
import { type FormIdentity, StaleForm, decodeTruthForm, encodeTruthForm } from './truth-form.ts';

/** A fault of the platform (storage, ground truth), never of the participant's file. */
export class PlatformFault extends Error {}

/**
 * Ground truths in typed arrays, once per process and content (sha256): the evaluator and rescoring
 * read the small row first and load only when an operator uploaded a new file. Loading maps the parsed
 * form stored at upload (truth-form.ts) when it is that of the ground truth in force and sound; else
 * (none stored, a form of an older format, damaged) it parses the CSV and stores a fresh form.
 */
export class GroundTruthCache {
  readonly #truths = new Map<
    string,
    { sha256: string; split: string; truth: GroundTruth; secondary: Metric[] }
  >();

  constructor(
    private readonly db: Db,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  #t() {
    return this.db.withSchema('scoring') as ScoringDb;
  }

  /** The ground truth in force, with its secondary metrics (decision 0046; none: []). */
  async get(
    competitionId: string,
  ): Promise<{ sha256: string; truth: GroundTruth; secondary: readonly Metric[] }> {
    const row = await this.#t()
      .selectFrom('ground_truths')
      .select(['sha256', 'metric', 'public_percent', 'split_key_sha256', 'secondary_metrics'])
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw new PlatformFault('no ground truth for this competition');
    // Set before keyed splits (decision 0024): its old split gave the wrong share, so it is not scored.
    if (!row.split_key_sha256)
      throw new PlatformFault(
        'the ground truth was set before keyed public/private splits (decision 0024): an operator sets it again',
      );
    const secondary = (row.secondary_metrics ?? []) as Metric[];
    const cached = this.#truths.get(competitionId);
    // The same file set again (another metric, share or split key) is another ground truth too.
    if (
      cached?.sha256 === row.sha256 &&
      cached.truth.metric === row.metric &&
      cached.split === row.split_key_sha256 &&
      cached.secondary.join() === secondary.join()
    )
      return cached;
    // Off unless SCORING_SCAN_THREADS asks for threads (see startScanPool).
    startScanPool(0);
    const identity = {
      sha256: row.sha256,
      metric: row.metric as Metric,
      publicPercent: row.public_percent,
      splitKeySha256: row.split_key_sha256,
    };
    const stored = await this.#t()
      .selectFrom('ground_truths')
      .select('parsed')
      .where('competition_id', '=', competitionId)
      .where('sha256', '=', row.sha256)
      .executeTakeFirst();
    let truth: GroundTruth | null = null;
    if (stored?.parsed) {
      try {
        truth = decodeTruthForm(stored.parsed, identity);
      } catch (error) {
        if (!(error instanceof StaleForm)) throw error;
        this.logger?.warn(
          { competitionId, reason: error.message },
          'stored ground-truth form not used; parsing the CSV',
        );
      } finally {
        // A Buffer from PostgreSQL: the truth holds copies of what it needs (decodeTruthForm), so the
        // form's bytes go back now, not at the next full collection (after the first submission is read).
        release(stored.parsed);
      }
    }
    truth ??= await this.#parse(competitionId, identity);
    const loaded = { sha256: row.sha256, split: row.split_key_sha256, truth, secondary };
    this.#truths.set(competitionId, loaded);
    return loaded;
  }

  /** Parses the CSV, and stores its form for the next worker (only if that ground truth is still in force). */
  async #parse(competitionId: string, identity: FormIdentity): Promise<GroundTruth> {
    const content = await this.#t()
      .selectFrom('ground_truths')
      .select(['content', 'public_mask'])
      .where('competition_id', '=', competitionId)
      .where('sha256', '=', identity.sha256)
      .where('split_key_sha256', '=', identity.splitKeySha256)
      .executeTakeFirst();
    if (!content?.public_mask) throw new PlatformFault('the ground truth changed while loading; try again');
    let truth;
    try {
      // The split kept when it was set (split.ts): no digest computed here.
      truth = loadGroundTruth(content.content, identity.metric, content.public_mask);
    } catch (error) {
      // A broken ground truth is the platform's fault, never the participant's.
      throw new PlatformFault(
        `ground truth unusable: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      // The truth keeps copies of the ids (hash-index.ts): the CSV's bytes go back now, not at the next
      // full collection, which may come only after the first submission is read (decision 0015).
      release(content.content);
    }
    const form = encodeTruthForm(truth, identity);
    try {
      await this.#t()
        .updateTable('ground_truths')
        .set({ parsed: form })
        .where('competition_id', '=', competitionId)
        .where('sha256', '=', identity.sha256)
        .where('metric', '=', identity.metric)
        .where('split_key_sha256', '=', identity.splitKeySha256)
        .execute();
    } catch (error) {
      // Only a saving for the next worker: this one scores from what it parsed.
      this.logger?.warn({ competitionId, error }, 'could not store the parsed ground truth');
    } finally {
      release(form);
    }
    return truth;
  }
}
