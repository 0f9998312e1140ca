import { z } from 'zod';
import { defineEvent } from '../define.ts';

/** Per competition and team (stream `scoring-team-<competitionId>-<teamId>`). */
const teamAggregate = 'scoring.team';
/** Per competition and phase (stream `leaderboard-<competitionId>-<phase>`). */
const boardAggregate = 'scoring.leaderboard';

export const FinalSubmissionsSelected = defineEvent({
  type: 'scoring.FinalSubmissionsSelected',
  version: 1,
  meaning:
    'A team chose up to 2 of its Completed submissions of a phase for the private leaderboard; an empty choice goes back to the default (its 2 best public scores).',
  aggregate: teamAggregate,
  data: z.object({
    competitionId: z.uuid(),
    phase: z.string(),
    teamId: z.string().min(1),
    submissionIds: z.array(z.uuid()).max(2),
    selectedBy: z.uuid(),
  }),
});

export const TeamDisqualified = defineEvent({
  type: 'scoring.TeamDisqualified',
  version: 1,
  meaning:
    'An operator disqualified a team of a competition with a reason: it drops out of the public and the private leaderboard.',
  aggregate: teamAggregate,
  data: z.object({ competitionId: z.uuid(), teamId: z.string().min(1), reason: z.string().min(1).max(500) }),
});

export const PrivateLeaderboardPublished = defineEvent({
  type: 'scoring.PrivateLeaderboardPublished',
  version: 1,
  meaning:
    "An operator published a phase's private leaderboard (final results): from now on participants can see it.",
  aggregate: boardAggregate,
  data: z.object({ competitionId: z.uuid(), phase: z.string() }),
});
