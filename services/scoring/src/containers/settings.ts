import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competition } from '@sais/events';

/** Sandbox limits of container runs, from the environment (defaults in docs/decisions/0007-container-runner.md). */
export interface RunLimits {
  /** Wall-clock limit of the run script, seconds. */
  timeoutSeconds: number;
  memoryBytes: number;
  /** CPUs (fractions allowed). */
  cpus: number;
  pids: number;
  /** Size cap of /saisresult (the run's result folder), of each file the run writes, and of the /tmp tmpfs. */
  resultBytes: number;
  /** Largest image accepted (uncompressed, as the engine reports it) and most layers. */
  maxImageBytes: number;
  maxImageLayers: number;
  /** The participant-visible run log keeps this many trailing characters. */
  logChars: number;
}

export interface RunnerSettings {
  /** The environment's limits; a phase's own (decision 0044) replace time, memory, CPUs and result size. */
  limits: RunLimits;
  /** The defaults and this runner machine's ceiling of a phase's limits (SCORING_RUN_MAX_*). */
  policy: competition.RunLimitPolicy;
  /** Concurrent runs per runner process. */
  slots: number;
  /** A runner renews its lease every leaseMs / 3; a run whose lease expired is taken over. */
  leaseMs: number;
  /**
   * How often each runner looks for runs nobody moves: claims of a runner that is gone (no presence) or
   * whose lease ran out, runs given back by a stopping runner, and submissions Waiting for two sweeps.
   */
  sweepMs: number;
  maxAttempts: number;
  /**
   * The engine runtime runs use: `runsc` (gVisor, decision 0037) unless SCORING_RUN_RUNTIME says otherwise
   * (`runc` opts out). A runtime the engine does not have refuses runs; it never falls back.
   */
  runtime: string;
  /** Where the competition service keeps dataset files (named by file id). */
  datasetsDir: string;
  /**
   * Where a run's /saisdata folder (hard links to the datasets, or copies on another file system) is
   * staged; the engine binds it, so a runner in a container stages it on a mounted volume.
   */
  stagingDir: string;
  /** The uid:gid runs use; never root. */
  user: string;
}

const MB = 1024 * 1024;
const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

export function runnerSettings(env: NodeJS.ProcessEnv, datasetsDir: string): RunnerSettings {
  return {
    limits: {
      timeoutSeconds: number(env.SCORING_RUN_TIMEOUT_S, 1800),
      memoryBytes: number(env.SCORING_RUN_MEMORY_MB, 2048) * MB,
      cpus: number(env.SCORING_RUN_CPUS, 1),
      pids: number(env.SCORING_RUN_PIDS, 256),
      resultBytes: number(env.SCORING_RUN_RESULT_MB, 64) * MB,
      maxImageBytes: number(env.SCORING_IMAGE_MAX_MB, 4096) * MB,
      maxImageLayers: number(env.SCORING_IMAGE_MAX_LAYERS, 64),
      logChars: number(env.SCORING_RUN_LOG_CHARS, 4000),
    },
    policy: competition.runLimitPolicy(env),
    slots: number(env.SCORING_RUNNER_SLOTS, 1),
    leaseMs: number(env.SCORING_RUNNER_LEASE_MS, 30_000),
    sweepMs: number(env.SCORING_RUNNER_SWEEP_MS, 1000),
    maxAttempts: number(env.SCORING_RUNNER_MAX_ATTEMPTS, 2),
    runtime: env.SCORING_RUN_RUNTIME?.trim() || 'runsc',
    datasetsDir: env.SCORING_DATASETS_DIR ?? datasetsDir,
    stagingDir: env.SCORING_RUN_STAGING_DIR ?? join(tmpdir(), 'sais-runs'),
    user: '65534:65534',
  };
}
