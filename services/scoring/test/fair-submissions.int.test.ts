import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { scoring as S } from '@sais/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRefusalsPerDay, tusPath } from '../src/submissions/index.ts';
import { Evaluator } from '../src/workers/evaluator.ts';
import { type Web, scoringHarness, waitFor } from './support.ts';

/** Truth values nobody would type: a sample that carried one would show it. */
const trueValue = (i: number) => (1000.125 + i * 7.3125).toFixed(4);
const ids = Array.from({ length: 30 }, (_, i) => `r${i}`);
const truth = `id,yield\n${ids.map((id, i) => `${id},${trueValue(i)}`).join('\n')}\n`;
const good = `id,yield\n${ids.map((id) => `${id},1000`).join('\n')}\n`;
/** The header is right, an id is not: refused by the scorer (Invalid). */
const badIds = `id,yield\n${ids.map((id, i) => `${i === 3 ? 'nope' : id},1`).join('\n')}\n`;

/**
 * Decision 0020 on real PostgreSQL and Kafka: files refused for their format give their allowance back
 * up to a daily cap; the header is checked as the upload streams; the sample submission; the queue's
 * places and estimates; cancelling a waiting submission, also against a worker claiming it. This
 * process runs no scoring worker (SCORING_WORKERS=off): the tests drive an Evaluator themselves, so
 * submissions wait exactly as long as a test wants.
 */
