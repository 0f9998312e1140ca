import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competition as C } from '@sais/events';
import { multipart } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResumableUploads, resumablePolicy, tusPath } from '../src/submissions/index.ts';
import { takeContainers } from './containers-support.ts';
import { type Web, csv, scoringHarness, system, waitFor } from './support.ts';

const truth = csv((i) => i);

/**
 * The attacks of issue 18 on the scoring service, each performed and seen refused: images as a port
 * scanner, uploads that exhaust memory and disk, the event log grown by final selections, and sort
 * fields that reach Object.prototype. Real PostgreSQL and Kafka (the harness's).
 */
describe('scoring under attack', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let competitionId: string;
  let origin: string;
  let datasets: string;

  beforeAll(async () => {
    datasets = await mkdtemp(join(tmpdir(), 'sais-security-'));
    h = await scoringHarness({ SCORING_RUNNER: 'off', SCORING_DATASETS_DIR: datasets });
    competitionId = await h.competition(truth, { dailySubmissionLimit: 20 });
    origin = await h.platform.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await rm(datasets, { recursive: true, force: true });
  });

  const submissionsOf = async (accountId: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from scoring.submissions
        where submitter_id = ${accountId}`.execute(h.db)
    ).rows[0]!.n;

  describe('container images as a port scanner (finding 2)', () => {
    it('refuses images on loopback, private and link-local registries with a fixed reason, unless allowed', async () => {
      const containers = await h.competition(truth);
      await takeContainers(h, containers, datasets, truth);
      const person = await h.participant(containers);
      // Upper case in the first part makes it a registry host for Docker (LOCALHOST/x is not Docker Hub's).
      for (const image of [
        '127.0.0.1:22/probe:1',
        '10.0.0.1:2375/probe',
        '169.254.169.254/latest/x',
        'LOCALHOST/probe',
        'LocalHost:2375/probe:1',
        'LOCALHOST.:5432/probe',
      ]) {
        const refused = await person.web.post('/api/submission/container', {
          competitionId: containers,
          image,
        });
        expect(refused.status, image).toBe(400);
        expect(refused.body).toMatchObject({
          code: 40027,
          message:
            'This image’s registry is on a local or private network, which this competition does not allow; push the image to a registry reachable from the internet',
        });
      }
      expect(await submissionsOf(person.accountId)).toBe(0);
      // The operator allows one registry for this competition: that one is taken, no other.
      const stream = `competition-${containers}`;
      const store = h.platform.stores.get('competition')!;
      await store.append(
        C.CompetitionUpdated.aggregate,
        stream,
        (await store.readStream(stream)).length,
        [
          {
            type: C.CompetitionUpdated.type,
            data: { competitionId: containers, changes: { allowedRegistries: ['127.0.0.1:5999'] } },
          },
        ],
        system(),
      );
      await waitFor(
        () =>
          sql`select settings from scoring.competitions where competition_id = ${containers}`.execute(h.db),
        (result) => JSON.stringify(result.rows).includes('127.0.0.1:5999'),
        'the allow list in scoring’s mirror',
      );
      const allowed = await person.web.post('/api/submission/container', {
        competitionId: containers,
        image: '127.0.0.1:5999/team/model:1',
      });
      expect(allowed.body).toMatchObject({ code: 0, data: { status: 'Waiting' } });
      const other = await person.web.post('/api/submission/container', {
        competitionId: containers,
        image: '127.0.0.1:6000/team/model:1',
        confirmStop: true,
      });
      expect(other.body.code).toBe(40027);
    });
  });

  describe('uploads that exhaust memory and disk (finding 3)', () => {
    /**
     * Sends a multipart upload over a real socket, the fields and 1 MB of the file first: the answer
     * arrives before the client sends the remaining `restMb` (it never does, for a refusal).
     */
    function answerBeforeBody(web: Web, competition: string, restMb: number) {
      const boundary = 'sais-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="competitionId"\r\n\r\n${competition}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\nid,yield\n`,
      );
      const first = Buffer.alloc(1 << 20, 'r1,1\n');
      const length = head.length + first.length + restMb * (1 << 20) + `\r\n--${boundary}--\r\n`.length;
      return new Promise<{ status: number; body: { code: number }; sentBytes: number }>((resolve, reject) => {
        const request = httpRequest(`${origin}/api/submission/upload`, {
          method: 'POST',
          headers: {
            cookie: web.cookie ?? '',
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': length,
            'accept-language': 'en',
          },
        });
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            resolve({
              status: response.statusCode!,
              body: JSON.parse(Buffer.concat(chunks).toString()),
              sentBytes: head.length + first.length,
            });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.write(head);
        request.write(first);
        // The rest is never written: a server reading the body first would wait for it.
        setTimeout(() => reject(new Error('no answer before the body was sent')), 20_000).unref();
      });
    }

    it('refuses a user who is not signed up before reading the file (not after 19 MB)', async () => {
      const stranger = await h.account();
      const answer = await answerBeforeBody(stranger.web, competitionId, 19);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(40002);
      expect(answer.sentBytes).toBeLessThan(2 << 20);
    });

    it('refuses a line of 10 million columns while reading it, and a line over 64 KB', async () => {
      const { web, accountId } = await h.participant(competitionId);
      const columns = Buffer.alloc(2 * 1_000_000, '1,'); // the first 1 million of them: enough to show the cap
      const wide = await h.post(web, competitionId, Buffer.concat([Buffer.from('id,yield\n'), columns]));
      expect(wide.status).toBe(400);
      expect(wide.body).toMatchObject({ code: 40017, data: { line: 2, maxColumns: 64 } });
      const long = await h.post(web, competitionId, `id,yield\nr0,${'9'.repeat(70_000)}\n`);
      expect(long.body).toMatchObject({ code: 40016, data: { line: 2 } });
      expect(await submissionsOf(accountId)).toBe(0);
      expect((await web.get('/api/submission/remaining', { competitionId })).body.data.used).toBe(0);
      // A file merely wrong (a row of three columns) still reaches the scorer, which names the problem.
      const wrong = await h.submit(web, competitionId, 'id,yield\nr0,1,2\n');
      expect(wrong.status).toBe('Invalid');
    });

    const create = (web: Web, size: number, competition = competitionId) =>
      fetch(`${origin}${tusPath}`, {
        method: 'POST',
        headers: {
          cookie: web.cookie ?? '',
          'accept-language': 'en',
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(size),
          'Upload-Metadata': `competitionId ${btoa(competition)},filename ${btoa('big.csv')}`,
        },
      });

    it('caps open resumable uploads per account (3, 200 MB declared) and frees a slot on cancel', async () => {
      const { web } = await h.participant(competitionId);
      const statuses = [];
      const locations: string[] = [];
      for (const size of [100 << 20, 90 << 20]) {
        const created = await create(web, size);
        statuses.push(created.status);
        locations.push(created.headers.get('location')!);
      }
      const overSize = await create(web, 20 << 20);
      expect(statuses).toEqual([201, 201]);
      expect(overSize.status).toBe(429);
      expect(await overSize.json()).toMatchObject({ code: 40018 });
      expect((await create(web, 1 << 20)).status).toBe(201);
      const fourth = await create(web, 1 << 20);
      expect(fourth.status).toBe(429);
      // Cancelling one (tus termination) frees its place.
      const cancelled = await fetch(new URL(locations[0]!, origin), {
        method: 'DELETE',
        headers: { cookie: web.cookie ?? '', 'Tus-Resumable': '1.0.0' },
      });
      expect(cancelled.status).toBe(204);
      await expect.poll(async () => (await create(web, 1 << 20)).status).toBe(201);
    });

    it('lets unfinished resumable uploads expire after 2 h: they stop counting and are forgotten', async () => {
      const uploads = new ResumableUploads(h.db);
      const { accountId } = await h.participant(competitionId);
      const now = new Date();
      const at = (msAgo: number) => new Date(now.getTime() - msAgo);
      const { expiresAfterMs } = resumablePolicy;
      // Two opened just over 2 h ago (190 MB declared), one 1 h 59 min ago: only the last counts now.
      const expired = at(expiresAfterMs + 1000);
      await uploads.reserve(accountId, `fresh-${accountId}-1`, 1 << 20, at(expiresAfterMs - 60_000));
      await uploads.reserve(accountId, `expired-${accountId}-1`, 100 << 20, expired);
      await uploads.reserve(accountId, `expired-${accountId}-2`, 90 << 20, expired);
      await uploads.reserve(accountId, `fresh-${accountId}-2`, 100 << 20, now);
      await uploads.reserve(accountId, `fresh-${accountId}-3`, 1 << 20, now);
      // The three fresh ones count: a fourth is refused.
      await expect(uploads.reserve(accountId, `fresh-${accountId}-4`, 1, now)).rejects.toMatchObject({
        code: 40018,
      });
      const rows = async () =>
        (
          await sql<{ upload_id: string }>`select upload_id from scoring.resumable_uploads
            where account_id = ${accountId} order by upload_id`.execute(h.db)
        ).rows.map((row) => row.upload_id.split('-')[0]);
      expect(await rows()).toEqual(['expired', 'expired', 'fresh', 'fresh', 'fresh']);
      await uploads.forgetExpired(now);
      expect(await rows()).toEqual(['fresh', 'fresh', 'fresh']);
      // A minute later the 1 h 59 min one has expired too, and its place is free.
      await uploads.forgetExpired(new Date(now.getTime() + 61_000));
      expect(await rows()).toEqual(['fresh', 'fresh']);
      await uploads.reserve(accountId, `fresh-${accountId}-4`, 1, new Date(now.getTime() + 61_000));
    });

    it('refuses to start an upload for a user not signed up, or of undeclared length', async () => {
      const stranger = await h.account();
      const refused = await create(stranger.web, 1 << 20);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 40002 });
      const { web } = await h.participant(competitionId);
      const deferred = await fetch(`${origin}${tusPath}`, {
        method: 'POST',
        headers: {
          cookie: web.cookie ?? '',
          'Tus-Resumable': '1.0.0',
          'Upload-Defer-Length': '1',
          'Upload-Metadata': `competitionId ${btoa(competitionId)},filename ${btoa('big.csv')}`,
        },
      });
      expect(deferred.status).toBe(400);
    });
  });

  describe('the event log grown by participants (finding 6)', () => {
    const eventsOf = async (accountId: string) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from scoring.events
          where type = 'scoring.FinalSubmissionsSelected' and data->>'selectedBy' = ${accountId}`.execute(
          h.db,
        )
      ).rows[0]!.n;

    it('refuses final selections for a competition or phase that does not exist, appending nothing', async () => {
      const { web, accountId } = await h.participant(competitionId);
      const unknown = await web.post('/api/submission/selectFinal', {
        competitionId: '00000000-0000-4000-8000-000000000000',
        submissionIds: [],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe(40001);
      const phase = await web.post('/api/submission/selectFinal', {
        competitionId,
        submissionIds: [],
        phase: 'final',
      });
      expect(phase.body.code).toBe(40010);
      expect(await eventsOf(accountId)).toBe(0);
      const own = await web.post('/api/submission/selectFinal', {
        competitionId,
        submissionIds: [],
        phase: 'preliminary',
      });
      expect(own.body).toMatchObject({ code: 0, message: 'Modify success' });
      expect(await eventsOf(accountId)).toBe(1);
    });

    it('rate-limits a participant’s calls that append events (60 a minute per account)', async () => {
      const { web, accountId } = await h.participant(competitionId);
      const select = () =>
        web.post('/api/submission/selectFinal', { competitionId, submissionIds: [], phase: 'preliminary' });
      const codes: number[] = [];
      for (let i = 0; i < 61; i++) codes.push((await select()).body.code);
      expect(codes.slice(0, 60).every((code) => code === 0)).toBe(true);
      expect(codes[60]).toBe(429);
      expect(await eventsOf(accountId)).toBe(60);
      // Reads go on.
      expect((await web.get('/api/submission/final', { competitionId })).body.code).toBe(0);
    });
  });

  describe('sort fields (finding 8)', () => {
    it('answers 400, not 500, for sort fields that name Object.prototype members', async () => {
      for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const listed = await h.operator.web.get('/api/admin/submissions', {
          sort: JSON.stringify([field, 'ASC']),
        });
        expect(listed.status, field).toBe(400);
        expect(listed.body).toMatchObject({ code: 400, data: { fields: ['sort'] } });
      }
      const fine = await h.operator.web.get('/api/admin/submissions', {
        sort: JSON.stringify(['publicScore', 'DESC']),
      });
      expect(fine.status).toBe(200);
    });

    it('answers a truncated multipart upload with 400 and a clear message', async () => {
      const { web } = await h.participant(competitionId);
      const { payload, contentType } = multipart(
        { competitionId },
        { file: { name: 'r.csv', type: 'text/csv', bytes: Buffer.from(truth) } },
      );
      const cut = await web.raw({
        method: 'POST',
        url: '/api/submission/upload',
        payload: payload.subarray(0, payload.length - 30),
        headers: { 'content-type': contentType },
      });
      expect(cut.status).toBe(400);
      expect(cut.body.message).toBe(
        'The upload arrived incomplete or is not a valid form; please send it again',
      );
    });
  });
});
