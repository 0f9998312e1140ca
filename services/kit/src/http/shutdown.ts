import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Runs `close` once on SIGINT/SIGTERM, then exits; a second signal or a slow close forces the exit. */
export function closeOnSignals(
  close: () => Promise<void>,
  log: (message: string) => void,
  timeoutMs = 10_000,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), timeoutMs);
    timer.unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

/**
 * Whether a request still has body bytes to come: it declares a body (a `Content-Length` above 0, or
 * `Transfer-Encoding`) and Node has not read it all. A request without a body is not `complete` either
 * while it is answered at once (Node marks it so only after the 'request' event's handlers return): a
 * GET answered synchronously (the public board's cached page) must keep its connection (issue 32).
 */
function unreadBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Lets a closing app finish in time: answers given after close() began say `Connection: close`, so the
 * keep-alive connection they came on ends with them. Without it, close() waits for every such connection
 * to time out (Fastify keeps them 72 s), far beyond closeOnSignals' bound, and the process would be cut
 * off before its consumers left their groups.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    // Replies the routes send themselves (tus hijacks them) pass no hook: their connections end once idle.
    sweeper = setInterval(() => app.server.closeIdleConnections(), 200);
    sweeper.unref();
  });
  // An answer given before the request's body was read (an upload refused on its headers) ends the
  // connection too: kept alive, the socket would wait for a body the client may never send, for
  // Fastify's 72 s, and close() with it (test/early-answer.unit.test.ts).
  // Synchronous: it runs for every answer, nearly always to do nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing || unreadBody(request.raw)) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}
