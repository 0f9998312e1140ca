import type { Db } from '@sais/kit';
import type { ScoringDb } from '../db/tables.ts';
import { type GroundTruth, type Metric, loadGroundTruth } from './ground-truth.ts';

/** A fault of the platform (storage, ground truth), never of the participant's file. */
export class PlatformFault extends Error {}

/**
 * Ground truths parsed into typed arrays once per process and content (sha256): the evaluator and
 * rescoring read the small row first and reload only when an operator uploaded a new file.
 */
export class GroundTruthCache {
  readonly #truths = new Map<string, { sha256: string; truth: GroundTruth }>();

  constructor(private readonly db: Db) {}

  #t() {
    return this.db.withSchema('scoring') as ScoringDb;
  }

  async get(competitionId: string): Promise<{ sha256: string; truth: GroundTruth }> {
    const row = await this.#t()
      .selectFrom('ground_truths')
      .select(['sha256', 'metric', 'public_percent'])
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!row) throw new PlatformFault('no ground truth for this competition');
    const cached = this.#truths.get(competitionId);
    if (cached?.sha256 === row.sha256) return cached;
    const content = await this.#t()
      .selectFrom('ground_truths')
      .select('content')
      .where('competition_id', '=', competitionId)
      .executeTakeFirstOrThrow();
    try {
      const loaded = {
        sha256: row.sha256,
        truth: loadGroundTruth(content.content, row.metric as Metric, row.public_percent),
      };
      this.#truths.set(competitionId, loaded);
      return loaded;
    } catch (error) {
      // A broken ground truth is the platform's fault, never the participant's.
      throw new PlatformFault(
        `ground truth unusable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
