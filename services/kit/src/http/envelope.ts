import { type Language, type MessageKey, messages, pickLanguage, translate } from '@sais/events';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusingNul } from './nul.ts';

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

/**
 * An answer's bytes (a Buffer, a stream or a string) as OpenAPI shows them (`type: string, format:
 * binary`). Fastify sends Buffers and streams as they are, so this schema never serializes anything.
 */
const bytes = z.custom<Buffer | NodeJS.ReadableStream | string>().meta({ type: 'string', format: 'binary' });

/**
 * Route response for an answer that is not the JSON envelope (a file, a CSV, an event stream): OpenAPI
 * names its content type. Such answers are sent as a Buffer or stream (or by the raw response), which
 * Fastify does not serialize, so the schema only documents them.
 */
export function nonJsonResponse(description: string, contentTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: bytes }])),
  };
}

/** Route response for a server-sent event stream (`text/event-stream`). */
export function eventStreamResponse(description: string) {
  return { description, content: { 'text/event-stream': { schema: bytes } } };
}

/** The `data: null` envelope of a call that answers only that it is done. */
export const doneEnvelope = envelopeOf(z.null());

/** A file part of a multipart form, as OpenAPI shows it. */
export const formFile = bytes;

/**
 * Validator for a route whose body schema documents what the handler reads itself: a multipart form
 * (Fastify does not parse one into `request.body`; the handler reads its parts in order as the file
 * streams) or a body checked in the handler. The body is left as it came; querystring and params are
 * validated as everywhere (`validatorCompiler: bodyCheckedByHandler` in the route's options).
 */
export function bodyCheckedByHandler<S>(
  route: Parameters<FastifySchemaCompiler<S>>[0],
): ReturnType<FastifySchemaCompiler<S>> {
  // NUL characters are refused here too (issue 33): in a JSON body the handler checks, the query and params.
  return refusingNul<S>((part) =>
    part.httpPart === 'body'
      ? (data: unknown) => ({ value: data })
      : validatorCompiler(part as unknown as Parameters<typeof validatorCompiler>[0]),
  )(route);
}
