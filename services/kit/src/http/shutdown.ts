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
  // Synchronous: it runs for every answer, nearly always to do nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
  drainUnreadBodies(app);
}

/**
 * After an answer given before its request's body was read (an upload refused on its headers or its
 * first part), reads and discards the rest, as Node does for a body nobody began to read. A body a parser
 * began and then left (busboy, after a refusal) stays paused otherwise: its socket no longer reads, so it
 * never sees the client end it either, and it holds the connection, and any `close()`, for the
 * keep-alive timeout (72 s). Draining it lets the connection end when the client ends it, or carry the
 * next request once the declared length has arrived; nothing is cut off, so a client still sending gets
 * no EPIPE. A client that stops sending and keeps the socket open is still bounded by that timeout.
 */
function drainUnreadBodies(app: FastifyInstance): void {
  // Synchronous: it runs for every answer, nearly always to do nothing.
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      raw.unpipe();
      raw.resume();
    }
    done();
  });
}
