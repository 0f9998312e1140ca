import { z } from 'zod';

/**
 * The limits of a competition phase's container runs (issue 36, decision 0044): set by an operator per
 * phase (PhaseRunLimitsSet), else the runners' environment defaults. One rule for the competition service
 * (which refuses limits past the runners' machine ceiling), scoring's runner (which runs each run of the
 * phase with them) and the readers (the phase's public description, the portal, the CLI).
 */
export interface PhaseRunLimits {
  /** Wall-clock limit of the run script, seconds. */
  timeoutSeconds: number;
  memoryMb: number;
  /** CPUs (fractions allowed, to 0.1). */
  cpus: number;
  /** Size cap of /saisresult, of each file the run writes and of /tmp, MB. */
  resultMb: number;
  /** GPUs per run: 0 unless the deployment declares GPUs (none does in this build: decision 0044). */
  gpus: number;
}

/** The smallest values an operator may set (a run below them cannot start an image meaningfully). */
export const runLimitMinimums = { timeoutSeconds: 1, memoryMb: 16, cpus: 0.1, resultMb: 1, gpus: 0 } as const;

export const runLimitFields = ['timeoutSeconds', 'memoryMb', 'cpus', 'resultMb', 'gpus'] as const;
export type RunLimitField = (typeof runLimitFields)[number];

/** The stored form (events, the phase's view): the shape only; the bounds are the policy's (runLimitProblem). */
export const phaseRunLimits = z.object({
  timeoutSeconds: z.number().int().min(runLimitMinimums.timeoutSeconds),
  memoryMb: z.number().int().min(runLimitMinimums.memoryMb),
  cpus: z.number().min(runLimitMinimums.cpus),
  resultMb: z.number().int().min(runLimitMinimums.resultMb),
  gpus: z.number().int().min(0),
});

/** The environment's defaults (what a phase without its own limits runs with) and the machine ceiling. */
export interface RunLimitPolicy {
  defaults: PhaseRunLimits;
  ceiling: PhaseRunLimits;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/**
 * The policy from the runners' environment (the same variables on every process: the runners read the
 * defaults, the competition service the ceiling). Defaults as decision 0007's table; the ceiling
 * (`SCORING_RUN_MAX_*`, what one runner machine can give a run) is never below the defaults. GPUs: none
 * (no deployment here has any; decision 0044 says how one would declare them).
 */
export function runLimitPolicy(env: Record<string, string | undefined>): RunLimitPolicy {
  const defaults: PhaseRunLimits = {
    timeoutSeconds: positive(env.SCORING_RUN_TIMEOUT_S, 1800),
    memoryMb: positive(env.SCORING_RUN_MEMORY_MB, 2048),
    cpus: positive(env.SCORING_RUN_CPUS, 1),
    resultMb: positive(env.SCORING_RUN_RESULT_MB, 64),
    gpus: 0,
  };
  return {
    defaults,
    ceiling: {
      timeoutSeconds: Math.max(defaults.timeoutSeconds, positive(env.SCORING_RUN_MAX_TIMEOUT_S, 6 * 3600)),
      memoryMb: Math.max(defaults.memoryMb, positive(env.SCORING_RUN_MAX_MEMORY_MB, 8192)),
      cpus: Math.max(defaults.cpus, positive(env.SCORING_RUN_MAX_CPUS, 2)),
      resultMb: Math.max(defaults.resultMb, positive(env.SCORING_RUN_MAX_RESULT_MB, 1024)),
      gpus: 0,
    },
  };
}

/** Why limits are refused: the first field out of bounds, with its bound (null when they are all within). */
export type RunLimitProblem =
  | { problem: 'gpusUnavailable'; field: 'gpus'; max: 0 }
  | { problem: 'aboveCeiling' | 'belowMinimum'; field: RunLimitField; bound: number };

export function runLimitProblem(limits: PhaseRunLimits, policy: RunLimitPolicy): RunLimitProblem | null {
  if (limits.gpus > policy.ceiling.gpus) return { problem: 'gpusUnavailable', field: 'gpus', max: 0 };
  for (const field of runLimitFields) {
    if (limits[field] < runLimitMinimums[field])
      return { problem: 'belowMinimum', field, bound: runLimitMinimums[field] };
    if (limits[field] > policy.ceiling[field])
      return { problem: 'aboveCeiling', field, bound: policy.ceiling[field] };
  }
  return null;
}

/** The limits a phase's runs use: the operator's if set, else the environment's defaults (older events). */
export const phaseLimitsOf = (
  phase: { runLimits?: PhaseRunLimits | null } | undefined,
  policy: Pick<RunLimitPolicy, 'defaults'>,
): PhaseRunLimits => phase?.runLimits ?? policy.defaults;
