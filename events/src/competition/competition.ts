import { z } from 'zod';
import { defineEvent } from '../define.ts';
import { phaseRunLimits } from './run-limits.ts';

const aggregate = 'competition.competition';
const competitionId = z.uuid();
const localized = z.object({ 'zh-CN': z.string().min(1), en: z.string().min(1) });

export const competitionTypes = [
  'Algorithm',
  'Programming',
  'Innovation',
  'Getting Started',
  'Academic Research',
  'Other',
] as const;
export const phaseNames = ['registration', 'preliminary', 'semi-final', 'final'] as const;
export const submissionKinds = ['result-file', 'container-image'] as const;
export const finalResultsApprovals = ['two-operators', 'one-operator'] as const;

/** The bounds of a competition's numeric settings (the console's inputs take them from here). */
export const settingLimits = {
  teamSizeLimit: { min: 1, max: 50 },
  teamFormingAttempts: { min: 1, max: 20 },
  dailySubmissionLimit: { min: 1, max: 100 },
} as const;

/**
 * A competition's short name (issue 35 point 12, decision 0036): lower-case letters and digits in
 * words joined by single hyphens, 3–60 characters, unique; `sais` takes it wherever it takes an id.
 */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugLength = { min: 3, max: 60 } as const;
export const competitionSlug = z
  .string({ message: 'competitionSlugInvalid' })
  .trim()
  .min(slugLength.min, { message: 'competitionSlugInvalid' })
  .max(slugLength.max, { message: 'competitionSlugInvalid' })
  .regex(slugPattern, { message: 'competitionSlugInvalid' });

/**
 * The slug a title gives (decision 0036): its English words, lower case, ASCII letters and digits,
 * joined by hyphens, cut at a word boundary to at most 50 characters (room for a "-2" suffix); null
 * when fewer than 3 characters are left (the caller then names it by its id).
 */
export function slugOf(title: string): string | null {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 50) break;
    slug = next;
  }
  if (!slug && words[0]) slug = words[0].slice(0, 50);
  return slug.length >= slugLength.min ? slug : null;
}

export const CompetitionSettings = z.object({
  /** Set once, at creation (given by the operator or derived from the English title). */
  slug: competitionSlug.optional(),
  title: localized,
  description: localized,
  type: z.enum(competitionTypes),
  /** Prize money in RMB. */
  bonus: z.number().int().min(0),
  season: z.string().min(1).max(40),
  sponsors: z.array(z.string().min(1).max(100)).max(20),
  /** IANA time zone of the schedule and of daily submission limits. */
  timeZone: z.string().min(1),
  teamSizeLimit: z.number().int().min(settingLimits.teamSizeLimit.min).max(settingLimits.teamSizeLimit.max),
  /** How many teams a participant may form or join in this competition ("You only have N times to organize a team"). */
  teamFormingAttempts: z
    .number()
    .int()
    .min(settingLimits.teamFormingAttempts.min)
    .max(settingLimits.teamFormingAttempts.max),
  dailySubmissionLimit: z
    .number()
    .int()
    .min(settingLimits.dailySubmissionLimit.min)
    .max(settingLimits.dailySubmissionLimit.max),
  submissionKinds: z.array(z.enum(submissionKinds)).min(1),
  /**
   * Container-image registries (`host` or `host:port`) this competition may pull from although they are
   * on loopback, a private or link-local network or the platform's own address (refused otherwise).
   */
  allowedRegistries: z
    .array(z.string().regex(/^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$/))
    .max(20)
    .optional(),
  /**
   * Who publishes final results (issue 19): `two-operators` = one proposes, a different one approves;
   * absent = two operators when the competition has prize money (bonus > 0), else one.
   */
  finalResultsApproval: z.enum(finalResultsApprovals).nullish(),
  /** Team changes close at this time (ISO), if set. */
  teamMergeDeadline: z.iso.datetime().nullable(),
  agreements: z
    .array(z.object({ agreementId: z.string().min(1).max(40), title: localized, body: localized }))
    .max(10),
});
export type CompetitionSettings = z.infer<typeof CompetitionSettings>;

/**
 * The publication rule in force (issue 19): the competition's own choice, else two operators where there is
 * prize money. Scoring reads it to refuse a one-person publish; the competition decider lets only an admin
 * weaken it, so one operator cannot switch the rule off and then publish alone.
 */
export function publicationRuleOf(
  settings: Pick<CompetitionSettings, 'finalResultsApproval' | 'bonus'>,
): (typeof finalResultsApprovals)[number] {
  return settings.finalResultsApproval ?? (settings.bonus > 0 ? 'two-operators' : 'one-operator');
}

export const CompetitionCreated = defineEvent({
  type: 'competition.CompetitionCreated',
  version: 1,
  meaning: 'An operator created a competition with its settings; it is listed from now on.',
  aggregate,
  data: z.object({ competitionId, settings: CompetitionSettings }),
});

export const CompetitionUpdated = defineEvent({
  type: 'competition.CompetitionUpdated',
  version: 1,
  meaning: 'An operator changed some settings of a competition; only the changed ones are listed.',
  aggregate,
  data: z.object({ competitionId, changes: CompetitionSettings.partial() }),
});

export const PhaseScheduled = defineEvent({
  type: 'competition.PhaseScheduled',
  version: 1,
  meaning:
    'A phase (registration, preliminary, semi-final, final) got its start and end; a later one replaces it.',
  aggregate,
  data: z.object({
    competitionId,
    phase: z.enum(phaseNames),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
  }),
});

export const PhaseOpened = defineEvent({
  type: 'competition.PhaseOpened',
  version: 1,
  meaning: 'An operator opened a phase now, whatever its schedule says.',
  aggregate,
  data: z.object({ competitionId, phase: z.enum(phaseNames) }),
});

export const PhaseClosed = defineEvent({
  type: 'competition.PhaseClosed',
  version: 1,
  meaning: 'An operator closed a phase now, whatever its schedule says.',
  aggregate,
  data: z.object({ competitionId, phase: z.enum(phaseNames) }),
});

export const PhaseRunLimitsSet = defineEvent({
  type: 'competition.PhaseRunLimitsSet',
  version: 1,
  meaning:
    "An operator set the limits of a phase's container runs (time, memory, CPUs, result size, GPUs); a later one replaces them. A phase without one runs with the runners' environment defaults.",
  aggregate,
  data: z.object({ competitionId, phase: z.enum(phaseNames), limits: phaseRunLimits }),
});

const file = z.object({
  fileId: z.uuid(),
  name: z.string().min(1).max(200),
  size: z.number().int().min(0),
  contentType: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const FileAdded = defineEvent({
  type: 'competition.FileAdded',
  version: 1,
  meaning:
    'An operator attached a documentation file (for signed-up users) or a dataset (for verified users).',
  aggregate,
  data: z.object({ competitionId, kind: z.enum(['document', 'dataset']), file }),
});

export const FileRemoved = defineEvent({
  type: 'competition.FileRemoved',
  version: 1,
  meaning: 'An operator removed a documentation file or dataset.',
  aggregate,
  data: z.object({ competitionId, fileId: z.uuid() }),
});

export const DatasetVisibilitySet = defineEvent({
  type: 'competition.DatasetVisibilitySet',
  version: 1,
  meaning:
    'An operator hid a dataset file from participants (never listed, downloadable or previewed for them; still mounted at /saisdata in container runs) or showed it again (decision 0032).',
  aggregate,
  data: z.object({ competitionId, fileId: z.uuid(), hidden: z.boolean() }),
});
