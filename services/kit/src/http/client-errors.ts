import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type MessageKey, defaultLanguage, errorCodes, translate } from '@sais/events';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from './envelope.ts';

/** What Node's HTTP parser (or its timers) refused before any route ran: the status and its text. */
function refusalOf(error: NodeJS.ErrnoException): { status: 400 | 408 | 431; code: number; key: MessageKey } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: errorCodes.requestHeaderFieldsTooLarge, key: 'requestHeadersTooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return { status: 408, code: errorCodes.requestTimeout, key: 'requestTimeout' };
  return { status: 400, code: errorCodes.invalidRequest, key: 'requestMalformed' };
}

/**
 * The envelope for a request whose headers could not be read (so neither its language): the default
 * language's text as the message with the English text beside it, and both in `data.messages`.
 */
export function clientErrorEnvelope(error: NodeJS.ErrnoException): {
  status: number;
  body: { code: number; message: string; data: { messages: Record<string, string> } };
} {
  const { status, code, key } = refusalOf(error);
  const zh = translate(key, defaultLanguage);
  const en = translate(key, 'en');
  return {
    status,
    body: { code, message: `${zh} / ${en}`, data: { messages: { [defaultLanguage]: zh, en } } },
  };
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError` event on the server): a header block over the
 * limit, a request that does not parse, a request that times out. Fastify's own answers these with a bare
 * `{"error":…}`; this one writes the platform's envelope, then closes the connection as Node does.
 */
export function answerClientError(
  this: { log: { debug: (details: object, message: string) => void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is gone: nothing to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorEnvelope(error);
  this.log.debug({ err: error }, 'client error');
  // Only when nothing of an answer was written yet (a keep-alive connection may be mid-answer).
  if (socket.writable && socket.bytesWritten === 0) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's `frameworkErrors`: a URL with a bad % escape or a path part over the router's limit, refused
 * before routing (Fastify's own answer is a bare `{"error":…}`). The headers were read: their language.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const language = requestLanguage(request);
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void reply.status(status).send({
    code: errorCodes.invalidRequest,
    message: translate(
      error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 'invalidRequest' : 'urlMalformed',
      language,
    ),
    data: null,
  });
}
