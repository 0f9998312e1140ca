import { multipart } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stream, tusPath } from '../src/submissions/index.ts';
import { type Web, scoringHarness } from './support.ts';

const truth = `id,yield\n${Array.from({ length: 10 }, (_, i) => `r${i},${i}`).join('\n')}\n`;
const good = `id,yield\n${Array.from({ length: 10 }, (_, i) => `r${i},1`).join('\n')}\n`;

/**
 * Issue 22: a submission's optional message (`sais submit -m`, the portal's upload panel), on real
 * PostgreSQL and Kafka: sent as a multipart field or tus metadata, trimmed, kept in the row and in
 * SubmissionReceived, answered by "my submissions"; over 500 characters refused with nothing recorded.
 * No scoring worker runs (the message does not depend on the score).
 */
describe('submission messages', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let origin: string;

  beforeAll(async () => {
    h = await scoringHarness({ SCORING_WORKERS: 'off', SCORING_RUNNER: 'off' });
    origin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const post = (web: Web, fields: Record<string, string>, language = 'en') => {
    const { payload, contentType } = multipart(fields, {
      file: { name: 'result.csv', type: 'text/csv', bytes: Buffer.from(good) },
    });
    return web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload,
      headers: { 'content-type': contentType, 'accept-language': language },
    });
  };
  const mine = async (web: Web, competitionId: string) =>
    (await web.get('/api/submission/mine', { competitionId })).body.data as {
      submissionId: string;
      description: string | null;
    }[];
  const counts = async (competitionId: string) => {
    const row = await sql<{ submissions: number; ledger: number }>`
      select (select count(*) from scoring.submissions where competition_id = ${competitionId})::int as submissions,
        (select count(*) from scoring.quota_ledger where competition_id = ${competitionId})::int as ledger`.execute(
      h.db,
    );
    return row.rows[0]!;
  };
  const received = async (submissionId: string) => {
    const [event] = await h.platform.stores.get('scoring')!.readStream(stream(submissionId));
    return event!.data as { description?: string };
  };

  it('keeps a multipart message, trimmed, in the row, the event and my submissions', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    const message = '  第二版：加了天气特征 / added weather features\n ';
    const answer = await post(web, { competitionId, description: message });
    expect(answer.body.code).toBe(0);
    const id = answer.body.data.submissionId as string;
    const plain = await post(web, { competitionId });
    expect(plain.body.code).toBe(0);
    const rows = await mine(web, competitionId);
    expect(rows.find((s) => s.submissionId === id)?.description).toBe(message.trim());
    expect(rows.find((s) => s.submissionId === plain.body.data.submissionId)?.description).toBeNull();
    expect((await received(id)).description).toBe(message.trim());
    // No message: no field in the event (as older events).
    expect('description' in (await received(plain.body.data.submissionId as string))).toBe(false);
    // 500 characters (Chinese: 1 500 bytes) are taken.
    const longest = '字'.repeat(500);
    const full = await post(web, { competitionId, description: longest });
    expect(full.body.code).toBe(0);
    expect(
      (await mine(web, competitionId)).find((s) => s.submissionId === full.body.data.submissionId),
    ).toMatchObject({ description: longest });
  });

  it('refuses a message over 500 characters in both languages, with nothing recorded', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    const tooLong = 'x'.repeat(501);
    const en = await post(web, { competitionId, description: tooLong });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 40033, data: { max: 500, length: 501 } });
    expect(en.body.message).toContain('at most 500 characters');
    const zh = await post(web, { competitionId, description: '说'.repeat(600) }, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 40033, data: { max: 500, length: 600 } });
    expect(zh.body.message).toContain('最多 500 个字符');
    // Sent after the file, it is refused as well.
    const boundary = '----saismessage';
    const part = (head: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${body}\r\n`;
    const after = await web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload: Buffer.from(
        part('name="competitionId"', competitionId) +
          part('name="file"; filename="result.csv"\r\nContent-Type: text/csv', good) +
          part('name="description"', tooLong) +
          `--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(after.body.code).toBe(40033);
    expect(await counts(competitionId)).toEqual({ submissions: 0, ledger: 0 });
    expect(await mine(web, competitionId)).toEqual([]);
  });

  // Issue 33, finding 6: a NUL reached the database (500); the form field and tus metadata are read by
  // the handlers, so descriptionOf refuses it with the standard validation error.
  it('refuses a message with a NUL character, in the form and in tus metadata, with nothing recorded', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    const form = await post(web, { competitionId, description: 'v2\u0000' }, 'zh-CN');
    expect(form.status).toBe(400);
    expect(form.body).toEqual({
      code: 400,
      message: '文本不能包含空字符（U+0000）',
      data: { field: 'description' },
    });
    const tus = await fetch(`${origin}${tusPath}`, {
      method: 'POST',
      headers: {
        cookie: web.cookie ?? '',
        'accept-language': 'en',
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(Buffer.byteLength(good)),
        'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('ok.csv')},description ${Buffer.from('a\u0000b').toString('base64')}`,
      },
    });
    expect(tus.status).toBe(400);
    expect(await tus.json()).toMatchObject({
      code: 400,
      message: 'Text cannot contain the NUL character (U+0000)',
    });
    expect(await counts(competitionId)).toEqual({ submissions: 0, ledger: 0 });
  });

  it('keeps a tus upload’s message, and refuses a long one when the upload is created', async () => {
    const competitionId = await h.competition(truth);
    const { web } = await h.participant(competitionId);
    const create = (description: string) =>
      fetch(`${origin}${tusPath}`, {
        method: 'POST',
        headers: {
          cookie: web.cookie ?? '',
          'accept-language': 'zh-CN',
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(Buffer.byteLength(good)),
          'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('ok.csv')},description ${Buffer.from(description).toString('base64')}`,
        },
      });
    const refused = await create('长'.repeat(501));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('最多 500 个字符');
    expect(await counts(competitionId)).toEqual({ submissions: 0, ledger: 0 });

    const created = await create(' 断点续传 resumable ');
    expect(created.status).toBe(201);
    const patched = await fetch(new URL(created.headers.get('location')!, origin), {
      method: 'PATCH',
      headers: {
        cookie: web.cookie ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.from(good),
    });
    const envelope = (await patched.json()) as { code: number; data: { submissionId: string } };
    expect(envelope.code).toBe(0);
    expect((await mine(web, competitionId))[0]).toMatchObject({
      submissionId: envelope.data.submissionId,
      description: '断点续传 resumable',
    });
    expect((await received(envelope.data.submissionId)).description).toBe('断点续传 resumable');
  });
});
