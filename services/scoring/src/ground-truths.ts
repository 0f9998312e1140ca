import { createHash } from 'node:crypto';
import { type EventMetadata, maxSecondaryMetrics, scoring } from '@sais/events';
import { ValidationError } from '@sais/kit/errors';
import { open, packSealed, seal, unpackSealed } from '@sais/kit/crypto';
import type { Db } from '@sais/kit/db';
import { type EventStore, dataOf } from '@sais/kit/eventstore';
import type { PlatformConfig } from '@sais/kit/platform';
import { loadKey } from '@sais/kit/keys';
import type { ScoringDb } from './db/tables.ts';
import { InvalidFile } from './evaluation/csv.ts';
import { type Metric, UnscorableSplit, secondaryProblem } from './evaluation/ground-truth.ts';
import { splitGroundTruth } from './evaluation/load-truth.ts';
import { PUBLIC_PERCENT_MAX, PUBLIC_PERCENT_MIN, newSplitKey, splitKeyDigest } from './evaluation/split.ts';
import { encodeTruthForm } from './evaluation/truth-form.ts';
import { SCORER_VERSION } from './evaluation/version.ts';
import { scoringPhases } from './submissions/index.ts';
import { scoringErrors } from './errors.ts';

/**
 * The split keys of ground truths at rest (decision 0024): AES-256-GCM under the platform's own key
 * `scoring_split_key` (SCORING_SPLIT_KEY, else generated once in the keys folder, apart from the data),
 * the competition and the key's digest bound as associated data. Opened only to reveal a split at
 * final publication.
 */
export class SplitKeys {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the split-keys key must be 32 bytes');
  }

  static async load(config: PlatformConfig): Promise<SplitKeys> {
    return new SplitKeys(await loadKey(config, 'scoring_split_key', 'SCORING_SPLIT_KEY'));
  }

  seal(competitionId: string, digest: string, splitKey: Buffer): Buffer {
    return packSealed(seal(this.key, `split:${competitionId}:${digest}`, splitKey));
  }

  /** The split key, checked against its commitment. */
  open(competitionId: string, digest: string, sealed: Buffer): Buffer {
    const splitKey = open(this.key, `split:${competitionId}:${digest}`, unpackSealed(sealed));
    if (splitKeyDigest(splitKey) !== digest) throw new Error('a split key that is not the one committed to');
    return splitKey;
  }
}

