/** Code used when no envelope arrived at all (network failure, unreadable body). */
export const transportErrorCode = -1;

/** A rejected call: the envelope's `code` and `message` (spec §8), or the transport failure. */
export class ApiError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}
