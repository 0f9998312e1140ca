import { competition } from '@sais/events';
import type { Db } from '@sais/kit/db';
import type { Logger } from 'pino';
import type { ScoringDb } from '../db/tables.ts';
import type { RunLimits } from './settings.ts';

const MB = 1024 * 1024;

/**
 * The limits a run of `phase` uses (decision 0044): the operator's for that phase (PhaseRunLimitsSet, in
 * scoring's competitions mirror), else the environment's defaults; never past this runner's machine
 * ceiling (`policy.ceiling`, which the competition service checked them against: a runner whose ceiling is
 * lower says so in its log and runs with its own). Pids, image size and the log stay the environment's.
 */
export async function phaseRunLimits(
  db: Db,
  competitionId: string,
  phase: string,
  base: RunLimits,
  policy: competition.RunLimitPolicy,
  logger?: Logger,
): Promise<RunLimits> {
  const row = await (db.withSchema('scoring') as ScoringDb)
    .selectFrom('competitions')
    .select('phases')
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
  const wanted = competition.phaseLimitsOf(row?.phases[phase], policy);
  const limits = { ...wanted };
  for (const field of competition.runLimitFields)
    if (limits[field] > policy.ceiling[field]) limits[field] = policy.ceiling[field];
  if (JSON.stringify(limits) !== JSON.stringify(wanted))
    logger?.warn(
      { competitionId, phase, wanted, ceiling: policy.ceiling },
      'the phase asks for more than this runner can give (SCORING_RUN_MAX_*): runs with its ceiling',
    );
  return {
    ...base,
    timeoutSeconds: limits.timeoutSeconds,
    memoryBytes: limits.memoryMb * MB,
    cpus: limits.cpus,
    resultBytes: limits.resultMb * MB,
  };
}
