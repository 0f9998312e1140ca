import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { competitionService } from '@sais/competition';
import { errorCodes, messages } from '@sais/events';
import { identityService } from '@sais/identity';
import { type Platform, type ServiceDefinition, createPlatform } from '@sais/kit/platform';
import { client, kafkaBrokers, multipart, png } from '@sais/kit/testing';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringService } from '../src/index.ts';
import { Submissions } from '../src/submissions/index.ts';
import { scoringWorkers } from '../src/workers/scoring-workers.ts';
import { csv, scoringHarness, system } from './support.ts';

/**
 * A data volume with less free space than SAIS_MIN_FREE_DISK_MB (set far above any real free space here):
 * every upload is refused before a byte is read, readiness says why, and workers claim nothing until
 * there is room again.
 */
describe('a nearly full data volume', () => {
  let h: Awaited<ReturnType<typeof scoringHarness>>;
  let full: Platform;
  let root: string;
  const noRoom = String(1024 ** 4); // MB: a petabyte

  beforeAll(async () => {
    const topicPrefix = `d${randomUUID().slice(0, 8)}.`;
    h = await scoringHarness({ SAIS_WORKERS: 'off', KAFKA_TOPIC_PREFIX: topicPrefix });
    root = await mkdtemp(join(tmpdir(), 'sais-disk-'));
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${(await sql<{ db: string }>`select current_database() as db`.execute(h.db)).rows[0]!.db}`;
    // An API process on the same database whose data volume is "full".
    full = await createPlatform({
      services: [identityService, competitionService, scoringService].map((service): ServiceDefinition => ({
        ...service,
        projections: () => [],
        workers: () => [],
      })),
      config: {
        dataDir: join(root, 'data'),
        keysDir: h.keysDir, // the platform's processes share its keys
        env: {
          DATABASE_URL: url.toString(),
          KAFKA_BROKERS: kafkaBrokers().join(','),
          KAFKA_TOPIC_PREFIX: topicPrefix,
          SAIS_SEED: 'off',
          SAIS_MIN_FREE_DISK_MB: noRoom,
        },
      },
      logger: pino({ level: 'silent' }),
    });
    await full.app.ready();
  });
  afterAll(async () => {
    await full?.close();
    await h?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('refuses every kind of upload with 507 in both languages, writes nothing, and is not ready', async () => {
    const competitionId = await h.competition(csv((i) => i * 5));
    const person = await h.participant(competitionId);
    const web = client(full.app);
    await web.post('/api/user/login', { username: person.username, password: 'secret123' });
    const result = multipart(
      { competitionId },
      { file: { name: 'result.csv', type: 'text/csv', bytes: Buffer.from(csv((i) => i)) } },
    );
    const photo = multipart(
      { name: '张三', certificateType: '0', certificateNumber: '110101199003077777' },
      {
        front: { name: 'front.png', type: 'image/png', bytes: png },
        back: { name: 'back.png', type: 'image/png', bytes: png },
      },
    );
    const refusals = [
      { method: 'POST', url: '/api/submission/upload', payload: result.payload, type: result.contentType },
      {
        method: 'POST',
        url: '/api/user/submitAuthentication',
        payload: photo.payload,
        type: photo.contentType,
      },
      { method: 'POST', url: '/api/admin/groundtruth', payload: result.payload, type: result.contentType },
    ] as const;
    for (const { method, url, payload, type } of refusals) {
      const response = await web.raw({ method, url, payload, headers: { 'content-type': type } });
      expect(response.status, url).toBe(507);
      expect(response.body).toMatchObject({
        code: errorCodes.insufficientStorage,
        message: messages.storageFull.en,
      });
    }
    const chinese = client(full.app, 'zh-CN');
    const inChinese = await chinese.raw({
      method: 'POST',
      url: '/api/submission/upload',
      payload: result.payload,
      headers: { 'content-type': result.contentType, cookie: web.cookie! },
    });
    expect(inChinese.body.message).toBe(messages.storageFull['zh-CN']);
    // Resumable uploads: neither a creation nor a chunk of an upload gets through.
    const tusHeaders = { 'tus-resumable': '1.0.0' };
    const created = await web.raw({
      method: 'POST',
      url: '/api/submission/tus',
      headers: {
        ...tusHeaders,
        'upload-length': '1000',
        'upload-metadata': `competitionId ${Buffer.from(competitionId).toString('base64')},filename ${Buffer.from('r.csv').toString('base64')}`,
      },
    });
    expect(created.status).toBe(507);
    const chunk = await full.app.inject({
      method: 'PATCH',
      url: `/api/submission/tus/${randomUUID()}`,
      payload: Buffer.alloc(100),
      headers: {
        ...tusHeaders,
        cookie: web.cookie!,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(chunk.statusCode).toBe(507);
    // Nothing half-written: no submission, no partial upload on disk.
    const stored = await sql<{ n: number }>`select count(*)::int as n from scoring.submissions
      where competition_id = ${competitionId}`.execute(h.db);
    expect(stored.rows[0]!.n).toBe(0);
    expect(await readdir(join(root, 'data', 'uploads')).catch(() => [])).toEqual([]);
    // Readiness names the condition.
    const ready = await web.raw({ method: 'GET', url: '/api/ready' });
    expect(ready.status).toBe(503);
    expect(ready.body.data.checks.disk).toMatch(/SAIS_MIN_FREE_DISK_MB/);
    expect((await client(h.platform.app).raw({ method: 'GET', url: '/api/ready' })).status).toBe(200);
  });

  it('workers claim nothing while the volume is full, and score what waited once there is room', async () => {
    const competitionId = await h.competition(csv((i) => i * 5));
    const person = await h.participant(competitionId);
    const store = h.platform.stores.get('scoring')!;
    const env: NodeJS.ProcessEnv = { SCORING_SWEEP_MS: '200', SAIS_MIN_FREE_DISK_MB: noRoom };
    const workers = scoringWorkers({
      db: h.db,
      store,
      config: { dataDir: join(root, 'workers'), env },
      logger: pino({ level: 'silent' }),
    });
    try {
      const { submissionId } = await new Submissions(h.db, store).receive(
        {
          competitionId,
          accountId: person.accountId,
          fileName: 'r.csv',
          bytes: Buffer.from(csv((i) => i * 5)),
        },
        system(),
      );
      const status = async () =>
        (
          await sql<{ status: string }>`select status from scoring.submissions
            where submission_id = ${submissionId}`.execute(h.db)
        ).rows[0]!.status;
      const [received] = (await store.readStream(`submission-${submissionId}`)).slice(0, 1);
      await workers.handleBatch([received!]);
      // Several sweeps later (every 200 ms, after 400 ms): still untouched.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await status()).toBe('Waiting');
      env.SAIS_MIN_FREE_DISK_MB = '0';
      let now = await status();
      for (let i = 0; i < 100 && now !== 'Completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await status();
      }
      expect(now).toBe('Completed');
    } finally {
      await workers.stop?.();
    }
  });
});
