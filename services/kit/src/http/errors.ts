import { type Language, errorCodes, translate, translateWith } from '@sais/events';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isStorageUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import { isMessageKey, localize, requestLanguage } from './envelope.ts';

/**
 * What a 503 for unavailable storage asks the client to wait (`Retry-After` and `data.retryAfterSeconds`):
 * a clean PostgreSQL restart takes about this long (docs/benchmarks.md, "Faults survived").
 */
export const STORAGE_RETRY_AFTER_SECONDS = 2;

/**
 * The answer while storage is unavailable (decision 0027): 503, `Retry-After`, and the envelope with
 * `data.retryAfterSeconds`. The one definition, for the error handler and for answers written outside
 * Fastify's (the tus server's).
 */
export function storageUnavailableAnswer(language: Language) {
  const data = { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS };
  return {
    status: 503,
    headers: { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
    body: {
      code: errorCodes.serviceUnavailable,
      message: translateWith('storageUnavailable', language, data),
      data,
    },
  } as const;
}

function fieldOf(path: string): string {
  return path.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * A multipart body that is cut off or malformed (busboy / dicer say so in plain errors, without a
 * status): the client's fault, answered 400 with a clear message instead of a 500.
 */
export function isMalformedMultipart(error: { code?: string; message?: string }): boolean {
  return (
    error.code === 'FST_MP_PREMATURE_CLOSE' ||
    error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    /unexpected end of (multipart data|form|file)|terminated early|malformed part header|multipart: boundary not found/i.test(
      error.message ?? '',
    )
  );
}

/**
 * One error handler per app: every failure becomes the envelope with a catalogue code and a message in
 * the request's language. Details of server faults stay in the log, never in the response.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.httpStatus).send({
        code: error.code,
        message: translateWith(error.messageKey, language, error.data),
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath),
        message: localize(issue.message ?? 'invalidRequest', language),
      }));
      // The first field's own message (spec §5) when it has one, else the generic one.
      const first = error.validation[0]?.message ?? 'invalidRequest';
      return reply.status(400).send({
        code: errorCodes.invalidRequest,
        message: isMessageKey(first) ? translate(first, language) : translate('invalidRequest', language),
        data: { fields },
      });
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send({
        code: errorCodes.invalidRequest,
        message: translate('multipartInvalid', language),
        data: null,
      });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({
        code: errorCodes.invalidRequest,
        message: translate('jsonMalformed', language),
        data: null,
      });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({
        code: errorCodes.payloadTooLarge,
        message: translate('payloadTooLarge', language),
        data: null,
      });
    }
    if (status === 429) {
      return reply.status(429).send({
        code: errorCodes.tooManyRequests,
        message: translate('tooManyRequests', language),
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        code: errorCodes.invalidRequest,
        message: translate('invalidRequest', language),
        data: { reason: error.message },
      });
    }
    if (isStorageUnavailable(error)) {
      // Decision 0027: the request did not happen (no transaction began, or the server rolled it back).
      request.log.warn({ err: error }, 'storage unavailable: answered 503');
      const answer = storageUnavailableAnswer(language);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: errorCodes.internal, message: translate('internalError', language), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: errorCodes.notFound,
      message: translate('routeNotFound', requestLanguage(request)),
      data: null,
    });
  });
}
