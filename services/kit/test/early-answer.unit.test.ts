import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, ok } from '../src/index.ts';
import { earlyAnswerDrainMs, endConnectionsOnClose } from '../src/http/shutdown.ts';
import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body was read (an upload refused on its headers, a 503 in an
 * outage). Kept open as it was, the socket waited for a body the client may never send: a refused client
 * held a server connection for Fastify's 72 s keep-alive, and `app.close()` (a deploy, a SIGTERM) waited as
 * long (the scoring security test's close took 71 s for one such upload). Closed at once, a client still
 * sending its body got EPIPE instead of the answer (`sais submit` through an outage said "cannot reach the
 * platform" for a 503). So the rest of the body is read and dropped, for at most `earlyAnswerDrainMs`.
 */
describe('an answer before the body', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await createApp({ title: 'test', logger: false, readiness: [] });
    endConnectionsOnClose(app);
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
      const chunks: Buffer[] = [];
      payload.on('data', (chunk: Buffer) => chunks.push(chunk));
      payload.on('end', () => done(null, Buffer.concat(chunks)));
    });
    app.post(
      '/api/upload',
      {
        onRequest: async (request, reply) => {
          if (request.headers['x-signed-up'] !== 'yes')
            return reply.code(403).send({ code: 40002, message: 'no', data: null });
        },
      },
      async (request) => ok({ bytes: (request.body as Buffer).length }),
    );
    // Answered at once, while Node has not yet marked the request complete (issue 32's cached page).
    app.get('/api/at-once', (_request, reply) => {
      reply.send(ok({ at: 'once' }));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Sends the headers and `sent` of `declared` bytes, and never the rest; resolves with what came back. */
  const upload = (headers: Record<string, string>, declared: number, sent: number) =>
    new Promise<{ status: number; connection: string | undefined; closedByServer: Promise<void> }>(
      (resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload',
          headers: { 'content-type': 'application/octet-stream', 'content-length': declared, ...headers },
        });
        request.on('error', () => {}); // the server may end the socket while the client writes
        request.on('socket', (socket) => {
          const closedByServer = new Promise<void>((closed) => socket.once('close', () => closed()));
          request.on('response', (response) => {
            response.resume();
            resolve({
              status: response.statusCode!,
              connection: response.headers.connection,
              closedByServer,
            });
          });
        });
        request.write(Buffer.alloc(sent, 'x'));
        setTimeout(() => reject(new Error('no answer')), 20_000).unref();
      },
    );

  it('answers, then ends the socket itself when the rest of the body never comes', async () => {
    const refused = await upload({}, 20 << 20, 1 << 20);
    expect(refused.status).toBe(403);
    const answered = Date.now();
    await refused.closedByServer; // the test's own timeout is the hang check
    expect(Date.now() - answered).toBeGreaterThanOrEqual(earlyAnswerDrainMs - 1_000);
  }, 30_000);

  it('lets a client that sends its whole body read the early answer (no broken pipe)', async () => {
    const body = Buffer.alloc(8 << 20, 'x');
    const answer = await new Promise<{ status: number; error?: Error }>((resolve) => {
      let error: Error | undefined;
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload',
          headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
        },
        (response) => {
          response.resume();
          response.on('end', () => setTimeout(() => resolve({ status: response.statusCode!, error }), 200));
        },
      );
      request.on('error', (failed) => {
        error = failed;
        resolve({ status: 0, error });
      });
      request.end(body);
    });
    expect(answer).toEqual({ status: 403 });
  });

  it('keeps a connection alive after an answer that read the whole body', async () => {
    const accepted = await upload({ 'x-signed-up': 'yes' }, 1 << 10, 1 << 10);
    expect(accepted.status).toBe(200);
    expect(accepted.connection).toBe('keep-alive');
  });

  it('keeps a connection alive after a request without a body answered at once', async () => {
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/api/at-once' }, (response) => {
        response.resume();
        resolve(response.headers.connection);
      });
      request.on('error', reject);
      request.end();
    });
    expect(connection).toBe('keep-alive');
  });
});
