import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

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
    // A level of the route's own: the child's levels are not the parent's, so it is made at once.
    if (options.level !== undefined || typeof (logger as Partial<Leveled>).isLevelEnabled !== 'function')
      return logger.child(
        { ...bindings, correlationId: correlationOf(raw.headers, String(bindings.reqId)) },
        options,
      );
    // No closure per request: tsx (how the platform runs) names each function it creates (`__name`).
    return new RequestLogger(
      logger as FastifyBaseLogger & Leveled,
      bindings,
      options,
      raw.headers,
      correlationOf,
    );
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header(correlationHeader, correlationOf(request.headers, request.id));
    done();
  });
}

interface Leveled {
  isLevelEnabled(level: string): boolean;
}
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type ChildArguments = Parameters<FastifyBaseLogger['child']>;

/**
 * A request's logger (`request.log`, `reply.log`): the pino child with the request's bindings (`reqId`,
 * `correlationId`), made the first time the request writes a line at a level the logger has on, or
 * asks for a child or its bindings. Every line it writes is the child's, with the same bindings; a
 * request that writes none (every request when the level is above `info`, as Fastify's own request
 * lines are `info`) does not pay for serializing the bindings (issue 32: ~3 % of the public board's
 * CPU per request at `warn`).
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  readonly #parent: FastifyBaseLogger & Leveled;
  readonly #bindings: ChildArguments[0];
  readonly #options: ChildArguments[1];
  readonly #headers: IncomingHttpHeaders;
  readonly #correlationOf: (headers: IncomingHttpHeaders, requestId: string) => string;

  constructor(
    parent: FastifyBaseLogger & Leveled,
    bindings: ChildArguments[0],
    options: ChildArguments[1],
    headers: IncomingHttpHeaders,
    correlationOf: (headers: IncomingHttpHeaders, requestId: string) => string,
  ) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#headers = headers;
    this.#correlationOf = correlationOf;
  }

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.#parent.child(
      { ...this.#bindings, correlationId: this.#correlationOf(this.#headers, String(this.#bindings.reqId)) },
      this.#options,
    ));
  }

  #on(level: string): boolean {
    return this.#made !== undefined || this.#parent.isLevelEnabled(level);
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.#made
      ? (this.#made as FastifyBaseLogger & Leveled).isLevelEnabled(level)
      : this.#parent.isLevelEnabled(level);
  }

  bindings(): Record<string, unknown> {
    return (this.#logger() as FastifyBaseLogger & { bindings(): Record<string, unknown> }).bindings();
  }

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#logger().child(...args);
  }

  fatal(...args: LogArguments): void {
    if (this.#on('fatal')) this.#logger().fatal(...args);
  }

  error(...args: LogArguments): void {
    if (this.#on('error')) this.#logger().error(...args);
  }

  warn(...args: LogArguments): void {
    if (this.#on('warn')) this.#logger().warn(...args);
  }

  info(...args: LogArguments): void {
    if (this.#on('info')) this.#logger().info(...args);
  }

  debug(...args: LogArguments): void {
    if (this.#on('debug')) this.#logger().debug(...args);
  }

  trace(...args: LogArguments): void {
    if (this.#on('trace')) this.#logger().trace(...args);
  }

  silent(): void {}
}
