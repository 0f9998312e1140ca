/**
 * Platform processes for fault benchmarks, kept running the way a deployment's restart policy does
 * (`restart: unless-stopped` in infra/deploy/compose.yaml): a process that exits is started again.
 * Exits the benchmark did not cause are counted: a process that crashes on a fault is a finding.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

/** What a supervised process prints once it serves. */
const READY = 'faults-process ready';

export class Supervised {
  #child: ChildProcess | undefined;
  #stopping = false;
  #killedOnPurpose = false;
  #log: WriteStream;
  /** Exits nobody asked for (crashes). */
  crashes = 0;
  /** Starts after the first, planned or not. */
  restarts = 0;
  /** Started and said "ready", not exited since. */
  ready = false;

  constructor(
    readonly name: string,
    private readonly command: readonly string[],
    private readonly env: NodeJS.ProcessEnv,
    logFile: string,
  ) {
    this.#log = createWriteStream(logFile, { flags: 'a' });
  }

  /** Starts the process; resolves once it printed `READY`. */
  start(): Promise<void> {
    const child = spawn(process.execPath, this.command, {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    child.stderr!.pipe(this.#log, { end: false });
    child.stdout!.pipe(this.#log, { end: false });
    const started = Date.now();
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (!this.ready && chunk.toString().includes(READY)) {
          this.ready = true;
          this.#log.write(`--- ${this.name} ready after ${Date.now() - started} ms\n`);
          resolve();
        }
      });
      child.once('exit', (code, signal) => reject(new Error(`${this.name} exited (${code ?? signal})`)));
    });
    ready.catch(() => undefined);
    child.once('exit', (code, signal) => {
      this.ready = false;
      this.#log.write(`--- ${this.name} exited (${code ?? signal}) at ${new Date().toISOString()}\n`);
      if (this.#child !== child || this.#stopping) return;
      if (!this.#killedOnPurpose) this.crashes += 1;
      this.#killedOnPurpose = false;
      this.restarts += 1;
      // As Docker's restart policy: again at once (it backs off only when restarts keep failing).
      setTimeout(() => {
        if (!this.#stopping) void this.start().catch(() => undefined);
      }, 100);
    });
    return ready;
  }

  /** kill -9: the process gets no chance to let go of anything; the supervisor starts it again. */
  kill9(): void {
    this.#killedOnPurpose = true;
    this.#child?.kill('SIGKILL');
  }

  /** SIGTERM, waits for the exit; not started again. */
  async stop(): Promise<void> {
    this.#stopping = true;
    const child = this.#child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.#log.end();
  }
}
