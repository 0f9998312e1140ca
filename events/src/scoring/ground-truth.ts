import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { metricName } from './metrics.ts';

export const GroundTruthUploaded = defineEvent({
  type: 'scoring.GroundTruthUploaded',
  version: 1,
  meaning:
    'An operator set the ground truth of a competition, with its metric and its public/private split; it replaces the previous one.',
  aggregate: 'scoring.groundTruth',
  data: z.object({
    competitionId: z.uuid(),
    metric: metricName,
    rows: z.number().int().positive(),
    publicRows: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
