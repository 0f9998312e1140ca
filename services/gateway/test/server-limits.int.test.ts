import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Platform } from '@sais/kit/platform';
import { freshDatabase } from '@sais/kit/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllInOne } from '../src/platform.ts';

/**
 * Issue 35 point 14: the server's own limits answer the `{code, message, data}` envelope like every
 * route, over a real socket (Node's parser, not inject): headers over the limit, a request that is not
 * HTTP, a bad URL, a body over the limit, malformed JSON, an unknown route.
 */
describe('the server’s own limits answer the envelope', () => {
  let platform: Platform;
  let drop: () => Promise<void>;
  let origin: string;

  beforeAll(async () => {
    const fresh = await freshDatabase('limits');
    await fresh.database.close();
    drop = fresh.drop;
    platform = await createAllInOne(
      { dataDir: '/nonexistent', env: { DATABASE_URL: fresh.url } },
      pino({ level: 'silent' }),
    );
    origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await platform?.close();
    await drop?.();
  });

  /** One request through node:http (fetch's client refuses some of these before sending). */
  function send(path: string, headers: Record<string, string>, body?: string) {
    return new Promise<{
      status: number;
      type: string;
      json: { code: number; message: string; data: unknown };
    }>((resolve, reject) => {
      const url = new URL(path, origin);
      const req = httpRequest(url, { method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Raw bytes on a socket, the whole answer back (the server closes the connection after it). */
  function raw(bytes: string) {
    return new Promise<string>((resolve, reject) => {
      const url = new URL(origin);
      const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  it('answers a 20 kB Authorization header 431 in zh-CN with the English text beside it', async () => {
    for (const language of ['en', 'zh-CN']) {
      const answer = await send('/api/user/info', {
        authorization: `Bearer ${'x'.repeat(20_000)}`,
        'accept-language': language,
      });
      expect(answer.status).toBe(431);
      expect(answer.type).toMatch(/^application\/json/);
      // The headers were never read, so neither their language: both texts, zh-CN (the default) first.
      expect(answer.json).toEqual({
        code: 431,
        message:
          '请求头过大（合计不超过 16 KB），请缩短 Authorization 或 Cookie 请求头后重试 / The request headers are too large (at most 16 KB in all); send a shorter Authorization or Cookie header',
        data: {
          messages: {
            'zh-CN': '请求头过大（合计不超过 16 KB），请缩短 Authorization 或 Cookie 请求头后重试',
            en: 'The request headers are too large (at most 16 KB in all); send a shorter Authorization or Cookie header',
          },
        },
      });
    }
    // The server is still up for the next caller.
    expect((await send('/api/race/list', { 'accept-language': 'en' })).json.code).toBe(0);
  });

  it('answers bytes that are not HTTP 400 in the envelope', async () => {
    const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({
      code: 400,
      data: { messages: { en: 'The request is not valid HTTP and could not be read' } },
    });
    expect(body.message).toMatch(/^请求不是有效的 HTTP 请求/);
  });

  it('answers malformed JSON, a body over the limit, a bad URL and an unknown route in the caller’s language', async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      {
        answer: (language: string) =>
          send('/api/user/login', { ...json, 'accept-language': language }, '{"username":'),
        status: 400,
        code: 400,
        en: 'The request body is not valid JSON',
        zh: '请求体不是有效的 JSON',
      },
      {
        answer: (language: string) =>
          send(
            '/api/user/login',
            { ...json, 'accept-language': language },
            JSON.stringify({ x: 'y'.repeat(2_000_000) }),
          ),
        status: 413,
        code: 413,
        en: 'The upload is too large',
        zh: '上传内容过大',
      },
      {
        answer: (language: string) => send('/api/admin/users/%E0%A4%A', { 'accept-language': language }),
        status: 400,
        code: 400,
        en: 'The address of the request is not valid (a bad % escape or a part that is too long)',
        zh: '请求地址无效（百分号编码错误或某一段过长）',
      },
      {
        answer: (language: string) => send('/api/nowhere', { 'accept-language': language }),
        status: 404,
        code: 404,
        en: 'No such API call',
        zh: '接口不存在',
      },
    ];
    for (const { answer, status, code, en, zh } of cases) {
      const english = await answer('en');
      expect(english.status).toBe(status);
      expect(english.json).toMatchObject({ code, message: en });
      expect(Object.keys(english.json).sort()).toEqual(['code', 'data', 'message']);
      const chinese = await answer('zh-CN');
      expect(chinese.json).toMatchObject({ code, message: zh });
    }
  });
});