describe('fair submission rules and the queue', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let origin: string;
  let evaluator: Evaluator;

  beforeAll(async () => {
    h = await scoringHarness({ SCORING_WORKERS: 'off', SCORING_RUNNER: 'off' });
    origin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
    evaluator = new Evaluator(h.db, h.platform.stores.get('scoring')!, {
      workerId: `test-${randomUUID().slice(0, 8)}`,
      leaseMs: 60_000,
      maxAttempts: 3,
      backoffMs: 20,
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  const evaluate = (submissionId: string) => evaluator.evaluate(submissionId, randomUUID());
  const remaining = async (web: Web, competitionId: string) =>
    (await web.get('/api/submission/remaining', { competitionId })).body.data as {
      used: number;
      remaining: number;
      formatRefusals: { limit: number; used: number; remaining: number };
    };
  const mine = async (web: Web, competitionId: string) =>
    (await web.get('/api/submission/mine', { competitionId })).body.data as {
      submissionId: string;
      status: string;
      queue: {
        place: number;
        ahead: number;
        estimatedStart: string | null;
        estimatedFinish: string | null;
      } | null;
    }[];
  const history = (submissionId: string) =>
    h.platform.stores.get('scoring')!.readStream(`submission-${submissionId}`);

  it('a file refused for its format leaves the allowance unchanged; the day’s format refusals count it up to the cap', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 3 });
    const { web, accountId } = await h.participant(competitionId);

    // Refused by the scorer (a wrong id): Invalid, its allowance back through a QuotaRefunded event.
    const invalid = await h.upload(web, competitionId, badIds);
    expect((await remaining(web, competitionId)).used).toBe(1);
    await evaluate(invalid);
    expect((await mine(web, competitionId))[0]).toMatchObject({ submissionId: invalid, status: 'Invalid' });
    expect(await remaining(web, competitionId)).toMatchObject({
      used: 0,
      remaining: 3,
      columns: 'id,yield',
      formatRefusals: { limit: formatRefusalsPerDay, used: 1, remaining: formatRefusalsPerDay - 1 },
    });
    const refund = (await history(invalid)).find((event) => event.type === S.QuotaRefunded.type);
    expect(refund?.data).toMatchObject({ submissionId: invalid, reason: 'format' });
    // The team service's mirror (the merge rule, decision 0005) follows the refund.
    await waitFor(
      () => sql`select 1 from team.counted_submissions where submission_id = ${invalid}`.execute(h.db),
      (result) => result.rows.length === 0,
      'the team mirror to drop the refunded submission',
    );

    // Refused while uploading (a wrong header): no submission, no allowance, one more format refusal.
    const wrong = await h.post(web, competitionId, good.replace('id,yield', 'id,target'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 40030,
      data: { expected: 'id,yield', found: 'id,target' },
      message:
        'The first line of the file must be exactly “id,yield”; this file’s first line is “id,target”. The file was not accepted and used none of today’s submissions',
    });
    expect(await remaining(web, competitionId)).toMatchObject({ used: 0, formatRefusals: { used: 2 } });
    const refusals = await sql<{ n: number }>`select count(*)::int as n from scoring.events
      where type = ${S.ResultFileRefused.type} and data ->> 'submitterId' = ${accountId}`.execute(h.db);
    expect(refusals.rows[0]!.n).toBe(1);

    // A good file uses the allowance as always.
    const scored = await h.upload(web, competitionId, good);
    await evaluate(scored);
    expect(await remaining(web, competitionId)).toMatchObject({ used: 1, formatRefusals: { used: 2 } });

    // Up to the cap, then a clear refusal before the file is read, in both languages.
    for (let i = 2; i < formatRefusalsPerDay; i++)
      expect((await h.post(web, competitionId, 'ID,YIELD\nr0,1\n')).body.code).toBe(40030);
    expect((await remaining(web, competitionId)).formatRefusals).toEqual({
      limit: formatRefusalsPerDay,
      used: formatRefusalsPerDay,
      remaining: 0,
    });
    const capped = await h.post(web, competitionId, good);
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({ code: 40029, data: { limit: formatRefusalsPerDay } });
    expect(capped.body.message).toContain(`${formatRefusalsPerDay} files refused for their format today`);
    const zh = await web.raw({
      method: 'GET',
      url: `/api/submission/remaining?competitionId=${competitionId}`,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.code).toBe(0);
    const { payload, contentType } = (await import('@sais/kit/testing')).multipart(
      { competitionId },
      { file: { name: 'r.csv', type: 'text/csv', bytes: Buffer.from(good) } },
    );
    const cappedZh = await web.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'zh-CN' },
    });
    expect(cappedZh.body.message).toBe(
      `您的队伍今日已有 ${formatRefusalsPerDay} 个文件因格式问题被拒收；请对照提交样例检查文件，明天再提交（次数在比赛时区的零点重置）`,
    );
    expect((await remaining(web, competitionId)).used).toBe(1);
  });

  it('refuses a wrong header in the first kilobytes of a large upload, before the rest is sent', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 3 });
    const { web } = await h.participant(competitionId);
    const boundary = 'sais-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="competitionId"\r\n\r\n${competitionId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n` +
        'id,prediction\nr0,1\n',
    );
    const declaredFile = 15 * (1 << 20);
    const length = head.length + declaredFile + `\r\n--${boundary}--\r\n`.length;
    const answer = await new Promise<{
      status: number;
      body: { code: number; message: string; data: unknown };
    }>((resolve, reject) => {
      const request = httpRequest(`${origin}/api/submission/upload`, {
        method: 'POST',
        headers: {
          cookie: web.cookie ?? '',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
          'accept-language': 'zh-CN',
        },
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) });
          request.destroy();
        });
      });
      request.on('error', reject);
      // Only the fields and the first line go out (under 1 KB of the declared 15 MB): a server that
      // read the whole file before looking at its header would never answer.
      request.write(head);
      setTimeout(() => reject(new Error('no answer before the body was sent')), 20_000).unref();
    });
    expect(head.length).toBeLessThan(1024);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 40030,
      data: { expected: 'id,yield', found: 'id,prediction' },
    });
    expect(answer.body.message).toBe(
      '文件第一行必须正好是“id,yield”，而此文件第一行为“id,prediction”。该文件未被接收，不占用今日提交次数',
    );
    expect(await remaining(web, competitionId)).toMatchObject({ used: 0, formatRefusals: { used: 1 } });
    // A header the scorer takes (quoted fields, a BOM, CRLF) is taken while streaming too.
    const quoted = await h.upload(
      web,
      competitionId,
      `\uFEFF"id","yield"\r\n${good.split('\n').slice(1).join('\r\n')}`,
    );
    await evaluate(quoted);
    expect((await mine(web, competitionId))[0]).toMatchObject({ submissionId: quoted, status: 'Completed' });
  });

  it('refuses a wrong header in the first kilobytes of a resumable (tus) upload, and takes a right one', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 3 });
    const { web } = await h.participant(competitionId);
    const declared = 30 * (1 << 20);
    const create = await fetch(`${origin}${tusPath}`, {
      method: 'POST',
      headers: {
        cookie: web.cookie ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(declared),
        'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('big.csv')}`,
      },
    });
    expect(create.status).toBe(201);
    const location = new URL(create.headers.get('location')!, origin);
    const first = Buffer.from('id,score\nr0,1\n');
    const answer = await new Promise<{ status: number; body: { code: number; data: unknown } }>(
      (resolve, reject) => {
        const request = httpRequest(location, {
          method: 'PATCH',
          headers: {
            cookie: web.cookie ?? '',
            'accept-language': 'en',
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': declared,
          },
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.write(first); // and nothing more of the declared 30 MB
        setTimeout(() => reject(new Error('no answer before the body was sent')), 20_000).unref();
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 40030, data: { expected: 'id,yield', found: 'id,score' } });
    expect(await remaining(web, competitionId)).toMatchObject({ used: 0, formatRefusals: { used: 1 } });
    // The refused upload is gone.
    const gone = await fetch(location, {
      method: 'HEAD',
      headers: { cookie: web.cookie ?? '', 'Tus-Resumable': '1.0.0' },
    });
    expect([404, 410]).toContain(gone.status);

    // A right header goes through to tus, the first bytes put back in front of the rest.
    const bytes = Buffer.from(good);
    const created = await fetch(`${origin}${tusPath}`, {
      method: 'POST',
      headers: {
        cookie: web.cookie ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('ok.csv')}`,
      },
    });
    const patched = await fetch(new URL(created.headers.get('location')!, origin), {
      method: 'PATCH',
      headers: {
        cookie: web.cookie ?? '',
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    const envelope = (await patched.json()) as { code: number; data: { submissionId: string } };
    expect(envelope.code).toBe(0);
    await evaluate(envelope.data.submissionId);
    expect((await mine(web, competitionId))[0]).toMatchObject({
      submissionId: envelope.data.submissionId,
      status: 'Completed',
    });
    expect((await remaining(web, competitionId)).used).toBe(1);
  });

  it('offers a sample submission: every id, sorted, with a placeholder; never a true value', async () => {
    const shuffled = `id,yield\n${[...ids.keys()]
      .sort((a, b) => ((a * 17) % 30) - ((b * 17) % 30))
      .map((i) => `${ids[i]},${trueValue(i)}`)
      .join('\n')}\n`;
    const competitionId = await h.competition(shuffled);
    const { web } = await h.participant(competitionId);
    const response = await web.raw({
      method: 'GET',
      url: `/api/submission/sample?competitionId=${competitionId}`,
    });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain('sample_submission.csv');
    const text = response.rawPayload.toString('utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('id,yield');
    expect(lines.slice(1)).toEqual([...ids].sort().map((id) => `${id},0`));
    for (let i = 0; i < ids.length; i++) expect(text).not.toContain(trueValue(i));
    expect(text).not.toMatch(/\d+\.\d+/);
    // Its size, columns and rows, as the data tab shows them beside its link.
    const info = await web.raw({
      method: 'GET',
      url: `/api/submission/sample/info?competitionId=${competitionId}`,
    });
    expect(info.body).toMatchObject({
      code: 0,
      data: {
        name: 'sample_submission.csv',
        size: response.rawPayload.length,
        columns: ['id', 'yield'],
        rows: ids.length,
      },
    });
    // The sample is a valid file: submitted as it is, it is scored.
    const submitted = await h.upload(web, competitionId, text);
    await evaluate(submitted);
    expect((await mine(web, competitionId))[0]).toMatchObject({ status: 'Completed' });
    // Only for participants of the competition, and only once there is a ground truth.
    const stranger = await h.account();
    const refused = await stranger.web.raw({
      method: 'GET',
      url: `/api/submission/sample?competitionId=${competitionId}`,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 40002 });
    const refusedInfo = await stranger.web.raw({
      method: 'GET',
      url: `/api/submission/sample/info?competitionId=${competitionId}`,
    });
    expect(refusedInfo.status).toBe(403);
  });

  it('shows each waiting submission’s place and estimated start and finish; a waiting one can be cancelled, its attempt back', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 5 });
    const first = await h.participant(competitionId);
    const second = await h.participant(competitionId);
    // Two finished evaluations give the competition its recent durations.
    for (const id of [
      await h.upload(first.web, competitionId, good),
      await h.upload(first.web, competitionId, good),
    ])
      await evaluate(id);
    const a = await h.upload(first.web, competitionId, good);
    const b = await h.upload(second.web, competitionId, good);
    const c = await h.upload(first.web, competitionId, good);
    const before = Date.now();
    const rows = await mine(first.web, competitionId);
    const queueOf = (id: string) => rows.find((row) => row.submissionId === id)!.queue!;
    expect(queueOf(a)).toMatchObject({ place: 1, ahead: 0 });
    expect(queueOf(c)).toMatchObject({ place: 3, ahead: 2 });
    expect(rows.filter((row) => row.status === 'Completed').every((row) => row.queue === null)).toBe(true);
    const [startA, finishA, startC, finishC] = [
      queueOf(a).estimatedStart,
      queueOf(a).estimatedFinish,
      queueOf(c).estimatedStart,
      queueOf(c).estimatedFinish,
    ].map((at) => Date.parse(at!));
    expect(startA).toBeGreaterThanOrEqual(before - 5_000);
    expect(finishA).toBeGreaterThanOrEqual(startA!);
    expect(startC).toBeGreaterThanOrEqual(finishA! - 1);
    expect(finishC).toBeGreaterThan(startC! - 1);
    expect((await mine(second.web, competitionId))[0]!.queue).toMatchObject({ place: 2, ahead: 1 });

    // Cancel the first waiting one: Cancelled, the allowance back, the others move up.
    expect((await remaining(first.web, competitionId)).used).toBe(4);
    const cancelled = await first.web.post('/api/submission/cancel', { submissionId: a });
    expect(cancelled.body).toMatchObject({ code: 0, data: { submissionId: a, status: 'Cancelled' } });
    expect((await remaining(first.web, competitionId)).used).toBe(3);
    const events = await history(a);
    expect(events.map((event) => event.type)).toEqual([
      S.SubmissionReceived.type,
      S.SubmissionCancelled.type,
      S.QuotaRefunded.type,
    ]);
    expect(events[2]!.data).toMatchObject({ reason: 'cancelled' });
    expect((await mine(second.web, competitionId))[0]!.queue).toMatchObject({ place: 1 });
    // A worker does not take a cancelled submission.
    await evaluate(a);
    expect((await mine(first.web, competitionId)).find((row) => row.submissionId === a)).toMatchObject({
      status: 'Cancelled',
      queue: null,
    });
    // Not twice, not another team's, not once it started.
    const again = await first.web.post('/api/submission/cancel', { submissionId: a });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(40031);
    const others = await first.web.post('/api/submission/cancel', { submissionId: b });
    expect(others.status).toBe(404);
    await evaluate(b);
    const started = await second.web.post('/api/submission/cancel', { submissionId: b });
    expect(started.body).toMatchObject({
      code: 40031,
      message:
        'This submission has already started evaluating (or finished), so it can no longer be cancelled',
    });
    await evaluate(c);
  });

  it('a cancel racing a worker’s claim has exactly one winner', async () => {
    const competitionId = await h.competition(truth, { dailySubmissionLimit: 40 });
    const { web } = await h.participant(competitionId);
    const outcomes = { cancelled: 0, scored: 0 };
    const delays = [0, 1, 2, 3, 5, 8, 12, 16, 20, 30, 45, 60];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < delays.length; round++) {
      const id = await h.upload(web, competitionId, good);
      const [cancel] = await Promise.all([
        web.post('/api/submission/cancel', { submissionId: id }),
        // The workers start a little later each round, so either side gets to be first; a second
        // worker with its own id races as well: two claims and a cancel at once.
        sleep(delays[round]!).then(() => evaluate(id)),
        sleep(delays[round]!).then(() =>
          new Evaluator(h.db, h.platform.stores.get('scoring')!, {
            workerId: `rival-${round}`,
            leaseMs: 60_000,
            maxAttempts: 3,
            backoffMs: 20,
          }).evaluate(id, randomUUID()),
        ),
      ]);
      const types = (await history(id)).map((event) => event.type);
      const ledger = await sql<{ reason: string }>`select reason from scoring.quota_ledger
        where submission_id = ${id} order by entry_id`.execute(h.db);
      if (cancel.body.code === 0) {
        outcomes.cancelled++;
        expect(types).toEqual([S.SubmissionReceived.type, S.SubmissionCancelled.type, S.QuotaRefunded.type]);
        expect(ledger.rows.map((r) => r.reason)).toEqual(['submission', 'cancel-refund']);
      } else {
        outcomes.scored++;
        expect(cancel.body.code).toBe(40031);
        expect(types).not.toContain(S.SubmissionCancelled.type);
        expect(types.filter((type) => type === S.EvaluationStarted.type)).toHaveLength(1);
        expect(types.at(-1)).toBe(S.SubmissionScored.type);
        expect(ledger.rows.map((r) => r.reason)).toEqual(['submission']);
      }
    }
    console.log(`[race] cancel won ${outcomes.cancelled}, a worker won ${outcomes.scored}`);
    expect(outcomes.cancelled + outcomes.scored).toBe(delays.length);
    // Both sides won some rounds: the race was run, not just one order.
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.scored).toBeGreaterThan(0);
    const used = (await remaining(web, competitionId)).used;
    expect(used).toBe(outcomes.scored);
  });
});
