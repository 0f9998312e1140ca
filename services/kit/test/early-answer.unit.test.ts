import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, ok } from '../src/index.ts';
import { endConnectionsOnClose } from '../src/http/shutdown.ts';
import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body was read (an upload refused on its headers) ends the
 * connection. Kept open, the socket waited for a body the client may never send: a refused client held
 * a server connection for Fastify's 72 s keep-alive, and `app.close()` (a deploy, a SIGTERM) waited
 * as long; the scoring security test's close took 71 s for one such upload.
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

  it('says Connection: close and ends the socket itself, so the client cannot hold it', async () => {
    const refused = await upload({}, 20 << 20, 1 << 20);
    expect(refused.status).toBe(403);
    expect(refused.connection).toBe('close');
    await refused.closedByServer; // the test's own timeout is the hang check
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
