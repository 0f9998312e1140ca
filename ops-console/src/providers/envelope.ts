/** The `{ code, message, data }` body every platform response carries (spec §3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

const envelopeKeys = new Set(['code', 'message', 'data']);

/** Strict on purpose: a record that merely has a numeric `code` field is not an envelope. */
export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { code, message } = body as Partial<Envelope>;
  return (
    typeof code === 'number' &&
    typeof message === 'string' &&
    Object.keys(body).every((key) => envelopeKeys.has(key))
  );
}
