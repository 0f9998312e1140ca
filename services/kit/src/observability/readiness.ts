import { withTimeout } from './sampled.ts';

export type ReadinessCheck = {
  name: string;
  /** Resolves when the dependency is fine; rejects with the reason otherwise. */
  check: () => Promise<void>;
  /** How long the check may take before it counts as failed (default 2000 ms). */
  timeoutMs?: number;
};

export interface ReadinessReport {
  ready: boolean;
  /** Each check's `ok`, or why it failed. */
  checks: Record<string, string>;
}

/**
 * Runs the checks at once, each bounded by its timeout: a database that stopped answering makes the
 * answer "not ready" within the timeout instead of holding the request.
 */
export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const results = await Promise.allSettled(
    checks.map(({ name, check, timeoutMs }) =>
      withTimeout(Promise.resolve().then(check), timeoutMs ?? 2000, name),
    ),
  );
  const report: ReadinessReport = { ready: true, checks: {} };
  results.forEach((result, index) => {
    const { name } = checks[index]!;
    if (result.status === 'fulfilled') report.checks[name] = 'ok';
    else {
      report.ready = false;
      report.checks[name] = result.reason instanceof Error ? result.reason.message : String(result.reason);
    }
  });
  return report;
}
