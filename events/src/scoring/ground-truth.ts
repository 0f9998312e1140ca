import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { metricName } from './metrics.ts';
import { maxSecondaryMetrics } from '../board-order.ts';

export const GroundTruthUploaded = defineEvent({
  type: 'scoring.GroundTruthUploaded',
  version: 1,
  meaning:
    'An operator set the ground truth of a competition, with its metric and its public/private split; it replaces the previous one. It commits to the file (sha256), the split (the SHA-256 of its secret key, revealed at final publication) and the scorer (its version).',
  aggregate: 'scoring.groundTruth',
  data: z.object({
    competitionId: z.uuid(),
    metric: metricName,
    rows: z.number().int().positive(),
    publicRows: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    // Decision 0024, from 2026-11-27 (absent in ground truths set before, which had no keyed split): the
    // declared share, the commitment to the split's key, the scorer's version. Optional fields of the same
    // version rather than a version 2: consumers read one shape (events/test/versions.unit.test.ts).
    publicPercent: z.number().int().min(1).max(99).optional(),
    splitKeySha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    scorerVersion: z.string().max(100).optional(),
    // Decision 0031: the organiser's choice to publish the file itself with the split key after the last
    // phase's final results (absent: kept, as before).
    revealGroundTruth: z.boolean().optional(),
    // Decision 0046: the secondary metrics every submission is scored by too (board columns and order
    // steps, in this order); absent: the primary metric only, as before. Committed with the rest.
    secondaryMetrics: z.array(metricName).min(1).max(maxSecondaryMetrics).optional(),
  }),
});
