import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { competitionService } from '@sais/competition';
import { competition as C, systemMetadata } from '@sais/events';
import { Accounts, identityService } from '@sais/identity';
import { client, kafkaBrokers, multipart, platformForTest } from '@sais/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroundTruths, SplitKeys, scoringService } from '../src/index.ts';

const rows = 1_000_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a scoring worker killed mid-evaluation', () => {
  let harness: Awaited<ReturnType<typeof platformForTest>>;
  let env: NodeJS.ProcessEnv;
  const workers = new Set<ChildProcess>();

  function startWorker(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./fixtures/worker-process.ts', import.meta.url))],
      {
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    workers.add(child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    });
  }

  beforeAll(async () => {
    const prefix = `w${randomUUID().slice(0, 8)}.`;
    // The test's own process serves HTTP and projections but runs no scoring worker.
    harness = await platformForTest([identityService, competitionService, scoringService], 'workercrash', {
      env: { KAFKA_BROKERS: kafkaBrokers().join(','), KAFKA_TOPIC_PREFIX: prefix, SAIS_WORKERS: 'off' },
    });
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${(await sql<{ db: string }>`select current_database() as db`.execute(harness.platform.database.db)).rows[0]!.db}`;
    env = {
      ...process.env,
      DATABASE_URL: url.toString(),
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      // Every process of a platform shares its keys folder (personal data is sealed with its keys).
      SAIS_KEYS_DIR: harness.keysDir,
      // The default lease (60 s): a takeover within seconds comes from the dead worker's presence.
      SAIS_SEED: 'off',
    };
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await harness.close();
  });

  it(
    'is taken over by another worker within 10 s and the submission is scored exactly once',
    { timeout: 240_000 },
    async () => {
      const t0 = Date.now();
      const mark = (what: string) =>
        console.log(`[worker-crash] ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const { db } = harness.platform.database;
      const competitionId = randomUUID();
      const day = 86_400_000;
      await harness.platform.stores.get('competition')!.append(
        C.CompetitionCreated.aggregate,
        `competition-${competitionId}`,
        'no_stream',
        [
          {
            type: C.CompetitionCreated.type,
            data: {
              competitionId,
              settings: {
                title: { en: 'Big', 'zh-CN': '大' },
                description: { en: 'd', 'zh-CN': 'd' },
                type: 'Algorithm',
                bonus: 0,
                season: '2027',
                sponsors: [],
                timeZone: 'Asia/Shanghai',
                teamSizeLimit: 1,
                teamFormingAttempts: 1,
                dailySubmissionLimit: 5,
                submissionKinds: ['result-file'],
                teamMergeDeadline: null,
                agreements: [],
              },
            },
          },
          {
            type: C.PhaseScheduled.type,
            data: {
              competitionId,
              phase: 'preliminary',
              startsAt: new Date(Date.now() - day).toISOString(),
              endsAt: new Date(Date.now() + day).toISOString(),
            },
          },
        ],
        systemMetadata(),
      );
      const ids = Array.from({ length: rows }, (_, i) => i);
      await new GroundTruths(db, harness.platform.stores.get('scoring')!, () =>
        SplitKeys.load(harness.platform.config),
      ).upload(
        competitionId,
        'rmse',
        50,
        Buffer.from(`id,value\n${ids.map((i) => `${i},${i % 100}`).join('\n')}\n`),
        systemMetadata(),
      );
      const username = `k${randomUUID().slice(0, 8)}`;
      const accountId = await new Accounts(
        db,
        harness.platform.stores.get('identity')!,
        undefined as never,
        undefined as never,
      ).createStaff(
        {
          username,
          email: `${randomUUID()}@example.org`,
          password: 'secret123',
          roles: [],
        },
        systemMetadata(),
      );
      await harness.platform.stores
        .get('competition')!
        .append(
          C.ParticipantSignedUp.aggregate,
          `registration-${competitionId}-${accountId}`,
          'no_stream',
          [{ type: C.ParticipantSignedUp.type, data: { competitionId, accountId, acceptedAgreements: [] } }],
          systemMetadata(),
        );
      for (let i = 0; i < 200; i++) {
        const ready =
          await sql`select 1 from scoring.registrations r join scoring.competitions c using (competition_id)
        where r.account_id = ${accountId} and c.phases ? 'preliminary'`.execute(db);
        if (ready.rows.length) break;
        await sleep(50);
      }

      mark('data ready');
      const running = await Promise.all([startWorker(), startWorker()]);
      mark('workers ready');
      const web = client(harness.platform.app);
      await web.post('/api/user/login', { username, password: 'secret123' });
      const { payload, contentType } = multipart(
        { competitionId },
        {
          file: {
            name: 'big.csv',
            type: 'text/csv',
            bytes: Buffer.from(
              `id,value\n${ids
                .reverse()
                .map((i) => `${i},${(i % 100) + 1}`)
                .join('\n')}\n`,
            ),
          },
        },
      );
      const uploaded = await web.raw({
        method: 'POST',
        url: '/api/submission/upload',
        payload,
        headers: { 'content-type': contentType },
      });
      const submissionId = uploaded.body.data.submissionId as string;
      const stream = `submission-${submissionId}`;
      const started = () =>
        sql<{ worker: string; at: Date }>`select data->>'worker' as worker, occurred_at as at
      from scoring.events where stream_id = ${stream} and type = 'scoring.EvaluationStarted'
      order by stream_version`.execute(db);

      for (let i = 0; i < 600 && (await started()).rows.length === 0; i++) await sleep(20);
      mark('evaluation started');
      // Worker ids are host:pid:random; kill the one that holds the submission.
      const holder = (await started()).rows[0]!.worker;
      const victim = running.find((worker) => holder.split(':')[1] === String(worker.pid))!;
      const killedAt = Date.now();
      victim.kill('SIGKILL');
      workers.delete(victim);
      for (let i = 0; i < 300 && (await started()).rows.length < 2; i++) await sleep(50);
      const takenOverAt = new Date((await started()).rows[1]!.at).getTime();
      mark(`taken over after ${((takenOverAt - killedAt) / 1000).toFixed(1)} s`);
      expect(takenOverAt - killedAt).toBeLessThan(10_000);

      let status = '';
      for (let i = 0; i < 600 && !['Completed', 'Invalid', 'Failed'].includes(status); i++) {
        await sleep(100);
        status = (
          await sql<{
            status: string;
          }>`select status from scoring.submissions where submission_id = ${submissionId}`.execute(db)
        ).rows[0]!.status;
      }
      mark(`finished: ${status}`);
      expect(status).toBe('Completed');
      const workersSeen = (await started()).rows.map((row) => row.worker);
      expect(workersSeen.length).toBeGreaterThanOrEqual(2);
      expect(new Set(workersSeen).size).toBeGreaterThanOrEqual(2);
      const scored = await sql<{
        n: number;
      }>`select count(*)::int as n from scoring.events where stream_id = ${stream} and type = 'scoring.SubmissionScored'`.execute(
        db,
      );
      expect(scored.rows[0]!.n).toBe(1);
    },
  );
});
