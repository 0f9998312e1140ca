import { createHash } from 'node:crypto';
import { type EventMetadata, scoring } from '@sais/events';
import { type Db, type EventStore, ValidationError, dataOf } from '@sais/kit';
import type { ScoringDb } from './db/tables.ts';
import { InvalidFile } from './evaluation/csv.ts';
import { type Metric, UnscorableSplit } from './evaluation/ground-truth.ts';
import { loadGroundTruth } from './evaluation/load-truth.ts';
import { encodeTruthForm } from './evaluation/truth-form.ts';
import { scoringErrors } from './errors.ts';

/** Operators set a competition's ground truth, metric and public share; each upload is an event. */
export class GroundTruths {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
  ) {}

  async upload(
    competitionId: string,
    metric: Metric,
    publicPercent: number,
    content: Buffer,
    metadata: EventMetadata,
  ) {
    let truth;
    try {
      truth = loadGroundTruth(content, metric, publicPercent);
    } catch (error) {
      // The file reads, but one part cannot be scored (empty; AUC: one class): its own code, the reason in data.log.
      if (error instanceof UnscorableSplit)
        throw scoringErrors.groundTruthUnscorable({
          detail: error.message,
          data: { log: error.message },
        });
      if (error instanceof InvalidFile)
        throw new ValidationError('fileFormatError', { detail: error.message, data: { log: error.message } });
      throw error;
    }
    const sha256 = createHash('sha256').update(content).digest('hex');
    // Stored beside the CSV, so a worker maps the parsed form instead of parsing (decision 0015).
    const parsed = encodeTruthForm(truth, { sha256, metric, publicPercent });
    await this.db.transaction().execute(async (trx) => {
      const row = { metric, public_percent: publicPercent, sha256, content, parsed, target: truth.target };
      await (trx.withSchema('scoring') as ScoringDb)
        .insertInto('ground_truths')
        .values({ competition_id: competitionId, ...row })
        .onConflict((oc) => oc.column('competition_id').doUpdateSet(row))
        .execute();
      await this.store.append(
        scoring.GroundTruthUploaded.aggregate,
        `groundtruth-${competitionId}`,
        'any',
        [
          {
            type: scoring.GroundTruthUploaded.type,
            data: { competitionId, metric, rows: truth.rows, publicRows: truth.publicRows, sha256 },
          },
        ],
        metadata,
        { trx },
      );
    });
    return { rows: truth.rows, publicRows: truth.publicRows, sha256 };
  }

  /**
   * The ground truth in force (issue 19): file digest, rows and split, metric, who uploaded it and when,
   * from the last upload event; null before the first one.
   */
  async current(competitionId: string) {
    const events = await this.store.readStream(`groundtruth-${competitionId}`);
    const last = events.at(-1);
    if (!last) return null;
    const data = dataOf(scoring.GroundTruthUploaded, last);
    const uploader = last.actor.userId
      ? await (this.db.withSchema('scoring') as ScoringDb)
          .selectFrom('people')
          .select('username')
          .where('account_id', '=', last.actor.userId)
          .executeTakeFirst()
      : undefined;
    return {
      ...data,
      uploadedAt: last.occurredAt,
      uploadedBy: last.actor.userId,
      uploadedByName: uploader?.username ?? null,
      uploads: events.length,
    };
  }
}
