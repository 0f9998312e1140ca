import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { fileRefusalSchema, submissionLogSchema } from './file-refusals.ts';
import { metricName } from './metrics.ts';
import { submissionDescriptionMax } from './rules.ts';
import { maxSecondaryMetrics } from '../board-order.ts';

const aggregate = 'scoring.submission';
const submissionId = z.uuid();
const score = z.number().finite();

/**
 * A submission's secondary scores (decision 0046), one per secondary metric of the ground truth, in its
 * order; absent when the ground truth has none (and in every event before).
 */
export const secondaryScores = z
  .array(z.object({ metric: metricName, publicScore: score, privateScore: score }))
  .min(1)
  .max(maxSecondaryMetrics);
export type SecondaryScores = z.infer<typeof secondaryScores>;

export const SubmissionReceived = defineEvent({
  type: 'scoring.SubmissionReceived',
  version: 1,
  meaning:
    "A team's result file was accepted for a phase; it used one of the team's submissions of that day.",
  aggregate,
  data: z.object({
    submissionId,
    competitionId: z.uuid(),
    phase: z.string(),
    teamId: z.string().min(1),
    submitterId: z.uuid(),
    fileName: z.string().max(200),
    size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The day (in the competition's time zone) whose allowance it used, e.g. 2027-04-01. */
    quotaDay: z.iso.date(),
    /** Absent for result files. A container submission names its image (fileName repeats it) and run script. */
    kind: z.enum(['file', 'container']).optional(),
    image: z.string().max(300).optional(),
    configPath: z.string().max(200).optional(),
    /** The submitter's message with it (trimmed, ≤ 500 characters); absent when none (and in older events). */
    description: z
      .string()
      .min(1)
      .refine((text) => [...text].length <= submissionDescriptionMax)
      .optional(),
    /**
     * A smoke run (decision 0049): a container run on the competition's smoke split only, its full log to
     * the team; it uses none of the day's allowance (its own per-day cap), is never scored against the
     * ground truth, never on a board. Absent on every other submission (and older events).
     */
    smoke: z.literal(true).optional(),
  }),
});

export const SmokeRunChecked = defineEvent({
  type: 'scoring.SmokeRunChecked',
  version: 1,
  meaning:
    'A smoke run (decision 0049) ended with a result file whose format is right (the header `id,<target>`, one id and one number per line): it is Completed without any score, and never on a board.',
  aggregate,
  data: z.object({ submissionId, rows: z.number().int().min(0) }),
});

export const EvaluationStarted = defineEvent({
  type: 'scoring.EvaluationStarted',
  version: 1,
  meaning:
    'A scoring worker took the submission; if it has not finished by leaseUntil, another worker may take over.',
  aggregate,
  data: z.object({
    submissionId,
    worker: z.string(),
    attempt: z.number().int().positive(),
    leaseUntil: z.iso.datetime(),
  }),
});

export const SubmissionScored = defineEvent({
  type: 'scoring.SubmissionScored',
  version: 1,
  meaning: 'The file was valid and got its public and private scores.',
  aggregate,
  data: z.object({
    submissionId,
    metric: metricName,
    publicScore: score,
    privateScore: score,
    rows: z.number().int().positive(),
    groundTruthSha256: z.string().regex(/^[0-9a-f]{64}$/),
    scores: secondaryScores.optional(),
  }),
});

export const SubmissionInvalid = defineEvent({
  type: 'scoring.SubmissionInvalid',
  version: 1,
  meaning:
    "The participant's file is wrong (header, ids, values, encoding); the log names the row and column.",
  aggregate,
  /** `log`: a refusal `{ key, params }` of the shared catalogue (file-refusals.ts); older events: English text. */
  data: z.object({ submissionId, log: submissionLogSchema }),
});

export const EvaluationFailed = defineEvent({
  type: 'scoring.EvaluationFailed',
  version: 1,
  meaning:
    'The platform failed to evaluate; it retries with backoff, and after the last try the submission is Failed.',
  aggregate,
  data: z.object({
    submissionId,
    attempt: z.number().int().positive(),
    reason: z.string().max(2000),
    final: z.boolean(),
    /**
     * A container run's verdict for the participant, as a key with parameters (issue 21): `reason` is the
     * operators' English text (with the engine's words); absent on the result-file scorer's failures.
     */
    verdict: fileRefusalSchema.optional(),
  }),
});

export const QuotaRefunded = defineEvent({
  type: 'scoring.QuotaRefunded',
  version: 1,
  meaning:
    "A submission gave its team's daily allowance back: it failed through the platform's fault, its file was refused for its format (counted against the day's format refusals, decision 0020), or it was cancelled before it started.",
  aggregate,
  data: z.object({
    submissionId,
    teamId: z.string(),
    quotaDay: z.iso.date(),
    /** Why (absent on events before decision 0020: a platform failure). */
    reason: z.enum(['failed', 'format', 'cancelled']).optional(),
  }),
});

export const SubmissionCancelled = defineEvent({
  type: 'scoring.SubmissionCancelled',
  version: 1,
  meaning:
    'A member of the team cancelled the submission while it was still waiting (before any worker took it); a QuotaRefunded follows in the same append.',
  aggregate,
  data: z.object({ submissionId, cancelledBy: z.uuid() }),
});

export const ResultFileRefused = defineEvent({
  type: 'scoring.ResultFileRefused',
  version: 1,
  meaning:
    "A result file was refused for its format while it was uploaded (header, line or column caps): no allowance used, but it counts against the team's format refusals of the day (decision 0020).",
  // Its own stream (`refusal-<id>`): no submission exists for a refused file.
  aggregate: 'scoring.refusal',
  data: z.object({
    /** The refusal's own id (its stream is `refusal-<id>`). */
    refusalId: z.uuid(),
    competitionId: z.uuid(),
    teamId: z.string().min(1),
    submitterId: z.uuid(),
    quotaDay: z.iso.date(),
    /** The error key the uploader got, e.g. resultHeaderWrong. */
    reason: z.string().max(60),
    /** Its parameters, as the uploader's message was filled with them, e.g. { line, expected, found } (issue 21; absent before). */
    params: z.record(z.string().max(40), z.union([z.string().max(300), z.number()])).optional(),
  }),
});

export const SubmissionRescored = defineEvent({
  type: 'scoring.SubmissionRescored',
  version: 1,
  meaning:
    'An operator had the file scored again (e.g. after a ground-truth fix): new scores, or a log when the file no longer fits the ground truth.',
  aggregate,
  data: z.object({
    submissionId,
    metric: metricName,
    /** Both null when the file is now Invalid (then `log` says why: a refusal, or English text in older events). */
    publicScore: score.nullable(),
    privateScore: score.nullable(),
    log: submissionLogSchema.nullable(),
    groundTruthSha256: z.string().regex(/^[0-9a-f]{64}$/),
    previousPublicScore: score.nullable(),
    /** Secondary scores (decision 0046); absent when none (or the file is now Invalid). */
    scores: secondaryScores.optional(),
  }),
});

export const SubmissionDisqualified = defineEvent({
  type: 'scoring.SubmissionDisqualified',
  version: 1,
  meaning:
    'An operator disqualified one submission with a reason: it no longer counts on either leaderboard (its allowance stays used).',
  aggregate,
  data: z.object({ submissionId, reason: z.string().min(1).max(500) }),
});
