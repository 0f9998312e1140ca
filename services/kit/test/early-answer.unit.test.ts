import { type ClientRequest, Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.ts';
import { endConnectionsOnClose } from '../src/http/shutdown.ts';

/**
 * An answer given before the request's body was read: an upload refused after its first part, the way
 * the submissions' form reader refuses a stranger (issue 31's 71 s close, issue 33's held connection).
 * Real sockets on loopback: the fault is in how the server's socket reads, which `inject` does not have.
 */
describe('answers given before the body was read', () => {
  const declared = 20 << 20;
  const first = Buffer.alloc(1 << 20, 'r1,1\n');
  let app: FastifyInstance | undefined;

  async function server() {
    app = await createApp({ title: 'early-answer', logger: false });
    endConnectionsOnClose(app);
    app.addContentTypeParser('application/x-upload', (_request, payload, done) => done(null, payload));
    app.post('/upload', async (request, reply) => {
      // Reads the first part, as a form reader does before it knows the sender may not upload.
      const body = request.body as Readable;
      await new Promise((resolve) => body.once('data', resolve));
      body.pause();
      return reply.code(403).send({ code: 40002, message: 'refused', data: null });
    });
    app.get('/ping', async () => ({ code: 0, message: 'ok', data: null }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port };
  }
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      app!.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  function upload(port: number, agent?: Agent) {
    const request = httpRequest({
      port,
      host: '127.0.0.1',
      path: '/upload',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/x-upload', 'content-length': declared },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
        );
      });
      request.on('error', reject);
    });
    request.write(first);
    return { request, answer };
  }

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('ends the connection when the client leaves after the refusal, so close() need not wait for the keep-alive timeout', async () => {
    const { port } = await server();
    const { request, answer } = upload(port);
    expect((await answer).status).toBe(403);
    request.destroy();
    // Fastify keeps a connection 72 s; the test's 30 s bound fails if the socket waits for that.
    await expect.poll(connections, { timeout: 20_000 }).toBe(0);
    await app!.close();
    app = undefined;
  }, 30_000);

  it('reads the rest of a body the client goes on sending, with no error, and the connection then carries the next request', async () => {
    const { port } = await server();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const { request, answer } = upload(port, agent);
    const sockets: unknown[] = [];
    request.on('socket', (socket) => sockets.push(socket));
    expect((await answer).status).toBe(403);
    // The client sends what it declared, as a simple client does without reading the answer first.
    const rest = declared - first.length;
    await new Promise<void>((resolve, reject) => {
      request.on('error', reject);
      request.end(Buffer.alloc(rest, 'r2,2\n'), () => resolve());
    });
    const next = await new Promise<{ status: number; request: ClientRequest }>((resolve, reject) => {
      const ping = httpRequest({ port, host: '127.0.0.1', path: '/ping', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, request: ping }));
      });
      ping.on('error', reject);
      ping.on('socket', (socket) => sockets.push(socket));
      ping.end();
    });
    expect(next.status).toBe(200);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]).toBe(sockets[0]);
    expect(await connections()).toBe(1);
    agent.destroy();
  }, 30_000);

  it('answers the same refusal to an injected request, which has no socket to drain', async () => {
    await server();
    const answer = await app!.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'application/x-upload' },
      payload: first,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 40002 });
  });
});
