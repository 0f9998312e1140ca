/** Code used when no envelope arrived at all (network failure, unreadable body). */
export const transportErrorCode = -1;

/** A rejected call: the envelope's `code`, `message` and `data` (spec §8), or the transport failure. */
export class ApiError extends Error {
  readonly code: number;
  /** The envelope's `data`, e.g. `{ secondsLeft }` of a code asked for too soon. */
  readonly data: unknown;

  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** The seconds to wait before asking again, when the server says so (`data.secondsLeft`). */
export function secondsLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const seconds = (error.data as { secondsLeft?: unknown }).secondsLeft;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
