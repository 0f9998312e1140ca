/** Reads until `done` holds (every 100 ms, at most `withinMs`, 30 s); the last value, or an error naming `what`. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  withinMs = 30_000,
): Promise<T> {
  for (let i = 0; i < withinMs / 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
