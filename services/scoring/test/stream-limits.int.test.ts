import { randomUUID } from 'node:crypto';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { platformForTest } from '@sais/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringService } from '../src/index.ts';

interface Opened {
  status: number;
  headers: IncomingMessage['headers'];
  /** The refusal's envelope; null for an open stream. */
  body: { code: number; message: string; data: { max: number; retryAfterSeconds: number } } | null;
  close(): void;
}

/**
 * Issue 33, finding 8: 3,000 unauthenticated live-leaderboard connections from one address were all
 * accepted. Real connections on loopback (source addresses 127.0.0.1–127.0.0.3), with small limits:
 * 3 per address, 5 in the process.
 */
describe('live leaderboard connections are capped per address and in total (issue 33)', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let port: number;
  const open: ClientRequest[] = [];
  const competitionId = randomUUID();

  /** Opens one stream from `from`: resolves on its `ready` event, or with the refusal's envelope. */
  const connect = (from: string, language = 'en') =>
    new Promise<Opened>((resolve, reject) => {
      const call = request(
        {
          host: '127.0.0.1',
          port,
          localAddress: from,
          path: `/api/leaderboard/stream?competitionId=${competitionId}`,
          headers: { 'accept-language': language },
          agent: false,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          const close = () => call.destroy();
          response.on('data', (chunk: string) => {
            text += chunk;
            if (response.statusCode === 200 && text.includes('event: ready'))
              resolve({ status: 200, headers: response.headers, body: null, close });
          });
          response.on('end', () => {
            if (response.statusCode !== 200)
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: JSON.parse(text),
                close,
              });
          });
        },
      );
      call.on('error', reject);
      call.end();
      open.push(call);
    });

  beforeAll(async () => {
    harness = await platformForTest([scoringService], 'streamcaps', {
      env: { SCORING_STREAMS_PER_ADDRESS: '3', SCORING_STREAMS_TOTAL: '5' },
    });
    await harness.platform.app.listen({ port: 0, host: '127.0.0.1' });
    port = (harness.platform.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const call of open) call.destroy();
    await harness?.close();
  });

  it('takes 3 from one address, refuses the rest of a flood, and 5 in all', async () => {
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await connect('127.0.0.1'));
    expect(first.map((stream) => stream.status)).toEqual([200, 200, 200]);
    // A flood of 100 more from the same address: every one refused, in the envelope, with Retry-After.
    const flood = await Promise.all(Array.from({ length: 100 }, () => connect('127.0.0.1')));
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([429]));
    expect(flood[0]!.headers['retry-after']).toBe('30');
    expect(flood[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(flood[0]!.body).toEqual({
      code: 40060,
      message:
        'Your network address already has 3 live leaderboard connections open; close some pages (the leaderboard still loads, without live updates) or try again in 30 seconds',
      data: { max: 3, retryAfterSeconds: 30 },
    });
    const chinese = await connect('127.0.0.1', 'zh-CN');
    expect(chinese.body?.message).toBe(
      '您的网络地址已打开 3 个实时排行榜连接；请关闭部分页面（排行榜仍可查看，只是不再实时更新），或 30 秒后再试',
    );
    // Other addresses share what is left of the process's 5.
    expect((await connect('127.0.0.2')).status).toBe(200);
    expect((await connect('127.0.0.2')).status).toBe(200);
    const full = await connect('127.0.0.3');
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('30');
    expect(full.body).toMatchObject({ code: 40061, data: { max: 5, retryAfterSeconds: 30 } });
    expect(full.body!.message).toMatch(/connection limit/);

    // A closed connection gives its slot back (once the server has seen it close).
    first[0]!.close();
    let again = await connect('127.0.0.3');
    for (let i = 0; i < 50 && again.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await connect('127.0.0.3');
    }
    expect(again.status).toBe(200);
  });
});
