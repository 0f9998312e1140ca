import { type Server, type Socket, connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxMultipartBytes } from '../src/http/routes.ts';
import { tusPath } from '../src/submissions/index.ts';
import { type Web, scoringHarness } from './support.ts';

// 1.2 million rows: the submission is ~26 MB, above the multipart limit, so only tus can bring it.
const rows = 1_200_000;
const lines = (value: (i: number) => string) => {
  const parts = ['id,yield\n'];
  for (let i = 0; i < rows; i++) parts.push(`r${i},${value(i)}\n`);
  return Buffer.from(parts.join(''));
};
const truth = lines((i) => String(i % 1000));
const submission = lines((i) => `${i % 1000}.000001`);

/**
 * A TCP relay in front of the platform that cuts the connection once, after `cutAfter` bytes of
 * request data went through, as a dropped mobile link would.
 */
async function flakyLink(target: number, cutAfter: number) {
  let forwarded = 0;
  let cut = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((downstream) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(downstream).add(upstream);
    downstream.on('data', (chunk: Buffer) => {
      forwarded += chunk.length;
      if (!cut && forwarded > cutAfter) {
        cut = true;
        downstream.destroy();
        upstream.destroy();
        return;
      }
      // Back-pressure, so that what the relay counts is what reached the server's socket.
      if (!upstream.write(chunk)) {
        downstream.pause();
        upstream.once('drain', () => downstream.resume());
      }
    });
    upstream.on('data', (chunk: Buffer) => downstream.write(chunk));
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get forwarded() {
      return forwarded;
    },
    get cut() {
      return cut;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Uploads with tus-js-client as the portal does; resolves with the final response's envelope. */
function tusUpload(
  origin: string,
  web: Web,
  competitionId: string,
  bytes: Buffer,
  retryDelays = [0, 200, 500],
) {
  return new Promise<{ code: number; message: string; data: { submissionId: string } }>((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${origin}${tusPath}`,
      headers: { cookie: web.cookie ?? '', 'accept-language': 'en' },
      metadata: { competitionId, filename: 'big.csv' },
      retryDelays,
      onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody())),
      onError: reject,
    });
    upload.start();
  });
}

describe('resumable result-file uploads (tus)', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let competitionId: string;
  let origin: string;

  beforeAll(async () => {
    h = await scoringHarness();
    competitionId = await h.competition(truth.toString());
    origin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => h.close());

  it('refuses a file above the multipart limit with a clear error', async () => {
    expect(submission.length).toBeGreaterThan(maxMultipartBytes);
    const { web } = await h.participant(competitionId);
    const response = await h.post(web, competitionId, submission.toString());
    expect(response.status).toBe(413);
    expect(response.body.code).not.toBe(0);
  });

  it('resumes after a dropped connection and scores the file once', async () => {
    const { web } = await h.participant(competitionId);
    const cutAfter = Math.floor(submission.length * 0.4);
    const link = await flakyLink(Number(new URL(origin).port), cutAfter);
    try {
      const answer = await tusUpload(`http://127.0.0.1:${link.port}`, web, competitionId, submission);
      expect(answer.code).toBe(0);
      expect(link.cut).toBe(true);
      // Resumed from the server's offset: a restart from byte 0 would send cutAfter + the whole file.
      expect(link.forwarded).toBeLessThan(cutAfter + submission.length * 0.8);
      const row = await h.finished(web, competitionId, answer.data.submissionId);
      expect(row).toMatchObject({ status: 'Completed' });
      expect(row.score).toBeCloseTo(0.000001, 9);
      const mine = await web.get('/api/submission/mine', { competitionId });
      expect(mine.body.data).toHaveLength(1);
      expect((await web.get('/api/submission/remaining', { competitionId })).body.data.used).toBe(1);
    } finally {
      await link.close();
    }
  }, 120_000);

  it('needs a session, and an upload belongs to the account that created it', async () => {
    const response = await fetch(`${origin}${tusPath}`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401 });

    const owner = await h.participant(competitionId);
    const created = await fetch(`${origin}${tusPath}`, {
      method: 'POST',
      headers: {
        cookie: owner.web.cookie ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Length': '10',
        'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('a.csv')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, origin);
    const other = await h.participant(competitionId);
    const peek = await fetch(location, {
      method: 'HEAD',
      headers: { cookie: other.web.cookie ?? '', 'Tus-Resumable': '1.0.0' },
    });
    expect(peek.status).toBe(403);
    const own = await fetch(location, {
      method: 'HEAD',
      headers: { cookie: owner.web.cookie ?? '', 'Tus-Resumable': '1.0.0' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('upload-offset')).toBe('0');
  });

  it('refuses to start an upload for a competition the team cannot submit to today', async () => {
    const { web } = await h.participant(competitionId);
    const refused = await tusUpload(
      origin,
      web,
      '00000000-0000-4000-8000-000000000000',
      Buffer.from('id,yield\n'),
      [],
    ).catch((error: Error) => error);
    expect(String(refused)).toMatch(/40001/);
  });
});
