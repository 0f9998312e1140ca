/** Undo steps run last-in first-out, each bounded in time, also on Ctrl-C / SIGTERM. */
export class Cleanup {
  readonly #steps: { name: string; run: () => Promise<unknown> }[] = [];
  #running: Promise<void> | undefined;
  #verbose = false;
  /** True once Ctrl-C / SIGTERM arrived: callers stop starting new work. */
  stopping = false;

  constructor() {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signals += 1;
      if (signals === 1) {
        this.stopping = true;
        console.error(`\n${signal}: cleaning up ...`);
        this.#verbose = true;
        void this.run().finally(() => process.exit(130));
      } else if (signals >= 4) {
        console.error(`${signal} again: leaving without finishing the cleanup`);
        process.exit(130);
      }
      // The 2nd and 3rd are ignored: a Ctrl-C may arrive both from the terminal and from a parent.
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  /** Registers an undo step; returns a function that runs (and unregisters) that step now. */
  defer(name: string, run: () => Promise<unknown>): () => Promise<void> {
    const step = { name, run };
    this.#steps.push(step);
    return async () => {
      const index = this.#steps.indexOf(step);
      if (index < 0) return;
      this.#steps.splice(index, 1);
      await runStep(step);
    };
  }

  run(): Promise<void> {
    this.#running ??= (async () => {
      // A connection or client torn down by an earlier step must not stop the later ones.
      const stray = (error: unknown) =>
        console.error(`cleanup: ignored ${error instanceof Error ? error.message : String(error)}`);
      process.on('uncaughtException', stray);
      try {
        while (this.#steps.length > 0) {
          const step = this.#steps.pop()!;
          if (this.#verbose) console.error(`cleanup: ${step.name}`);
          await runStep(step);
        }
      } finally {
        process.off('uncaughtException', stray);
      }
    })();
    return this.#running;
  }
}

async function runStep(
  step: { name: string; run: () => Promise<unknown> },
  timeoutMs = 60_000,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      step.run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    console.error(`cleanup: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** kafkajs 2.2 on Node 24 sets a timer with a negative delay in its request queue: harmless, but noisy. */
export function installWarningFilter(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'TimeoutNegativeWarning') return;
    console.error(`${warning.name}: ${warning.message}`);
  });
}

/** Resolves after `ms`, or rejects with `what` when `work` takes longer. */
export async function withTimeout<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
