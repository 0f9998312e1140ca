import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { secondaryScores } from './submission.ts';

/**
 * Baselines (issue 37, decision 0050): rows an operator adds to a phase's boards, scored from a
 * baseline file by the same scorer against the same ground truth as a submission, shown marked among
 * the teams and never ranked. Stream `baseline-<baselineId>` (aggregate `scoring.baseline`).
 */
const aggregate = 'scoring.baseline';

/** A baseline's name and description (characters, trimmed), and how many one phase may have. */
export const baselineLimits = { nameMax: 60, descriptionMax: 500, perPhase: 20 } as const;

export const baselineName = z.string().trim().min(1).max(baselineLimits.nameMax);
export const baselineDescription = z.string().trim().max(baselineLimits.descriptionMax);

export const BaselineAdded = defineEvent({
  type: 'scoring.BaselineAdded',
  version: 1,
  meaning:
    "An operator added a baseline to a phase's boards: a name, a description and the public and private scores of its file, scored like a submission against the ground truth in force; shown marked among the teams, never ranked, never in prizes.",
  aggregate,
  data: z.object({
    baselineId: z.uuid(),
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    name: baselineName,
    description: baselineDescription,
    metric: z.string(),
    publicScore: z.number().finite(),
    privateScore: z.number().finite(),
    /** Each secondary metric's scores (decision 0046), as a submission's; absent without them (and before). */
    scores: secondaryScores.optional(),
    /** SHA-256 of the baseline file and of the ground truth it was scored against. */
    fileSha256: z.string(),
    groundTruthSha256: z.string(),
    addedBy: z.uuid(),
  }),
});

export const BaselineRemoved = defineEvent({
  type: 'scoring.BaselineRemoved',
  version: 1,
  meaning: "An operator removed a baseline from its phase's boards, with a reason.",
  aggregate,
  data: z.object({
    baselineId: z.uuid(),
    competitionId: z.uuid(),
    phase: z.string().min(1).max(40),
    removedBy: z.uuid(),
    reason: z.string().min(1).max(500),
  }),
});

export type BaselineAddedData = z.infer<typeof BaselineAdded.data>;

/**
 * A baseline as a board page carries it: its score on that board (public or private), and
 * `teamsAhead`, how many of the board's teams are placed before it (better or equal scores: a tie goes
 * to the team). It has no rank and is not counted in `total`.
 */
export const baselineRow = z.object({
  baseline: z.literal(true),
  baselineId: z.string(),
  name: z.string(),
  description: z.string(),
  score: z.number(),
  metric: z.string(),
  /** Its score by each secondary metric on this board (decision 0046), as team rows have; absent without. */
  scores: z.record(z.string(), z.number()).optional(),
  addedAt: z.string(),
  teamsAhead: z.number().int(),
});
export type BaselineRow = z.infer<typeof baselineRow>;

/**
 * How many of `teamScores` are placed before a baseline scoring `score`: those better or equal in the
 * metric's direction (`higherIsBetter`). Teams are ranked by score first (decision 0029), so these are
 * exactly ranks 1…n of the board.
 */
export function teamsAheadOf(teamScores: readonly number[], score: number, higherIsBetter: boolean): number {
  let ahead = 0;
  for (const teamScore of teamScores) if (higherIsBetter ? teamScore >= score : teamScore <= score) ahead++;
  return ahead;
}

/**
 * The baselines one page shows, of all a board has: those placed before one of the page's team rows
 * (`teamsAhead` in [offset, offset + pageSize)), and on the page of the last team (page 1 of an empty
 * board) those placed after every team. So each baseline is on exactly one page.
 */
export function baselinesOnPage<B extends { teamsAhead: number }>(
  baselines: readonly B[],
  page: number,
  pageSize: number,
  total: number,
): B[] {
  const offset = (page - 1) * pageSize;
  const last = total === 0 ? page === 1 : offset < total && total <= offset + pageSize;
  return baselines.filter((b) =>
    b.teamsAhead < total ? b.teamsAhead >= offset && b.teamsAhead < offset + pageSize : last,
  );
}

/**
 * A page's team rows and its baselines in reading order: each baseline right after the team rows
 * placed before it (`teamsAhead` counts from the board's first row, so the page's `rank`s tell), the
 * baselines in the order given (the answer's: best first). Team rows keep their order and ranks.
 */
export function withBaselines<R extends { rank: number }, B extends { teamsAhead: number }>(
  records: readonly R[],
  baselines: readonly B[],
): (R | B)[] {
  const out: (R | B)[] = [];
  let next = 0;
  for (const row of records) {
    while (next < baselines.length && baselines[next]!.teamsAhead < row.rank) out.push(baselines[next++]!);
    out.push(row);
  }
  while (next < baselines.length) out.push(baselines[next++]!);
  return out;
}

/** The word a board marks a baseline row with, one text for the portal, the console and the CLI. */
export const baselineLabel = { en: 'Baseline', 'zh-CN': '基线' } as const;
