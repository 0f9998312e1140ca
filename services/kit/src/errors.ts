import { errorCodes, type MessageKey } from '@sais/events';

/**
 * A failure with a catalogue code and a translated message. Services throw these; the app's error
 * handler turns them into the `{ code, message, data }` envelope in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly httpStatus: number,
    options: { cause?: unknown; detail?: string; data?: unknown } = {},
  ) {
    super(options.detail ?? messageKey, { cause: options.cause });
    this.name = new.target.name;
    this.data = options.data ?? null;
  }
  readonly data: unknown;
}

export class ValidationError extends AppError {
  constructor(messageKey: MessageKey = 'invalidRequest', options: { detail?: string; data?: unknown } = {}) {
    super(errorCodes.invalidRequest, messageKey, 400, options);
  }
}

export class NotSignedInError extends AppError {
  constructor() {
    super(errorCodes.notSignedIn, 'notSignedIn', 401);
  }
}

export class ForbiddenError extends AppError {
  constructor() {
    super(errorCodes.forbidden, 'forbidden', 403);
  }
}

export class NotFoundError extends AppError {
  constructor(messageKey: MessageKey = 'notFound') {
    super(errorCodes.notFound, messageKey, 404);
  }
}

/** Optimistic concurrency lost: somebody appended to the stream first. Safe to retry the command. */
export class ConcurrencyError extends AppError {
  readonly retryable = true;
  constructor(
    readonly streamId: string,
    readonly expected: number | 'no_stream' | 'any',
    /** The version found; null when the insert itself collided (somebody appended meanwhile). */
    readonly actual: number | null,
    cause?: unknown,
  ) {
    super(errorCodes.conflict, 'concurrentChange', 409, {
      cause,
      detail: `stream ${streamId}: expected version ${String(expected)}, found ${actual ?? 'a newer version'}`,
    });
  }
}
