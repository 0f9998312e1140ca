import { z } from 'zod';
import { defineEvent } from '../define.ts';

/** Per competition and phase: the seal of its private leaderboard (stream `leaderboard-seal-<competitionId>-<phase>`). */
const boardAggregate = 'scoring.leaderboard';
/** Per collusion signal (stream `signal-<signalId>`). */
const signalAggregate = 'scoring.signal';

export const PrivateLeaderboardSealed = defineEvent({
  type: 'scoring.PrivateLeaderboardSealed',
  version: 1,
  meaning:
    "An operator sealed a phase's private leaderboard before its reveal: the SHA-256 digest of its canonical form (events/src/seal.ts) is recorded; after publication anyone can recompute it.",
  aggregate: boardAggregate,
  data: z.object({
    competitionId: z.uuid(),
    phase: z.string(),
    metric: z.string(),
    rows: z.number().int().min(1),
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    algorithm: z.literal('sha256'),
    form: z.enum(['v1', 'v2']),
    sealedBy: z.uuid(),
  }),
});

export const CollusionSignalDecided = defineEvent({
  type: 'scoring.CollusionSignalDecided',
  version: 1,
  meaning:
    'An operator acted on a collusion signal (identical result files or near-identical predictions between teams): dismissed it, or disqualified a team it names, with a reason.',
  aggregate: signalAggregate,
  data: z.object({
    signalId: z.string().min(1).max(80),
    kind: z.enum(['identical-files', 'correlated-predictions']),
    competitionId: z.uuid(),
    decision: z.enum(['dismissed', 'disqualified']),
    teamId: z.string().min(1).nullable(),
    reason: z.string().min(1).max(500),
  }),
});
