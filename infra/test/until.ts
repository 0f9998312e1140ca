/**
 * Probes until `done` holds (every 100 ms, `withinMs` at most: 30 s unless the caller says more), and
 * returns the value that made it hold; else an error naming `what` and the last value seen. One helper
 * for the portal's and the console's browser tests (they waited the same way in two copies).
 */
export async function until<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  withinMs = 30_000,
): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < withinMs / 100; i++) {
    last = await probe();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let seen: string;
  try {
    seen = JSON.stringify(last)?.slice(0, 500) ?? String(last);
  } catch {
    seen = String(last);
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${seen}`);
}