/** Operators set a competition's ground truth, metric and public share; each upload is an event. */
export class GroundTruths {
  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    /** Needed to set a ground truth (its split key is sealed) and to reveal a split; not to read one. */
    private readonly splitKeys?: () => Promise<SplitKeys>,
  ) {}

  async upload(
    competitionId: string,
    metric: Metric,
    publicPercent: number,
    content: Buffer,
    metadata: EventMetadata,
    {
      revealGroundTruth = false,
      secondaryMetrics = [],
    }: { revealGroundTruth?: boolean; secondaryMetrics?: readonly string[] } = {},
  ) {
    // Decision 0046: up to maxSecondaryMetrics distinct catalogue names besides the primary.
    if (
      secondaryMetrics.length > maxSecondaryMetrics ||
      new Set(secondaryMetrics).size !== secondaryMetrics.length ||
      secondaryMetrics.some((name) => name === metric || !scoring.metricName.safeParse(name).success)
    )
      throw scoringErrors.secondaryMetricsInvalid({
        data: { secondaryMetrics, max: maxSecondaryMetrics },
      });
    const secondary = secondaryMetrics as Metric[];
    if (
      !Number.isInteger(publicPercent) ||
      publicPercent < PUBLIC_PERCENT_MIN ||
      publicPercent > PUBLIC_PERCENT_MAX
    )
      throw scoringErrors.publicShareOutOfRange({
        data: { publicPercent, min: PUBLIC_PERCENT_MIN, max: PUBLIC_PERCENT_MAX },
      });
    if (!this.splitKeys) throw new Error('GroundTruths: setting a ground truth needs the split keys');
    const splitKeys = await this.splitKeys();
    // A fresh split key for every ground truth set, even the same file again: a new commitment.
    const splitKey = newSplitKey();
    let truth;
    let mask;
    try {
      ({ truth, mask } = splitGroundTruth(content, metric, splitKey, publicPercent));
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
    for (const other of secondary) {
      const problem = secondaryProblem(truth, other);
      if (problem !== null)
        throw scoringErrors.secondaryMetricIncompatible({
          detail: problem,
          data: { metric: other, primary: metric, log: problem },
        });
    }
    const sha256 = createHash('sha256').update(content).digest('hex');
    const splitKeySha256 = splitKeyDigest(splitKey);
    // Stored beside the CSV, so a worker maps the parsed form instead of parsing (decision 0015).
    const parsed = encodeTruthForm(truth, { sha256, metric, publicPercent, splitKeySha256 });
    const commitment = {
      publicPercent,
      splitKeySha256,
      scorerVersion: SCORER_VERSION,
      revealGroundTruth,
      // Absent when none: such a ground truth's event is what it was before decision 0046.
      ...(secondary.length > 0 ? { secondaryMetrics: secondary } : {}),
    };
    await this.db.transaction().execute(async (trx) => {
      const row = {
        metric,
        public_percent: publicPercent,
        sha256,
        content,
        parsed,
        target: truth.target,
        public_mask: Buffer.from(mask),
        split_key: splitKeys.seal(competitionId, splitKeySha256, splitKey),
        split_key_sha256: splitKeySha256,
        scorer_version: SCORER_VERSION,
        reveal_ground_truth: revealGroundTruth,
        secondary_metrics: secondary.length > 0 ? secondary : null,
      };
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
            data: {
              competitionId,
              metric,
              rows: truth.rows,
              publicRows: truth.publicRows,
              sha256,
              ...commitment,
            },
          },
        ],
        metadata,
        { trx },
      );
    });
    return { rows: truth.rows, publicRows: truth.publicRows, sha256, ...commitment };
  }

  /**
   * Every ground truth set for a competition, oldest first, with its commitment (decision 0024): what
   * participants see on the competition page. The split key is shown only once revealed (a published
   * final board, `revealedSplitKeys`).
   */
  async commitments(competitionId: string) {
    const events = await this.store.readStream(`groundtruth-${competitionId}`);
    const revealed = events.length ? await this.revealedSplitKeys(competitionId) : new Map<string, string>();
    return events.map((event) => {
      const data = dataOf(scoring.GroundTruthUploaded, event);
      return {
        eventId: event.id,
        setAt: event.occurredAt,
        metric: data.metric,
        sha256: data.sha256,
        rows: data.rows,
        publicRows: data.publicRows,
        publicPercent: data.publicPercent ?? null,
        splitKeySha256: data.splitKeySha256 ?? null,
        scorerVersion: data.scorerVersion ?? null,
        splitKey: data.splitKeySha256 ? (revealed.get(data.splitKeySha256) ?? null) : null,
        revealsGroundTruth: data.revealGroundTruth ?? false,
        ...(data.secondaryMetrics ? { secondaryMetrics: data.secondaryMetrics } : {}),
        // Only the ground truth in force can be published (the table keeps no other file).
        groundTruthRevealed: Boolean(
          data.revealGroundTruth &&
          data.splitKeySha256 &&
          revealed.has(data.splitKeySha256) &&
          event === events.at(-1),
        ),
      };
    });
  }

  /**
   * The file of the ground truth in force, once revealed: the organiser chose so when setting it, and the
   * split key is revealed (final results published for every phase). Otherwise groundTruthNotRevealed.
   */
  async revealedFile(competitionId: string): Promise<{ sha256: string; content: Buffer }> {
    const t = this.db.withSchema('scoring') as ScoringDb;
    const truth = await t
      .selectFrom('ground_truths')
      .select(['sha256', 'split_key_sha256', 'reveal_ground_truth'])
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    const revealed = await this.revealedSplitKeys(competitionId);
    if (!truth?.reveal_ground_truth || !truth.split_key_sha256 || !revealed.has(truth.split_key_sha256))
      throw scoringErrors.groundTruthNotRevealed({
        data: { chosen: Boolean(truth?.reveal_ground_truth), splitKeyRevealed: revealed.size > 0 },
      });
    // Only now the file itself: a public call never reads a file that is not to be published.
    // (The same setting: one set meanwhile has another key, not revealed.)
    const file = await t
      .selectFrom('ground_truths')
      .select('content')
      .where('competition_id', '=', competitionId)
      .where('split_key_sha256', '=', truth.split_key_sha256)
      .executeTakeFirst();
    if (!file)
      throw scoringErrors.groundTruthNotRevealed({ data: { chosen: true, splitKeyRevealed: false } });
    return { sha256: truth.sha256, content: file.content };
  }

  /**
   * The split keys revealed, by their digest (hex → base64): the key of the ground truth in force, once
   * final results are published for every phase of the competition — not before, since a later phase
   * scored on the same ground truth would have its private ids known (an operator who wants a phase's
   * split revealed sets a new ground truth, with a new key, for the next phase). The key proves itself:
   * its SHA-256 is the commitment signed into the log when it was set.
   */
  async revealedSplitKeys(competitionId: string): Promise<Map<string, string>> {
    const t = this.db.withSchema('scoring') as ScoringDb;
    const [competition, published] = await Promise.all([
      t
        .selectFrom('competitions')
        .select('phases')
        .where('competition_id', '=', competitionId)
        .executeTakeFirst(),
      t
        .selectFrom('board_publications')
        .select('phase')
        .where('competition_id', '=', competitionId)
        .execute(),
    ]);
    // The phases that take submissions (a registration phase has no board).
    const phases = scoringPhases.filter((phase) => competition?.phases[phase]);
    const done = new Set(published.map((row) => row.phase));
    if (!phases.length || !phases.every((phase) => done.has(phase))) return new Map();
    // Only then the sealed key (the competition page asks on every view; most are before the end).
    const truth = await t
      .selectFrom('ground_truths')
      .select(['split_key', 'split_key_sha256'])
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    if (!truth?.split_key || !truth.split_key_sha256) return new Map();
    if (!this.splitKeys) throw new Error('GroundTruths: revealing a split needs the split keys');
    const key = (await this.splitKeys()).open(competitionId, truth.split_key_sha256, truth.split_key);
    return new Map([[truth.split_key_sha256, key.toString('base64')]]);
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
