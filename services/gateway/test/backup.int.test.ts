import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Platform } from '@sais/kit/platform';
import { freshDatabase, kafkaBrokers, png } from '@sais/kit/testing';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../../infra/test/containers.ts';
import { createAllInOne, repositoryRoot } from '../src/platform.ts';
import { caller, eventually, finished, submitToSeededTrack } from './support.ts';

const run = promisify(execFile);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function folder(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `sais-backup-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run <script> -- args` as an operator types it, with the platform's settings in the environment. */
async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = await run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
  }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
    stdout: error.stdout ?? '',
    stderr: `${error.stderr ?? ''} (exit ${error.code})`,
  }));
  return { ...result, output: `${result.stdout}${result.stderr}` };
}

interface Setup {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  keysDir: string;
}

async function start({ env, dataDir, keysDir }: Setup): Promise<{ platform: Platform; origin: string }> {
  const platform = await createAllInOne({ dataDir, keysDir, env }, pino({ level: 'silent' }));
  const origin = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  return { platform, origin };
}

/**
 * Everything a participant, a staff member and a visitor can read after the journey: the answers of the
 * calls the portal and the console make, as data.
 */
async function answers(
  origin: string,
  who: { participant: ReturnType<typeof caller>; staff: ReturnType<typeof caller> },
  competitionId: string,
) {
  const { participant, staff } = who;
  const visitor = caller(origin);
  const calls: [ReturnType<typeof caller>, string][] = [
    [participant, '/user/detail'],
    [participant, '/user/getAuthentication'],
    [participant, '/notify/page?pageNum=1&pageSize=50'],
    [participant, '/race/userRaceList?pageNum=1&pageSize=50'],
    [participant, `/race/detail?competitionId=${competitionId}`],
    [participant, `/race/files?competitionId=${competitionId}`],
    [participant, `/team/myTeam?competitionId=${competitionId}`],
    [participant, `/submission/mine?competitionId=${competitionId}`],
    [participant, `/leaderboard/public?competitionId=${competitionId}`],
    [participant, `/leaderboard/private?competitionId=${competitionId}&phase=preliminary`],
    [visitor, '/race/list?pageSize=50'],
    [visitor, `/leaderboard/public?competitionId=${competitionId}`],
    [staff, '/user/detail'],
    [staff, `/admin/submissions?competitionId=${competitionId}`],
    [staff, '/admin/users'],
    [staff, '/admin/teams'],
    [staff, `/admin/leaderboard/seal?competitionId=${competitionId}&phase=preliminary`],
  ];
  const seen: Record<string, unknown> = {};
  for (const [who, path] of calls) {
    const answer = await who<unknown>('GET', path);
    seen[`${who === participant ? 'participant' : who === staff ? 'staff' : 'visitor'} ${path}`] = answer;
  }
  return seen;
}

/** The platform's data after a participant's whole journey: verified, signed up, in a team, scored, published. */
async function journey(origin: string) {
  const { participant, staff, competitionId } = await submitToSeededTrack(origin);
  const team = await participant<{ teamId: string }>('POST', '/team/create', {
    competitionId,
    name: '备份测试队',
  });
  expect(team.code).toBe(0);
  expect((await staff('POST', '/admin/leaderboard/seal', { competitionId, phase: 'preliminary' })).code).toBe(
    0,
  );
  // The seeded tracks carry prize money: one operator proposes, a different one approves (issue 19).
  const phase = { competitionId, phase: 'preliminary', reason: 'final results checked' };
  // Final results once the phase has ended (issue 30): the operator closes it; scoring hears of it by event.
  expect(
    (await staff('POST', `/admin/competitions/${competitionId}/phases/preliminary/close`, {})).code,
  ).toBe(0);
  await eventually(async () => {
    const proposed = await staff('POST', '/admin/leaderboard/publication/propose', phase);
    return proposed.code === 0 ? true : undefined;
  }, 'the proposal once scoring knows the phase ended');
  const second = caller(origin);
  expect((await second('POST', '/user/login', { username: 'second2027', password: 'Second1234' })).code).toBe(
    0,
  );
  expect((await second('POST', '/admin/leaderboard/publication/approve', phase)).code).toBe(0);
  await eventually(async () => {
    const board = await participant<{ records: unknown[] }>(
      'GET',
      `/leaderboard/private?competitionId=${competitionId}&phase=preliminary`,
    );
    return board.code === 0 && board.data.records.length > 0 ? true : undefined;
  }, 'the published private board');
  return { participant, staff, competitionId };
}

