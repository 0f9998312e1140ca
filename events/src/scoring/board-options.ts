import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { isMetricStep, maxChosenSteps } from '../board-order.ts';

/**
 * A phase's public board options (issue 37, decision 0045), per competition and phase: stream
 * `board-options-<competitionId>-<phase>` (not the board stream `leaderboard-…`, whose first event
 * means "published").
 */
const aggregate = 'scoring.boardOptions';

/** The Ladder's step η: positive, at most 10⁶, and at least 10⁻⁹ (a finer step shows the score as it is). */
export const ladderStepLimits = { min: 1e-9, max: 1e6 } as const;
export const ladderStep = z.number().finite().min(ladderStepLimits.min).max(ladderStepLimits.max);

/**
 * An organiser-chosen order (issue 37): the metric steps to rank by first, in order (`score`, or
 * `scores.<metric>` for a secondary metric of the ground truth), each at most once; the steps left out
 * follow in their usual order, then the submission time and the team id (`boardOrderSteps`).
 */
export const chosenOrder = z
  .array(z.string().max(80).refine(isMetricStep, { message: 'a step is "score" or "scores.<metric>"' }))
  .min(1)
  .max(maxChosenSteps)
  .refine((steps) => new Set(steps).size === steps.length, { message: 'a step at most once' });

export const BoardOptionsSet = defineEvent({
  type: 'scoring.BoardOptionsSet',
  version: 1,
  meaning:
    "An operator set a phase's public board options: the Ladder (a team's public score changes only when a submission beats its shown one by at least the step, and is shown rounded to the step; null: off), whether the phase is blind (participants never see a public score), and the ranking order's first steps if the organiser chose them (absent: the usual order).",
  aggregate,
  data: z.object({
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    ladderStep: ladderStep.nullable(),
    blind: z.boolean(),
    /** The organiser-chosen order (issue 37); absent: the usual order (every event before it). */
    order: chosenOrder.optional(),
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
  /** The organiser-chosen order's steps (issue 37); absent when none is chosen (the usual order). */
  order: z.array(z.string()).optional(),
});
export type BoardOptionsView = z.infer<typeof boardOptionsView>;

export const boardOptionsOff: BoardOptionsView = { ladderStep: null, blind: false };
export type BoardOptionsSetData = z.infer<typeof BoardOptionsSet.data>;

/** A step as the texts write it: its shortest decimal (0.01, 1e-7). */
const stepText = (step: number) => String(Number(step.toPrecision(12)));

/**
 * The board's note that the Ladder is on (decision 0045), one text for the portal, the CLI and the
 * console, in the reader's language.
 */
export function ladderText(locale: 'en' | 'zh-CN', step: number): string {
  const s = stepText(step);
  return locale === 'en'
    ? `The Ladder is on (step ${s}): scores are shown rounded to ${s}, never better than they are, and a team's score changes only when a submission beats it by at least ${s} (Blum & Hardt 2015), so the public board cannot be climbed by probing.`
    : `已启用阶梯机制 Ladder（步长 ${s}）：分数按 ${s} 取整显示（不会高于实际成绩），只有提交至少超出当前分数 ${s} 时团队分数才会更新（Blum & Hardt 2015），因此无法通过反复试探公开榜来提高名次。`;
}
