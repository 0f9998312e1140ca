import { z } from 'zod';
import { defineEvent } from '../define.ts';

/**
 * A phase's public board options (issue 37, decision 0045), per competition and phase: stream
 * `board-options-<competitionId>-<phase>` (not the board stream `leaderboard-…`, whose first event
 * means "published").
 */
const aggregate = 'scoring.boardOptions';

/** The Ladder's step η: positive, at most 10⁶, and at least 10⁻⁹ (a finer step shows the score as it is). */
export const ladderStepLimits = { min: 1e-9, max: 1e6 } as const;
export const ladderStep = z.number().finite().min(ladderStepLimits.min).max(ladderStepLimits.max);

export const BoardOptionsSet = defineEvent({
  type: 'scoring.BoardOptionsSet',
  version: 1,
  meaning:
    "An operator set a phase's public board options: the Ladder (a team's public score changes only when a submission beats its shown one by at least the step, and is shown rounded to the step; null: off) and whether the phase is blind (participants never see a public score).",
  aggregate,
  data: z.object({
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    ladderStep: ladderStep.nullable(),
    blind: z.boolean(),
    setBy: z.uuid(),
    reason: z.string().min(1).max(500),
  }),
});

/** A phase's board options as the answers carry them (every page, `myScore`, the admin read). */
export const boardOptionsView = z.object({
  /** The Ladder's step η when it is on (decision 0045), else null. */
  ladderStep: z.number().nullable(),
  /** Participants see "scored" and their allowance, never a public score; operators see everything. */
  blind: z.boolean(),
});
export type BoardOptionsView = z.infer<typeof boardOptionsView>;

export const boardOptionsOff: BoardOptionsView = { ladderStep: null, blind: false };
export type BoardOptionsSetData = z.infer<typeof BoardOptionsSet.data>;
