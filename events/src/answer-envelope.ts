/**
 * The `{ code, message, data }` body every platform answer carries (spec §3), and the one way to read
 * it: the portal, the console, the CLI and the kit all read answers with `readEnvelope`.
 */
export interface AnswerEnvelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

const envelopeKeys = new Set(['code', 'message', 'data']);

/**
 * Strict on purpose: an object with a numeric `code`, a text `message` and no other keys than `code`,
 * `message` and `data`. A record that merely has a numeric `code` field is not an envelope.
 */
export function isEnvelope(body: unknown): body is AnswerEnvelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { code, message } = body as Partial<AnswerEnvelope>;
  return (
    typeof code === 'number' &&
    Number.isInteger(code) &&
    typeof message === 'string' &&
    Object.keys(body).every((key) => envelopeKeys.has(key))
  );
}

/**
 * A parsed answer body read as an envelope: its code, message and data (`null` when absent), or null
 * when the body is not an envelope (a proxy's error page, a file, garbage).
 */
export function readEnvelope<T = unknown>(body: unknown): AnswerEnvelope<T | null> | null {
  if (!isEnvelope(body)) return null;
  return { code: body.code, message: body.message, data: (body.data ?? null) as T | null };
}
