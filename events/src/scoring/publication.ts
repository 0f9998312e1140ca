import { z } from 'zod';
import { defineEvent } from '../define.ts';

/**
 * Two people for final results (issue 19): per competition and phase, stream
 * `publication-<competitionId>-<phase>`. One operator proposes publishing the private leaderboard,
 * a different one approves (then `PrivateLeaderboardPublished` follows); either may withdraw it first.
 */
const aggregate = 'scoring.publication';
const base = { competitionId: z.uuid(), phase: z.string().min(1).max(40), proposalId: z.uuid() };
const reason = z.string().min(1).max(500);

export const PublicationProposed = defineEvent({
  type: 'scoring.PublicationProposed',
  version: 1,
  meaning:
    "An operator proposed publishing a phase's private leaderboard (final results), with a reason; a second operator must approve it.",
  aggregate,
  data: z.object({ ...base, proposedBy: z.uuid(), reason, sealDigest: z.string().nullable() }),
});

export const PublicationApproved = defineEvent({
  type: 'scoring.PublicationApproved',
  version: 1,
  meaning:
    'A second operator (not the proposer) approved the proposal to publish final results, with a reason; the private leaderboard is published with it.',
  aggregate,
  data: z.object({ ...base, proposedBy: z.uuid(), approvedBy: z.uuid(), reason }),
});

export const PublicationWithdrawn = defineEvent({
  type: 'scoring.PublicationWithdrawn',
  version: 1,
  meaning:
    'An operator withdrew a pending proposal to publish final results, with a reason, before its approval.',
  aggregate,
  data: z.object({ ...base, withdrawnBy: z.uuid(), reason }),
});
