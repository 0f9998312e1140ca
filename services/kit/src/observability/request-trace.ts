import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A caller's flow id: events a request appends carry it, and every log line of the request names it. */
export const correlationHeader = 'x-correlation-id';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The correlation id of a request: the caller's `x-correlation-id` when it is a UUID (a client, or the
 * gateway, continuing a flow), else the request's own id. So the events of a request carry its request id
 * unless the caller named a flow, and either way the request's log lines name both.
 */
export function correlationIdOf(headers: IncomingHttpHeaders, requestId: string): string {
  const given = headers[correlationHeader];
  if (typeof given === 'string' && uuid.test(given)) return given.toLowerCase();
  return uuid.test(requestId) ? requestId : randomUUID();
}

/**
 * Request ids that identify a request across processes (a UUID each, never taken from the caller), and
 * request log lines that carry the correlation id next to the request id (`reqId`, `correlationId`).
 * Both ids are sent back in the response headers, so a caller can quote them. Call before any route.
 */
export function traceRequests(app: FastifyInstance): void {
  app.setGenReqId(() => randomUUID());
  // The ids below are this function's own UUIDs: without a caller's flow id the correlation id is the
  // request id, with no pattern to test (twice per request: the logger's bindings and the headers).
  const correlationOf = (headers: IncomingHttpHeaders, requestId: string) =>
    headers[correlationHeader] === undefined ? requestId : correlationIdOf(headers, requestId);
  app.setChildLoggerFactory(function childLogger(logger, bindings, options, raw) {
    const correlationId = correlationOf(raw.headers, String(bindings.reqId));
    return logger.child({ ...bindings, correlationId }, options);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header(correlationHeader, correlationOf(request.headers, request.id));
    done();
  });
}
