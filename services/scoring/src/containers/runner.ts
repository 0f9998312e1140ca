import type { scoring } from '@sais/events';
import type { RegistryCredentials } from './credentials.ts';
import type { RunLimits } from './settings.ts';

export type RunState = 'pulling' | 'running' | 'collecting';

export interface RunRequest {
  submissionId: string;
  /** Names the container (with the submission id), so a later attempt can remove a dead runner's leftovers. */
  attempt: number;
  image: string;
  /** The submission's registry login; null for a public image. */
  credentials: RegistryCredentials | null;
  /** false on a retry whose first attempt pulled the image already (its credentials are deleted by then). */
  pull: boolean;
  /** The executable run inside the image (default /app/run.sh). */
  configPath: string;
  /** Host folder mounted read-only at /saisdata. */
  dataDir: string;
  limits: RunLimits;
  /** Aborted when the run must stop now: a newer submission of the team, or this runner lost its lease. */
  signal: AbortSignal;
  onState(state: RunState): Promise<void>;
  /** Called once the image is in the engine: the credentials can be deleted. */
  onPulled(): Promise<void>;
}

export type RunOutcome =
  /** The run script finished and left a result file in /saisresult. */
  | { kind: 'result'; file: { name: string; bytes: Buffer }; log: string }
  /** The participant's fault (exit code, no result file): Invalid. */
  | { kind: 'invalid'; verdict: scoring.FileRefusal; log: string }
  /**
   * A limit was hit or the pull failed (Failed); `platformFault` ones are retried, then refunded.
   * `verdict` is a key with parameters of the shared catalogue (@sais/events fileRefusalTexts), rendered
   * per reader; `detail` (e.g. the engine's error text) is for operators: the event and the log, never
   * the participant.
   */
  | { kind: 'failed'; verdict: scoring.FileRefusal; log: string; platformFault: boolean; detail?: string }
  | { kind: 'aborted'; log: string };

/**
 * Runs one container submission in a sandbox and collects its result. The Docker Engine runner is the one
 * built; docs/decisions/0007-container-runner.md describes a Kubernetes-Job runner behind this interface.
 */
export interface Runner {
  run(request: RunRequest): Promise<RunOutcome>;
  /** Removes whatever a previous attempt of the submission left (a runner killed mid-run). */
  cleanup(submissionId: string): Promise<void>;
  /** Removes a pulled image once no run needs it. */
  release(image: string): Promise<void>;
}
