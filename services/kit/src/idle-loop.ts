/**
 * The background loop of the relay, the checkpointer and the workers: it runs a body until stopped; the
 * body rests with `idle(ms)` between rounds, and `wake()` ends a rest at once. A wake that comes while
 * the body works is kept, so the next rest ends at once: no wake is lost (the relay's promise that a
 * local append goes out at once, test/relay-idle.int.test.ts). `stop()` ends any rest, lets the body see
 * `running` false, and waits for it.
 */
export class IdleLoop {
  #running = false;
  #done: Promise<void> | undefined;
  #woken = false;
  #interrupt: (() => void) | undefined;

  /** True from `start` until `stop`: the body loops while it holds. */
  get running(): boolean {
    return this.#running;
  }

  /**
   * Runs `body` unless running already. With `onError`, an error that ends the body goes to it (and
   * `stop` resolves); without, `stop` rejects with it.
   */
  start(body: () => Promise<void>, onError?: (error: unknown) => void): void {
    if (this.#running) return;
    this.#running = true;
    this.#woken = false;
    const done = body();
    this.#done = onError ? done.catch(onError) : done;
  }

  /** Ends the rest in hand, or the next one if the body is working. */
  wake(): void {
    this.#woken = true;
    this.#interrupt?.();
  }

  /** Whether a wake came since the last rest or `takeWake`, and forgets it. */
  takeWake(): boolean {
    const woken = this.#woken;
    this.#woken = false;
    return woken;
  }

  /**
   * Rests `ms`, or less: until a wake or `stop`, or not at all when a wake came since the last rest.
   * Resolves true when a wake ended (or skipped) it.
   */
  idle(ms: number): Promise<boolean> {
    if (this.takeWake()) return Promise.resolve(true);
    if (!this.#running) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#interrupt = undefined;
        resolve(this.takeWake());
      };
      const timer = setTimeout(finish, ms);
      this.#interrupt = finish;
    });
  }

  /** Stops the loop: ends any rest and waits for the body to return. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#interrupt?.();
    await this.#done;
  }
}
