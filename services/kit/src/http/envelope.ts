import { type Language, type MessageKey, messages, pickLanguage, translate } from '@sais/events';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The `{ code, message, data }` body of every response. */
export interface Envelope<T> {
  code: 0;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 0, message, data };
}

/** Route response schema for a successful envelope around `data` (feeds validation and OpenAPI). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string(), data });
}

export const errorEnvelope = z.object({ code: z.number().int(), message: z.string(), data: z.unknown() });

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

const keyOfEnglishText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text.en, key as MessageKey]),
);

/**
 * A success envelope's message in the request's language: routes name spec §8 notices by their
 * English text ("Login success") or their catalogue key; anything else (e.g. `success`) stays as it is.
 */
export function localizeSuccess(message: string, language: Language): string {
  const key = isMessageKey(message) ? message : keyOfEnglishText.get(message);
  return key ? translate(key, language) : message;
}

/** Translates a catalogue key; free text (e.g. a zod default message) is passed through. */
export function localize(text: string, language: Language): string {
  return isMessageKey(text) ? translate(text, language) : text;
}