async function createAccounts(env: NodeJS.ProcessEnv) {
  for (const args of [
    ['create', 'alice2027', 'alice2027@example.org', 'Alice1234'],
    ['create', 'staff2027', 'staff2027@example.org', 'Staff1234', 'reviewer', 'operator', 'admin'],
    ['create', 'second2027', 'second2027@example.org', 'Second1234', 'operator'],
  ]) {
    const result = await npmRun('admin', args, env);
    expect(result.output).not.toMatch(/error|exit [1-9]/i);
  }
}

describe('npm run backup / npm run restore', () => {
  it('real mode: an online backup restored into another PostgreSQL server answers every call as before, and scoring goes on', async () => {
    const fresh = await freshDatabase('backup');
    await fresh.database.close();
    cleanups.push(() => fresh.drop());
    const before: Setup = {
      env: {
        DATABASE_URL: fresh.url,
        KAFKA_BROKERS: kafkaBrokers().join(','),
        KAFKA_TOPIC_PREFIX: `b${randomUUID().slice(0, 8)}.`,
        SAIS_CHECKPOINT_INTERVAL_MS: '300',
      },
      dataDir: await folder('data'),
      keysDir: await folder('keys'),
    };
    const first = await start(before);
    cleanups.push(() => first.platform.close());
    await createAccounts({ ...before.env, SAIS_DATA_DIR: before.dataDir, SAIS_KEYS_DIR: before.keysDir });
    const who = await journey(first.origin);
    const expected = await answers(first.origin, who, who.competitionId);

    const out = join(await folder('out'), 'backup');
    const made = await npmRun('backup', [out], {
      ...before.env,
      SAIS_DATA_DIR: before.dataDir,
      SAIS_KEYS_DIR: before.keysDir,
    });
    expect(made.output).toContain('NOT in the backup');
    expect((await readdir(out)).sort()).toEqual(['database.pgdump', 'files.tar.gz', 'manifest.json']);
    await first.platform.close();

    // The old server is gone: a new PostgreSQL server (its own transaction ids), an empty data folder,
    // the keys copied back from where the operator keeps them, a Kafka without the old topics.
    const server = await startPostgres();
    cleanups.push(() => server.stop());
    const after: Setup = {
      env: { ...before.env, DATABASE_URL: server.url, KAFKA_TOPIC_PREFIX: `r${randomUUID().slice(0, 8)}.` },
      dataDir: await folder('restored'),
      keysDir: before.keysDir,
    };
    const restored = await npmRun('restore', [out], {
      ...after.env,
      SAIS_DATA_DIR: after.dataDir,
      SAIS_KEYS_DIR: after.keysDir,
    });
    expect(restored.output).toContain(
      'VERIFIED: rows equal the backup, chains hold, read models equal the events',
    );
    expect(restored.output).toMatch(/scoring: \d+ events/);

    const second = await start(after);
    cleanups.push(() => second.platform.close());
    // The same sessions, now answered by the restored platform.
    const moved = {
      participant: rebase(who.participant, second.origin),
      staff: rebase(who.staff, second.origin),
    };
    expect(await answers(second.origin, moved, who.competitionId)).toEqual(expected);
    // The document photo still opens: the keys came back with the data.
    const verifications = await moved.staff<{ id: string }[]>(
      'GET',
      `/admin/verifications?filter=${encodeURIComponent(JSON.stringify({ status: 'approved' }))}`,
    );
    const photo = await moved.staff.download(
      `/user/review/photo?verificationId=${verifications.data[0]!.id}&index=0`,
    );
    expect(photo.equals(png)).toBe(true);

    // New work flows through the restored event log: a second upload is scored.
    const upload = new FormData();
    upload.append('competitionId', who.competitionId);
    const files = await moved.participant<{ fileId: string; name: string }[]>(
      'GET',
      `/race/files?competitionId=${who.competitionId}`,
    );
    const sample = files.data.find((file) => file.name === 'sample_submission.csv')!;
    const csv = await moved.participant.download(`/race/download?fileId=${sample.fileId}`);
    upload.append('file', new Blob([csv], { type: 'text/csv' }), 'again.csv');
    // The preliminary phase ended and its results are published (issue 30: it takes no more
    // submissions): the operator opens the semi-final now, and scoring hears of it by event.
    expect(
      (await moved.staff('POST', `/admin/competitions/${who.competitionId}/phases/semi-final/open`, {})).code,
    ).toBe(0);
    const accepted = await eventually(async () => {
      const answer = await moved.participant<{ submissionId: string }>('POST', '/submission/upload', upload);
      return answer.code === 0 ? answer : undefined;
    }, 'an upload into the semi-final');
    expect((await finished(moved.participant, who.competitionId, accepted.data.submissionId)).status).toBe(
      'Completed',
    );
    // The restored leaf numbers go on: every scoring event, old and new, is in a signed checkpoint.
    const events = await sql<{ count: number }>`select count(*)::int as count from scoring.events`.execute(
      second.platform.database.db,
    );
    await eventually(async () => {
      const log = await moved.participant<{ latest: { treeSize: number } | null }>(
        'GET',
        '/transparency/scoring/checkpoints',
      );
      return (log.data.latest?.treeSize ?? 0) >= events.rows[0]!.count ? true : undefined;
    }, 'a checkpoint covering every scoring event');
  }, 300_000);

  it('embedded default: refuses while npm start runs, restores into an empty folder, keys sealed with a passphrase', async () => {
    const setup: Setup = {
      env: {},
      dataDir: await folder('embedded'),
      keysDir: await folder('embedded-keys'),
    };
    const first = await start(setup);
    const toolEnv = {
      SAIS_DATA_DIR: setup.dataDir,
      SAIS_KEYS_DIR: setup.keysDir,
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
    };
    const out = join(await folder('embedded-out'), 'backup');
    const refused = await npmRun('backup', [out], toolEnv);
    expect(refused.output).toContain(`is in use by process ${process.pid}`);
    // Accounts come from the command line while the platform is stopped, as the README says.
    await first.platform.close();
    await createAccounts(toolEnv);
    const running = await start(setup);
    const who = await journey(running.origin);
    const expected = await answers(running.origin, who, who.competitionId);
    await running.platform.close();

    const passphrase = { SAIS_BACKUP_PASSPHRASE: 'correct horse battery staple' };
    const made = await npmRun('backup', [out, '--with-keys'], { ...toolEnv, ...passphrase });
    expect(made.output).toContain('(sealed in keys.enc)');

    const target = {
      ...toolEnv,
      SAIS_DATA_DIR: await folder('embedded-restored'),
      SAIS_KEYS_DIR: join(await folder('new-keys'), 'keys'),
    };
    const noKeys = await npmRun('restore', [out], target);
    expect(noKeys.output).toContain("does not hold this backup's keys");
    const wrong = await npmRun('restore', [out, '--with-keys'], {
      ...target,
      SAIS_BACKUP_PASSPHRASE: 'not the passphrase',
    });
    expect(wrong.output).toContain('does not open with this passphrase');
    const restored = await npmRun('restore', [out, '--with-keys'], { ...target, ...passphrase });
    expect(restored.output).toContain('VERIFIED');
    const again = await npmRun('restore', [out, '--with-keys'], { ...target, ...passphrase });
    expect(again.output).toContain('already holds');

    const second = await start({ env: {}, dataDir: target.SAIS_DATA_DIR, keysDir: target.SAIS_KEYS_DIR });
    cleanups.push(() => second.platform.close());
    const moved = {
      participant: rebase(who.participant, second.origin),
      staff: rebase(who.staff, second.origin),
    };
    expect(await answers(second.origin, moved, who.competitionId)).toEqual(expected);
  }, 300_000);
});

function rebase(from: ReturnType<typeof caller>, origin: string): ReturnType<typeof caller> {
  return from.withOrigin(origin);
}
