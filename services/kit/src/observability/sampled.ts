/** Rejects with "<what> timed out after <ms> ms" when `work` has not settled by then (it keeps running). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface SampledOptions {
  /** A result younger than this is shared instead of read again (0: every call reads, unless one is running). */
  maxAgeMs: number;
  /** A caller waits at most this long. */
  timeoutMs: number;
  /** Named in the timeout's message. */
  what: string;
}

/**
 * `read`, bounded for its callers: at most one read runs at a time (callers meanwhile share it), a
 * result is reused for `maxAgeMs`, and a caller waits at most `timeoutMs`. A read that hangs (a database
 * that stopped answering) fails its callers in time, and no second read is piled on it until it settles.
 */
export function sampled<T>(read: () => Promise<T>, options: SampledOptions): () => Promise<T> {
  let last: { value: T; at: number } | undefined;
  let running: Promise<T> | undefined;
  return () => {
    if (last && Date.now() - last.at < options.maxAgeMs) return Promise.resolve(last.value);
    running ??= read()
      .then((value) => {
        last = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        running = undefined;
      });
    return withTimeout(running, options.timeoutMs, options.what);
  };
}
