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

/** How long a request's body is read and dropped after an answer given before it (then its socket ends). */
export const earlyAnswerDrainMs = 5_000;

function drainThenEnd(raw: IncomingMessage): void {
  const socket = raw.socket;
  const timer = setTimeout(() => socket.destroy(), earlyAnswerDrainMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  raw.once('end', done);
  raw.once('close', done);
  socket.once('close', done);
  raw.unpipe(); // a body parser the route left behind reads no more of it
  raw.resume();
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
  // An answer given before the request's body was read (an upload refused on its headers, a 503 in an
  // outage): the rest of the body is read and dropped, so a client that sends it reads the answer (closing
  // at once instead made it an EPIPE: `sais submit` then said "cannot reach the platform" for a 503), and
  // a client that never sends it loses the connection after `earlyAnswerDrainMs`, not Fastify's 72 s
  // keep-alive, nor does close() wait that long (test/early-answer.unit.test.ts).
  app.addHook('onResponse', (request, _reply, done) => {
    if (unreadBody(request.raw)) drainThenEnd(request.raw);
    done();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
}
