import { scoring } from '@sais/events';
import { expect } from 'vitest';
import { InvalidFile } from '../src/evaluation/csv.ts';

/**
 * The scorer refuses a result file with a key and parameters (@sais/events fileRefusalTexts); these
 * tests name the refusal by its English text, rendered from the key and every parameter, so a wrong key
 * or a wrong parameter fails as a wrong sentence did. Other errors (a ground truth's English refusal,
 * UnscorableSplit) by their message.
 */
export function refusalText(error: unknown): string {
  if (error instanceof InvalidFile && error.refusal) return scoring.fileRefusalText(error.refusal, 'en');
  return error instanceof Error ? error.message : String(error);
}

/** The refusal `run` throws (a result file's: key and parameters). */
export function refusalOf(run: () => unknown): scoring.FileRefusal | null {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidFile) return error.refusal;
    throw error;
  }
  throw new Error('expected a refusal, but the file was scored');
}

interface RefusalMatchers<R = unknown> {
  /** The function throws, and its refusal's English text (or its message) contains `expected`. */
  toRefuse(expected: string): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends RefusalMatchers<T> {}
}

expect.extend({
  toRefuse(received: () => unknown, expected: string) {
    let text: string | null = null;
    try {
      received();
    } catch (error) {
      text = refusalText(error);
    }
    return {
      pass: text !== null && text.includes(expected),
      message: () =>
        text === null
          ? `expected a refusal containing ${JSON.stringify(expected)}, but nothing was thrown`
          : `expected a refusal containing ${JSON.stringify(expected)}, got ${JSON.stringify(text)}`,
    };
  },
});
