/**
 * Response schemas of the operators' scoring calls (what the participant calls answer is in
 * `@sais/events`' `scoring.responses`, which the `sais` client shares). Plain types: an answer is never
 * refused for its contents.
 */
import { scoring } from '@sais/events';
import { z } from 'zod';

/** `GET /api/admin/groundtruth`: the ground truth in force. */
export const groundTruthInForce = z.object({
  competitionId: z.string(),
  metric: scoring.metricName,
  rows: z.number(),
  publicRows: z.number(),
  sha256: z.string(),
  /** Decision 0024's commitment (absent for a ground truth set before it). */
  publicPercent: z.number().optional(),
  splitKeySha256: z.string().optional(),
  scorerVersion: z.string().optional(),
  /** Decision 0031: the file is published with the split key after the last phase's final results. */
  revealGroundTruth: z.boolean().optional(),
  /** Decision 0046: the secondary metrics, in order (absent: none). */
  secondaryMetrics: z.array(scoring.metricName).optional(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  uploads: z.number(),
});

/** A submission as the console lists it. */
export const submissionRecord = z.object({
  id: z.string(),
  competitionId: z.string(),
  phase: z.string(),
  teamId: z.string(),
  teamName: z.string().nullable(),
  submitterId: z.string(),
  submitter: z.string().nullable(),
  fileName: z.string(),
  size: z.number(),
  status: scoring.responses.submissionStatus,
  publicScore: z.number().nullable(),
  privateScore: z.number().nullable(),
  metric: z.string().nullable(),
  log: z.string().nullable(),
  refusal: scoring.responses.refusalView.nullable(),
  logText: z.string().nullable(),
  disqualifiedReason: z.string().nullable(),
  teamDisqualifiedReason: z.string().nullable(),
  /** A smoke run (decision 0049): the smoke split only, never scored or ranked. */
  smoke: z.boolean(),
  /** The container run had the competition's hidden datasets mounted (decision 0032): its team gets no log. */
  hiddenData: z.boolean(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});

export const rescored = z.object({
  submissionId: z.string(),
  status: z.enum(['Completed', 'Invalid']),
  publicScore: z.number().nullable(),
  previousPublicScore: z.number().nullable(),
  log: z.string().nullable(),
  refusal: scoring.responses.refusalView.nullable(),
  logText: z.string().nullable(),
});

export const rescoredAll = z.object({
  competitionId: z.string(),
  phase: z.string().nullable(),
  rescored: z.number(),
  changed: z.number(),
  invalid: z.number(),
});

export const published = z.object({
  competitionId: z.string(),
  phase: z.string(),
  publishedAt: z.string(),
  alreadyPublished: z.boolean(),
});

/** `GET /api/admin/leaderboard/seal`: the seal and the ranking's digest now. */
export const sealStatus = z.object({
  competitionId: z.string(),
  phase: z.string(),
  seal: scoring.responses.boardSeal.nullable(),
  current: z.object({ digest: z.string(), rows: z.number(), metric: z.string() }).nullable(),
  published: z.boolean(),
});

/** `POST /api/admin/leaderboard/seal`. */
export const sealed = z.object({
  competitionId: z.string(),
  phase: z.string(),
  metric: z.string(),
  rows: z.number(),
  digest: z.string(),
  algorithm: z.string(),
  form: z.string(),
  sealedAt: z.date(),
});

/** Who publishes a phase's final results, the pending proposal, the publication and its history. */
export const publicationStatus = z.object({
  competitionId: z.string(),
  phase: z.string(),
  mode: z.enum(['two-operators', 'one-operator']),
  /**
   * The phase rules (issue 30): the phase's schedule and the operator's override, whether it has ended,
   * from when its final results can be published (null while an operator holds it open), and how many of
   * its submissions are still being scored or not on the board yet; null: no such phase.
   */
  schedule: z
    .object({
      startsAt: z.string(),
      endsAt: z.string(),
      override: z.enum(['open', 'closed']).nullable(),
      timeZone: z.string(),
      ended: z.boolean(),
      publishableFrom: z.string().nullable(),
      pending: z.number().int(),
    })
    .nullable(),
  proposal: z
    .object({
      proposalId: z.string(),
      competitionId: z.string(),
      phase: z.string(),
      proposedAt: z.string(),
      proposedBy: z.string(),
      reason: z.string(),
      sealDigest: z.string().nullable(),
    })
    .nullable(),
  published: z
    .object({
      at: z.string(),
      by: z.string().nullable(),
      role: z.enum(['participant', 'reviewer', 'operator', 'auditor', 'admin', 'system']),
    })
    .nullable(),
  history: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      occurredAt: z.string(),
      by: z.string().nullable(),
      /** The event's data: its shape is the event type's (events/src/scoring/publication.ts). */
      data: z.unknown(),
    }),
  ),
});

/** A collusion signal with its evidence (decision 0008) and the names of the teams it names. */
export const signal = z.object({
  id: z.string(),
  kind: z.enum(['identical-files', 'correlated-predictions']),
  competitionId: z.string(),
  phase: z.string(),
  teamIds: z.array(z.string()),
  teamNames: z.record(z.string(), z.string().nullable()),
  strength: z.number(),
  detectedAt: z.string(),
  /** Open: each kind of signal keeps its own evidence (files' hashes, prediction correlations). */
  evidence: z.unknown(),
  status: z.enum(['open', 'dismissed', 'disqualified']),
  decision: z
    .object({
      decidedBy: z.string(),
      decidedAt: z.string(),
      teamId: z.string().nullable(),
      reason: z.string(),
    })
    .nullable(),
});
/** A signal as decided (without the team names). */
export const decidedSignal = signal.omit({ teamNames: true });
